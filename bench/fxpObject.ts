/**
 * The object fast-xml-parser's XMLBuilder gets in the serialize benchmarks: the same content and
 * namespaces our serializer writes (built outside the timed section).
 */
import type { SitemapDocument } from '../src/core/model.ts';

export function fxpObject(doc: SitemapDocument): unknown {
  const url = doc.entries.map((e) => {
    const o: Record<string, unknown> = { loc: e.loc };
    if (e.lastmod) o.lastmod = e.lastmod;
    if (e.changefreq) o.changefreq = e.changefreq;
    if (e.priority) o.priority = e.priority;
    if (e.images)
      o['image:image'] = e.images.map((i) => ({ 'image:loc': i.loc, 'image:caption': i.caption }));
    if (e.alternates) {
      o['xhtml:link'] = e.alternates.map((a) => ({
        '@_rel': a.rel,
        '@_hreflang': a.hreflang,
        '@_href': a.href,
      }));
    }
    return o;
  });
  return {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: {
      '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      '@_xmlns:image': 'http://www.google.com/schemas/sitemap-image/1.1',
      '@_xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
      url,
    },
  };
}
