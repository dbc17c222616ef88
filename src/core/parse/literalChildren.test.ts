import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';

/**
 * The second `<xhtml:link>` / `<image:image>` of a document onwards is read by a literal fast
 * path (Scanner.selfClosingLiteral, Scanner.startLiteral) when it is spelled like the last one
 * read. Each document below is parsed twice with identical byte offsets: once with a first entry
 * whose children use the same prefixes as the entry under test (fast path taken), once with
 * prefixes of the same length bound to the same namespaces (`xhtmm`, `imagf`: the entry under
 * test is read by the generic scanner). Results, issues and positions must be identical.
 */
const ROOT =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' +
  ' xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:xhtmm="http://www.w3.org/1999/xhtml"' +
  ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"' +
  ' xmlns:imagf="http://www.google.com/schemas/sitemap-image/1.1">\n';

function doc(firstPrefixes: [string, string], second: string): string {
  const [x, i] = firstPrefixes;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n${ROOT}` +
    `<url><loc>https://a.example/</loc><${x}:link rel="alternate" hreflang="en" href="https://a.example/en"/>` +
    `<${i}:image><${i}:loc>https://a.example/1.jpg</${i}:loc></${i}:image></url>\n` +
    `<url><loc>https://a.example/2</loc>${second}</url>\n</urlset>\n`
  );
}

function same(second: string): void {
  const fast = doc(['xhtml', 'image'], second);
  const generic = doc(['xhtmm', 'imagf'], second);
  const enc = new TextEncoder();
  expect(parseSitemap(enc.encode(fast))).toEqual(parseSitemap(enc.encode(generic)));
  expect(parseSitemap(fast)).toEqual(parseSitemap(generic));
}

const attr = fc.constantFrom(
  ['rel', 'alternate'],
  ['hreflang', 'de'],
  ['hreflang', 'x-default'],
  ['href', 'https://a.example/de/'],
  ['href', 'https://a.example/?a=1&amp;b=2'],
  ['href', 'https://a.example/straße/日本語/😀'],
  ['href', 'https://a.example/a&nbsp;b&bogus;c&'],
  ['href', 'a "quoted" > value'],
  ['href', 'a<b'],
  ['media', 'only screen and (max-width: 640px)'],
  ['REL', 'alternate'],
  ['Href', 'https://a.example/x'],
  ['foo', 'bar'],
  ['xml:lang', 'de'],
  ['xmlns:y', 'urn:y'],
  ['xmlns', 'http://www.w3.org/1999/xhtml'],
  ['xmlnsx', 'odd'],
  ['h\u00e9', 'non-ASCII name'],
  ['', 'no name'],
);

const link = fc
  .record({
    name: fc.constantFrom('xhtml:link', 'xhtml:Link', 'xhtml:linkx', 'xhtml:lin'),
    attrs: fc.array(attr, { maxLength: 5 }),
    quote: fc.constantFrom('"', "'"),
    space: fc.constantFrom(' ', '\n    ', '\t', ''),
    eq: fc.constantFrom('=', ' = ', '=\n'),
    end: fc.constantFrom('/>', ' />', '></xhtml:link>', '>x</xhtml:link>', '/ >', '>'),
  })
  .map(({ name, attrs, quote, space, eq, end }) => {
    const q = (v: string) => (quote === "'" ? v.replaceAll("'", '&apos;') : v.replaceAll('"', '&quot;'));
    const list = attrs.map(([n, v]) => `${space || ' '}${n}${eq}${quote}${q(v)}${quote}`).join('');
    return `<${name}${attrs.length === 0 ? space : list}${end}`;
  });

describe('literal reading of alternates and images', () => {
  it('gives what the generic scanner gives, for any spelling of the link', () => {
    fc.assert(
      fc.property(fc.array(link, { minLength: 1, maxLength: 3 }), (links) => same(links.join('\n'))),
      { numRuns: 400 },
    );
  });

  it('reads the usual alternates and images as the generic scanner does', () => {
    same(
      '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/2"/>\n' +
        "<xhtml:link rel='alternate' hreflang='fr' href='https://a.example/fr/é'/>" +
        '<image:image>\n<image:loc>https://a.example/2.jpg</image:loc><image:caption>Café &amp; "Ω"</image:caption></image:image>',
    );
  });

  it('keeps reading a link whose prefix the entry rebinds by the generic path', () => {
    same(
      '<xhtml:link xmlns:xhtml="urn:other" rel="alternate" hreflang="de" href="https://a.example/de/2"/>' +
        '<xhtml:link rel="alternate" hreflang="fr" href="https://a.example/fr/2"/>',
    );
    const rebound = (prefix: string) =>
      doc(['xhtml', 'image'], '').replace(
        '<url><loc>https://a.example/2</loc>',
        `<url xmlns:${prefix}="urn:other"><loc>https://a.example/2</loc><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/><image:image><image:loc>https://a.example/i.jpg</image:loc></image:image>`,
      );
    for (const prefix of ['xhtml', 'image']) {
      const r = parseSitemap(rebound(prefix));
      const e = r.document.entries[1];
      // Bound to another namespace inside the entry, the element is an unknown extension there.
      expect(prefix === 'xhtml' ? e.alternates : e.images).toBeUndefined();
      expect(e.extras?.length).toBe(1);
    }
  });

  it('reads image starts spelled in other ways as the generic scanner does', () => {
    for (const start of [
      '<image:image >',
      '<image:image/>',
      '<image:Image>',
      '<image:image xmlns:z="urn:z">',
    ]) {
      const close = start.endsWith('/>')
        ? ''
        : `<image:loc>https://a.example/i.jpg</image:loc></${start.slice(1).split(/[ >]/)[0]}>`;
      same(`${start}${close}`);
    }
  });
});
