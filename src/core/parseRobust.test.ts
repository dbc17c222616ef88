import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { NS } from './model.ts';
import { parseSitemap } from './parse.ts';

const enc = new TextEncoder();
const doc = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet href="/s.xsl"?>
<urlset xmlns="${NS.sitemap}" xmlns:image="${NS.image}" xmlns:video="${NS.video}" xmlns:xhtml="${NS.xhtml}">
  <!-- comment -->
  <url>
    <loc>https://e.example/a?x=1&amp;y=2</loc>
    <lastmod>2024-06-24</lastmod>
    <xhtml:link rel="alternate" hreflang="de" href="https://e.example/de/"/>
    <image:image><image:loc>https://e.example/a.jpg</image:loc><image:caption><![CDATA[A & B]]></image:caption></image:image>
    <video:video><video:title>T</video:title><video:price currency="EUR">1.99</video:price></video:video>
  </url>
  <url><loc>https://e.example/b</loc></url>
</urlset>
`;

/** A parse result that is structurally sound: sequential ids, positions on fatals, no internal error. */
function sound(input: Uint8Array | string): void {
  const r = parseSitemap(input, { fileName: 'x.xml' });
  expect(r.fatal?.message ?? '').not.toContain('Internal parser error');
  r.document.entries.forEach((e, i) => {
    expect(e.id).toBe(i);
  });
  expect(r.document.nextId).toBe(r.document.entries.length);
  if (r.fatal) expect(r.fatal.line).toBeGreaterThan(0);
}

describe('robustness: never throws, never an internal error', () => {
  it('every prefix of a rich document (truncation anywhere)', () => {
    for (let i = 0; i <= doc.length; i++) sound(doc.slice(0, i));
  });

  it('random single-byte corruption of the document', () => {
    const bytes = enc.encode(doc);
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 }), (at, value) => {
        const copy = bytes.slice();
        copy[at] = value;
        sound(copy);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary strings and bytes', () => {
    fc.assert(
      fc.property(fc.string(), (s) => sound(s)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => sound(b)),
      { numRuns: 300 },
    );
  });

  it('truncated gzip streams', () => {
    const gz = gzipSync(enc.encode(doc));
    for (let i = 0; i <= gz.length; i += 7) sound(gz.slice(0, i));
  });
});
