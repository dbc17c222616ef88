/**
 * A sitemap file name without its sitemap extensions (`.xml`, `.txt`, either gzipped, or a bare
 * `.gz`): the one rule behind export names, keep-format names and comparison CSV names.
 *
 * @example fileStem('shop-sitemap.xml.gz') // 'shop-sitemap'
 */
export function fileStem(fileName: string): string {
  return fileName.replace(/\.(xml|txt)(\.gz)?$|\.gz$/i, '');
}

/**
 * The name of a keep-format export: the opened file's own name when the user kept its stem and
 * the export keeps its compression (`site.gz` stays `site.gz`, not `site.xml.gz`), else
 * `<stem>.<format>`.
 *
 * @example keptFileName('crawl-sitemap.gz', 'crawl-sitemap', 'xml.gz') // 'crawl-sitemap.gz'
 */
export function keptFileName(opened: string | null, stem: string, format: string): string {
  const gz = format.endsWith('.gz');
  if (opened && fileStem(opened) === stem && opened.toLowerCase().endsWith('.gz') === gz) return opened;
  return `${stem}.${format}`;
}
