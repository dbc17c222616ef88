import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeBytes, utf8Route } from './parse/decode.ts';
import { maskNonAscii } from './parse/mask.ts';
import { parseMaskedXml, parseXml, type XmlOut } from './parse/xml.ts';
import { parseSitemap } from './parse.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const corpusDir = path.resolve(repoRoot, '../shared/fixtures/real');
const present = existsSync(corpusDir);
if (!present) console.warn(`parseMasked.test: ${corpusDir} is missing; the corpus comparison is skipped`);

const enc = new TextEncoder();

function firstNonSpace(s: string): number {
  let i = 0;
  while (i < s.length && ' \n\r\t'.includes(s[i])) i++;
  return i;
}

/** Masked read of UTF-8 XML bytes (forced, whatever the density), plus the ordinary read of the decoded text. */
function both(bytes: Uint8Array): { masked: XmlOut | null; decoded: XmlOut } | null {
  const route = utf8Route(bytes);
  if (!route) return null;
  const m = maskNonAscii(bytes.subarray(route.from), true);
  if (!m) return null;
  const text = decodeBytes(bytes).text;
  const start = firstNonSpace(text);
  if (text[start] !== '<') return null;
  return {
    masked: values(parseMaskedXml(m.text, m.raw, m.masks, firstNonSpace(m.text), undefined)),
    decoded: values(parseXml(text, start)) as XmlOut,
  };
}

/**
 * The read without its source positions (keep-format spans): masked positions count bytes,
 * decoded ones UTF-16 units, by design (core/keep maps them).
 */
function values(out: XmlOut | null): XmlOut | null {
  if (!out) return out;
  const { spans: _spans, rootOpenEnd: _open, rootCloseStart: _close, ...rest } = out;
  return rest;
}

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:x="urn:x">';

describe('masked reading of non-ASCII UTF-8 (same result as decoding the whole file)', () => {
  const sameCases: Record<string, string> = {
    'values with 2-, 3- and 4-byte characters': `${HEAD}<url><loc>https://a.example/café/日本/😀?q=ł</loc><lastmod>2024-01-01</lastmod></url></urlset>`,
    'entities next to non-ASCII text': `${HEAD}<url><loc>https://a.example/é?a=1&amp;b=ü&eacute;&#x1F600;&bogus;&</loc></url></urlset>`,
    'attributes, images, video and CDATA': `${HEAD}<url><loc>https://a.example/</loc><image:image><image:loc>https://a.example/ø.jpg</image:loc><image:caption><![CDATA[«ok»]]> — ü</image:caption></image:image><video:video><video:title a="ö">Tïtle</video:title></video:video><xhtml:link rel="alternate" hreflang="de" href="https://a.example/straße"/></url></urlset>`,
    'comments and skipped link content': `${HEAD}<!-- über --><url><!-- ß --><loc>https://a.example/</loc><xhtml:link rel="alternate" hreflang="de" href="https://a.example/d">ignored é</xhtml:link></url></urlset>`,
    'unknown extension kept verbatim': `${HEAD}<url><loc>https://a.example/</loc><x:thing kind="é">Grüße <x:inner>ça</x:inner></x:thing></url></urlset>`,
    'issue columns after non-ASCII on the same line': `${HEAD}<url><loc>https://a.example/日本😀</loc><priority>0.5</priority><lastmod>2024-01-01</lastmod><loc>https://a.example/ü</loc></url><url><loc> https://é.example/</loc></url><url>bare-é<x:y>ü</x:y></url></urlset>`,
    'literal U+0001 in values and names': `${HEAD}<url><loc>https://a.example/\u0001é\u0001</loc><x:a\u0001b k="\u0001ü">\u0001</x:a\u0001b></url></urlset>`,
    'markup inside a value': `${HEAD}<url><loc>https://a.example/<b>é</b>ü</loc></url></urlset>`,
    'sitemap index with bare text': `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap>https://a.example/ß.xml</sitemap><sitemap><loc>https://a.example/ü.xml</loc><lastmod>2024</lastmod></sitemap></sitemapindex>`,
  };
  for (const [name, xml] of Object.entries(sameCases)) {
    it(name, () => {
      const r = both(enc.encode(xml));
      expect(r).not.toBeNull();
      expect(r?.masked).not.toBeNull();
      expect(r?.masked).toEqual(r?.decoded);
    });
  }

  const bailCases: Record<string, Uint8Array> = {
    'non-ASCII element name': enc.encode(
      `${HEAD}<url><loc>https://a.example/</loc><x:größe>1</x:größe></url></urlset>`,
    ),
    'non-ASCII attribute name': enc.encode(
      `${HEAD}<url><loc>https://a.example/</loc><xhtml:link rél="x" href="https://a.example/é"/></url></urlset>`,
    ),
    'non-ASCII in a stylesheet instruction': enc.encode(
      `<?xml version="1.0"?><?xml-stylesheet href="ü.xsl"?>${HEAD.slice(HEAD.indexOf('<urlset'))}<url><loc>https://a.example/é</loc></url></urlset>`,
    ),
    'invalid UTF-8 in a value': new Uint8Array([
      ...enc.encode(`${HEAD}<url><loc>https://a.example/`),
      0xc3,
      0x28,
      ...enc.encode('</loc></url></urlset>'),
    ]),
    'not well-formed after non-ASCII': enc.encode(
      `${HEAD}<url><loc>https://a.example/é</loc></url><url><loc>x</lo></url></urlset>`,
    ),
  };
  for (const [name, bytes] of Object.entries(bailCases)) {
    it(`falls back to decoding the whole file: ${name}`, () => {
      const r = both(bytes);
      expect(r?.masked).toBeNull();
    });
  }

  it('parseSitemap flags invalid UTF-8 in a sparse non-ASCII file as before (ENC-001 on the row)', () => {
    const parts: number[] = [...enc.encode(HEAD)];
    for (let i = 0; i < 400; i++)
      parts.push(
        ...enc.encode(
          `<url><loc>https://a.example/page-${i}/with/a/long/path/${'x'.repeat(200)}</loc></url>\n`,
        ),
      );
    parts.push(...enc.encode('<url><loc>https://a.example/ü'), 0xff, ...enc.encode('</loc></url></urlset>'));
    const r = parseSitemap(new Uint8Array(parts));
    expect(r.document.entries).toHaveLength(401);
    expect(r.document.entries[400].loc).toBe('https://a.example/ü\uFFFD');
    expect(r.issues.filter((i) => i.rule === 'ENC-001' && i.entry === 400)).toHaveLength(1);
  });

  it('parseSitemap reads a sparse non-ASCII file with a BOM like its decoded text', () => {
    let xml = HEAD;
    for (let i = 0; i < 300; i++)
      xml += `\n  <url><loc>https://a.example/${i}/${'p'.repeat(300)}</loc>${i % 50 === 0 ? '<image:image><image:loc>https://a.example/ł.jpg</image:loc></image:image>' : ''}<priority>x</priority></url>`;
    xml += '</urlset>';
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode(xml)]);
    const r = parseSitemap(bytes);
    const expected = parseXml(xml, 0);
    expect(r.document.entries).toEqual(expected.entries);
    expect(r.issues.slice(1)).toEqual(expected.issues);
    expect(r.issues[0].rule).toBe('ENC-002');
  });

  it.skipIf(!present)('gives the same result as the decoded text for every real UTF-8 XML fixture', () => {
    let compared = 0;
    for (const file of readdirSync(corpusDir)) {
      if (file === 'SOURCES.md') continue;
      let bytes = new Uint8Array(readFileSync(path.join(corpusDir, file)));
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        try {
          bytes = gunzipSync(bytes);
        } catch {
          continue;
        }
      }
      const r = both(bytes);
      if (!r?.masked) continue;
      compared++;
      expect(r.masked, file).toEqual(r.decoded);
    }
    expect(compared).toBeGreaterThan(0);
  });
});
