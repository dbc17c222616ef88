import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { runs } from '../testing/arbitraries.ts';
import { decodeBytes, utf8Route } from './decode.ts';
import { maskNonAscii } from './mask.ts';
import { parseMaskedXml, parseXml, type XmlOut } from './xml.ts';

const enc = new TextEncoder();

/** The read without source positions (masked ones count bytes, decoded ones UTF-16 units). */
function values(out: XmlOut | null): unknown {
  if (!out) return out;
  const { spans: _s, rootOpenEnd: _o, rootCloseStart: _c, ...rest } = out;
  return rest;
}

/** Masked read (forced) and ordinary read of the decoded text. */
function both(xml: string): { masked: unknown; decoded: unknown } {
  const bytes = enc.encode(xml);
  const route = utf8Route(bytes);
  if (!route) throw new Error('not UTF-8');
  const m = maskNonAscii(bytes.subarray(route.from), true) as NonNullable<ReturnType<typeof maskNonAscii>>;
  const text = decodeBytes(bytes).text;
  return {
    masked: values(parseMaskedXml(m.text, m.raw, m.masks, 0, undefined)),
    decoded: values(parseXml(text, 0)),
  };
}

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:x="urn:x">';

/** Text with non-ASCII of every UTF-8 length, escapes and entities next to it, and plain ASCII. */
const piece = fc.constantFrom(
  'é',
  'ß',
  '日本',
  '😀',
  '\u0080',
  '\u07ff',
  '\u0800',
  '\uffef',
  '\u{10ffff}',
  '&amp;',
  '&lt;',
  '&#233;',
  '&#x1F600;',
  '&eacute;',
  '&',
  '>',
  ' ',
  '\n',
  'a',
  'page-1',
  '\u0001',
);
const textArb = fc.array(piece, { minLength: 0, maxLength: 8 }).map((xs) => xs.join(''));
const cdataArb = textArb.map((t) => `<![CDATA[${t.replaceAll(']]>', '')}]]>`);
const valueArb = fc.oneof({ weight: 4, arbitrary: textArb }, { weight: 1, arbitrary: cdataArb });
const attrArb = textArb.map((t) => t.replaceAll('"', '').replaceAll('<', '').replaceAll('&', '&amp;'));

const urlArb = fc
  .tuple(valueArb, valueArb, valueArb, valueArb, valueArb, valueArb, attrArb, valueArb, valueArb)
  .map(
    ([loc, caption, title, vtitle, desc, news, href, extra, comment]) =>
      `<url><loc>https://a.example/${loc}</loc><lastmod>2024-01-01</lastmod>` +
      `<image:image><image:loc>https://a.example/${caption}.jpg</image:loc><image:caption>${caption}</image:caption><image:title>${title}</image:title><image:geo_location>${title}</image:geo_location></image:image>` +
      `<video:video><video:thumbnail_loc>https://a.example/t</video:thumbnail_loc><video:title>${vtitle}</video:title><video:description>${desc}</video:description><video:content_loc>https://a.example/${desc}</video:content_loc><video:tag>${vtitle}</video:tag><video:uploader info="https://a.example/${href}">${desc}</video:uploader></video:video>` +
      `<news:news><news:publication><news:name>${news}</news:name><news:language>de</news:language></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>${news}</news:title><news:keywords>${title}</news:keywords></news:news>` +
      `<xhtml:link rel="alternate" hreflang="de" href="https://a.example/${href}"/>` +
      `<!-- ${comment.replaceAll('--', '')} --><x:thing k="${href}">${extra}<x:in>${title}</x:in></x:thing></url>`,
  );

describe('a masked parse (values decoded from the bytes) reads what decoding the whole file reads', () => {
  it('non-ASCII in every extension’s text, in attributes, CDATA and comments, next to entities', () => {
    fc.assert(
      fc.property(fc.array(urlArb, { minLength: 1, maxLength: 4 }), (urls) => {
        const r = both(`${HEAD}${urls.join('\n')}</urlset>`);
        expect(r.masked).toEqual(r.decoded);
      }),
      { numRuns: runs(300) },
    );
  });

  it('values read out of document order and repeated (index entries, sitemap text)', () => {
    const xml = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>https://a.example/ß.xml</sitemap><sitemap><loc>https://a.example/ü.xml</loc><lastmod>é</lastmod></sitemap><sitemap><lastmod>2024</lastmod><loc>ł</loc><loc>ж</loc></sitemap></sitemapindex>`;
    const r = both(xml);
    expect(r.masked).not.toBeNull();
    expect(r.masked).toEqual(r.decoded);
  });

  it('parseSitemap reports invalid UTF-8 in skipped content as when it decodes the whole file', () => {
    // Sparse non-ASCII (masked), invalid bytes inside content the parser skips (a link's text).
    let xml = HEAD;
    for (let i = 0; i < 300; i++) xml += `\n<url><loc>https://a.example/${i}/${'p'.repeat(300)}</loc></url>`;
    const bytes = new Uint8Array([
      ...enc.encode(
        `${xml}<url><loc>https://a.example/é</loc><xhtml:link rel="alternate" hreflang="de" href="https://a.example/d">x`,
      ),
      0xff,
      ...enc.encode('</xhtml:link></url></urlset>'),
    ]);
    const r = parseSitemap(bytes);
    const text = decodeBytes(bytes);
    expect(text.invalidUtf8).toBe(true);
    expect(r.issues.some((i) => i.rule === 'ENC-001')).toBe(true);
    expect(r.document.entries).toHaveLength(301);
  });
});
