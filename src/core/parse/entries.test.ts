import { describe, expect, it } from 'vitest';
import { XmlCtx } from './context.ts';
import { readEntry } from './entries.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Read the first `<url>`/`<sitemap>` of `body` (inside a root of the sitemap namespace). */
function first(body: string, isIndex = false) {
  const root = isIndex ? 'sitemapindex' : 'urlset';
  const ctx = new XmlCtx(`<${root} xmlns="${NS}">${body}</${root}>`);
  ctx.sc.next();
  const at = ctx.sc.pos;
  ctx.sc.next();
  return { entry: readEntry(ctx, 0, isIndex, at), issues: ctx.issues };
}

describe('readEntry', () => {
  it('reads the fields as written, with the line and column of the entry', () => {
    const { entry, issues } = first(
      '<url><loc>https://a.example/</loc><lastmod>2026-01-02</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>',
    );
    expect(entry).toMatchObject({
      id: 0,
      loc: 'https://a.example/',
      lastmod: '2026-01-02',
      changefreq: 'daily',
      priority: '0.5',
      line: 1,
      column: 61,
    });
    expect(issues).toEqual([]);
  });

  it('keeps an unknown element of the sitemap namespace verbatim and says so (XML-008)', () => {
    const { entry, issues } = first('<url><loc>https://a.example/</loc><bogus>1</bogus></url>');
    expect(entry.extras?.map((x) => x.xml)).toEqual(['<bogus>1</bogus>']);
    expect(issues.map((i) => [i.rule, i.line, i.column])).toEqual([['XML-008', 1, 95]]);
  });

  it('decodes entities in a value once', () => {
    expect(first('<url><loc>https://a.example/?a=1&amp;b=2</loc></url>').entry.loc).toBe(
      'https://a.example/?a=1&b=2',
    );
  });

  it('reads a sitemap index entry', () => {
    const { entry } = first(
      '<sitemap><loc>https://a.example/s1.xml</loc><lastmod>2026-01-02</lastmod></sitemap>',
      true,
    );
    expect(entry).toMatchObject({ loc: 'https://a.example/s1.xml', lastmod: '2026-01-02' });
  });
});
