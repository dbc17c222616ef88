/**
 * Writes a generated sitemap tree to a folder, for the CLI tests and the tree benchmarks: an index
 * `sitemap-index.xml` naming `files` children of `urls` URLs each (every `gzipEvery`-th gzipped),
 * optionally with a missing child, an index that loops back, URLs repeated across files and
 * hreflang pairs split over two files (one of them without its return link). Every file sits in
 * `dir` and is published at the site root.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface TreeOptions {
  files: number;
  urls: number;
  /** Gzip every n-th child (0: none). */
  gzipEvery?: number;
  /** The index also names a child that is not written. */
  missing?: boolean;
  /** A second index that the first names and that names the first back. */
  loop?: boolean;
  /** URLs repeated in the next child (per child). */
  dupes?: number;
  /** hreflang pairs across children 0 and 1 (the last pair lacks its return link). */
  hreflang?: number;
  site?: string;
}

/** What was written: the index path and the number of URLs in the children. */
export interface WrittenTree {
  index: string;
  urls: number;
  children: string[];
}

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"';

/** Writes the tree into `dir`. */
export function writeTree(dir: string, o: TreeOptions): WrittenTree {
  const site = o.site ?? 'https://www.example.com/';
  mkdirSync(dir, { recursive: true });
  const children: string[] = [];
  let total = 0;
  for (let f = 0; f < o.files; f++) {
    const parts: string[] = [`<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n`];
    for (let u = 0; u < o.urls; u++) {
      let loc = `${site}p/${f}/${u}`;
      // The last `dupes` URLs repeat the `dupes` URLs before the same place in the previous file.
      if (o.dupes && f > 0 && u >= o.urls - o.dupes) loc = `${site}p/${f - 1}/${u - o.dupes}`;
      let links = '';
      if (o.hreflang && (f === 0 || f === 1) && u < o.hreflang) {
        const en = `${site}en/${u}`;
        const de = `${site}de/${u}`;
        loc = f === 0 ? en : de;
        const back =
          f === 1 && u === o.hreflang - 1 ? '' : `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`;
        links =
          f === 0
            ? `<xhtml:link rel="alternate" hreflang="en" href="${en}"/><xhtml:link rel="alternate" hreflang="de" href="${de}"/>`
            : `${back}<xhtml:link rel="alternate" hreflang="de" href="${de}"/>`;
      }
      parts.push(`<url><loc>${loc}</loc><lastmod>2024-05-01</lastmod>${links}</url>\n`);
      if (parts.length > 4096) parts.splice(0, parts.length, parts.join(''));
    }
    parts.push('</urlset>\n');
    const xml = parts.join('');
    const gz = o.gzipEvery !== undefined && o.gzipEvery > 0 && f % o.gzipEvery === o.gzipEvery - 1;
    const name = `sitemap-${f}.xml${gz ? '.gz' : ''}`;
    writeFileSync(path.join(dir, name), gz ? gzipSync(xml, { level: 1 }) : xml);
    children.push(name);
    total += o.urls;
  }
  const locs = children.map((c) => `${site}${c}`);
  if (o.missing) locs.push(`${site}sitemap-missing.xml`);
  if (o.loop) {
    locs.push(`${site}index-2.xml`);
    writeFileSync(
      path.join(dir, 'index-2.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>${site}sitemap-index.xml</loc></sitemap>\n</sitemapindex>\n`,
    );
  }
  const index = path.join(dir, 'sitemap-index.xml');
  const items = locs.map((l) => `<sitemap><loc>${l}</loc><lastmod>2024-04-01</lastmod></sitemap>\n`);
  writeFileSync(
    index,
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`,
  );
  return { index, urls: total, children };
}
