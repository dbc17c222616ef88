import { describe, expect, it } from 'vitest';
import type { ParseResult } from './model.ts';
import { parseSitemap } from './parse.ts';

/**
 * Exact unprefixed core children (`<loc>`, `<lastmod>`, `<changefreq>`, `<priority>`) are read as
 * literals, without resolving their names. The same document with a prefix on every core element
 * takes the general path; both must read the same entries and report the same findings.
 */
const SM = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const CORE = /<(\/?)(urlset|url|loc|lastmod|changefreq|priority|sitemapindex|sitemap)([\s>/])/g;

function prefixed(xml: string): string {
  return xml.replace(CORE, '<$1sm:$2$3').replace(`xmlns="${SM}"`, `xmlns:sm="${SM}"`);
}

/**
 * What both readings must agree on. The prefix itself shifts columns after the first tag on a line,
 * is kept in verbatim extras, and earns the root an XML-003 note; those are left out.
 */
function summary(r: ParseResult) {
  return {
    kind: r.kind,
    fatal: r.fatal?.line ?? null,
    entries: r.document.entries.map((e) => ({
      keys: Object.keys(e),
      ...e,
      extras: e.extras?.map((x) => [x.name, x.ns, x.line]),
    })),
    issues: r.issues
      .filter((i) => i.rule !== 'XML-003')
      .map((i) => [i.rule, i.severity, i.entry, i.field, i.line]),
  };
}

function expectSameReading(xml: string): ParseResult {
  const literal = parseSitemap(xml);
  const general = parseSitemap(prefixed(xml));
  expect(prefixed(xml)).not.toBe(xml);
  expect(summary(literal)).toEqual(summary(general));
  return literal;
}

const urlset = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SM}">\n${body}\n</urlset>\n`;

describe('core children read as literals', () => {
  it('reads the usual four children, with and without optional ones, in any subset', () => {
    const r = expectSameReading(
      urlset(
        [
          '<url>\n  <loc>https://a.example/1</loc>\n  <lastmod>2024-06-01</lastmod>\n  <changefreq>weekly</changefreq>\n  <priority>0.50</priority>\n</url>',
          '<url><loc>https://a.example/2</loc><priority>1.0</priority></url>',
          '<url><loc>https://a.example/3</loc><changefreq>daily</changefreq></url>',
          '<url><loc>https://a.example/4</loc></url>',
        ].join('\n'),
      ),
    );
    expect(r.document.entries.map((e) => e.loc)).toEqual([
      'https://a.example/1',
      'https://a.example/2',
      'https://a.example/3',
      'https://a.example/4',
    ]);
    expect(r.document.entries[0]).toMatchObject({
      lastmod: '2024-06-01',
      changefreq: 'weekly',
      priority: '0.50',
    });
    expect(Object.keys(r.document.entries[1])).toEqual(['id', 'loc', 'line', 'column', 'priority']);
  });

  it('decodes references once and keeps empty values', () => {
    const r = expectSameReading(
      urlset(
        '<url><loc>https://a.example/?a=1&amp;b=2&amp;amp;c</loc><lastmod></lastmod><changefreq>&#119;eekly</changefreq></url>',
      ),
    );
    expect(r.document.entries[0]).toMatchObject({
      loc: 'https://a.example/?a=1&b=2&amp;c',
      lastmod: '',
      changefreq: 'weekly',
    });
  });

  it('reports order, repeats, and the shapes it leaves to the general path, the same way', () => {
    const r = expectSameReading(
      urlset(
        [
          '<url><lastmod>2024-01-01</lastmod><loc>https://a.example/order</loc></url>',
          '<url><loc>https://a.example/first</loc><loc>https://a.example/second</loc><priority>0.1</priority><priority>0.2</priority></url>',
          '<url><loc><![CDATA[https://a.example/cdata]]></loc><lastmod/></url>',
          '<url><loc>https://a.example/comment<!-- x --></loc></url>',
          '<url><loc>https://a.example/ext</loc><x:thing xmlns:x="urn:x" a="1"/><lastmod>2024-02-02</lastmod></url>',
          '<url><loc>https://a.example/redefined</loc><foo xmlns="urn:other"><bar>1</bar></foo><changefreq>never</changefreq></url>',
          '<url>https://a.example/bare</url>',
        ].join('\n'),
      ),
    );
    const rules = r.issues.map((i) => i.rule);
    expect(rules).toContain('XML-006');
    expect(rules).toContain('XML-004');
    expect(rules).toContain('XML-005');
    expect(r.document.entries[1]).toMatchObject({ loc: 'https://a.example/first', priority: '0.1' });
    expect(r.document.entries[2].loc).toBe('https://a.example/cdata');
    expect(r.document.entries[5]).toMatchObject({ loc: 'https://a.example/redefined', changefreq: 'never' });
  });

  it('takes exact <url> start tags as literals and leaves others to the general path', () => {
    const r = expectSameReading(
      urlset(
        [
          '<url><loc>https://a.example/a</loc></url>',
          '<url data-x="1"><loc>https://a.example/attr</loc></url>',
          '<url/>',
          '<sitemap><loc>https://a.example/s.xml</loc></sitemap>',
          'stray text',
          '<url ><loc>https://a.example/space</loc></url>',
        ].join('\n'),
      ),
    );
    expect(r.document.entries.map((e) => e.loc)).toEqual([
      'https://a.example/a',
      'https://a.example/attr',
      '',
      'https://a.example/space',
    ]);
  });

  it('in a sitemap index takes only loc and lastmod; other core children are reported as before', () => {
    const xml = `<?xml version="1.0"?>\n<sitemapindex xmlns="${SM}">\n<sitemap><loc>https://a.example/s1.xml</loc><lastmod>2024-03-03</lastmod><changefreq>daily</changefreq></sitemap>\n</sitemapindex>`;
    const r = expectSameReading(xml);
    expect(r.kind).toBe('sitemapindex');
    expect(r.document.entries[0]).toMatchObject({ loc: 'https://a.example/s1.xml', lastmod: '2024-03-03' });
    expect(r.issues.map((i) => i.rule)).toContain('IDX-002');
  });

  it('does not take an unprefixed <loc> as core when the default namespace is another one', () => {
    const xml = `<?xml version="1.0"?>\n<sm:urlset xmlns:sm="${SM}" xmlns="urn:other">\n<sm:url><sm:loc>https://a.example/core</sm:loc><loc>https://a.example/other</loc></sm:url>\n</sm:urlset>`;
    const r = parseSitemap(xml);
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/core']);
    expect(r.document.entries[0].extras?.length).toBe(1);
  });
});
