import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NS } from './model.ts';
import { parseSitemap } from './parse.ts';

const fixtures = path.join(import.meta.dirname, '__fixtures__/parse');
const enc = new TextEncoder();
const rules = (r: { issues: { rule: string }[] }) => r.issues.map((i) => i.rule);
const SM = `xmlns="${NS.sitemap}"`;
const one = (loc: string, extra = '') => `<urlset ${SM}${extra}><url><loc>${loc}</loc></url></urlset>`;

describe('lenient import (IMP-*)', () => {
  it('IMP-002: leading whitespace before the declaration is removed (ENC-003)', () => {
    const r = parseSitemap(`\n\n<?xml version="1.0"?>\n${one('https://e.example/')}`);
    expect(r.document.entries[0]).toMatchObject({ loc: 'https://e.example/', line: 4 });
    expect(r.issues).toMatchObject([{ rule: 'ENC-003', severity: 'error', line: 1 }]);
  });

  it('IMP-003: missing, legacy or near-miss root namespace is read with XML-002', () => {
    for (const ns of [
      '',
      ' xmlns="http://www.google.com/schemas/sitemap/0.84"',
      ' xmlns="https://www.sitemaps.org/schemas/sitemap/0.9/"',
    ]) {
      const r = parseSitemap(
        `<urlset${ns}><url><loc>https://e.example/</loc><priority>0.5</priority></url></urlset>`,
      );
      expect(r.document.entries[0]).toMatchObject({ loc: 'https://e.example/', priority: '0.5' });
      expect(rules(r)).toEqual(['XML-002']);
    }
  });

  it('IMP-004: prefixes are resolved by URI (XML-003 info for unusual prefixes)', () => {
    const xml = `<sm:urlset xmlns:sm="${NS.sitemap}" xmlns:img="${NS.image}"><sm:url><sm:loc>https://e.example/</sm:loc><img:image><img:loc>https://e.example/a.jpg</img:loc></img:image></sm:url></sm:urlset>`;
    const r = parseSitemap(xml);
    expect(r.document.entries[0]).toMatchObject({
      loc: 'https://e.example/',
      images: [{ loc: 'https://e.example/a.jpg' }],
    });
    expect(rules(r)).toEqual(['XML-003', 'XML-003']);
    expect(r.issues.every((i) => i.severity === 'info')).toBe(true);
  });

  it('IMP-004: near-miss extension URIs are read with their rule', () => {
    const decls = [
      ['image', 'https://www.google.com/schemas/sitemap-image/1.1', 'IMG-001'],
      ['video', 'http://www.google.com/schemas/sitemap-video/1.0', 'VID-001'],
      ['news', 'http://www.google.com/schemas/sitemap-news/0.84', 'NEWS-001'],
      ['xhtml', 'https://www.w3.org/1999/xhtml', 'HREF-001'],
      ['mobile', 'http://www.google.com/schemas/sitemap-mobile/1.0/', 'EXT-003'],
    ];
    const attrs = decls.map(([p, uri]) => ` xmlns:${p}="${uri}"`).join('');
    const body =
      '<url><loc>https://e.example/</loc><image:image><image:loc>https://e.example/a.jpg</image:loc></image:image>' +
      '<xhtml:link rel="alternate" hreflang="de" href="https://e.example/de/"/></url>';
    const r = parseSitemap(`<urlset ${SM}${attrs}>${body}</urlset>`);
    expect(rules(r)).toEqual(decls.map((d) => d[2]));
    expect(r.document.entries[0].images).toEqual([{ loc: 'https://e.example/a.jpg' }]);
    expect(r.document.entries[0].alternates).toEqual([
      { rel: 'alternate', hreflang: 'de', href: 'https://e.example/de/' },
    ]);
  });

  it('IMP-005: undeclared standard prefixes are injected (XML-009)', () => {
    const xml = `<urlset ${SM}><url><loc>https://e.example/</loc><image:image><image:loc>https://e.example/a.jpg</image:loc></image:image></url></urlset>`;
    const r = parseSitemap(xml);
    expect(r.document.entries[0].images).toEqual([{ loc: 'https://e.example/a.jpg' }]);
    expect(r.issues).toMatchObject([{ rule: 'XML-009', severity: 'error', line: 1 }]);
  });

  it('XML-009 / XML-013: undeclared xsi prefix and an unpaired schemaLocation on the root', () => {
    const r = parseSitemap(
      `<urlset ${SM} xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"><url><loc>https://e.example/</loc></url></urlset>`,
    );
    expect(rules(r)).toEqual(['XML-009', 'XML-013']);
    expect(r.document.entries).toHaveLength(1);
  });

  it('IMP-006: tag-name case is matched leniently (ENC-010)', () => {
    const r = parseSitemap(
      `<urlset ${SM}><URL><Loc>https://e.example/</Loc><LastMod>2024-01-01</LastMod></URL></urlset>`,
    );
    expect(r.document.entries[0]).toMatchObject({ loc: 'https://e.example/', lastmod: '2024-01-01' });
    expect(rules(r)).toEqual(['ENC-010', 'ENC-010', 'ENC-010']);
    expect(r.issues[1]).toMatchObject({ entry: 0, field: 'loc' });
  });

  it('IMP-006: attribute name case on xhtml:link (ENC-010)', () => {
    const r = parseSitemap(
      one(
        'https://e.example/</loc><xhtml:link rel="alternate" hrefLang="de" href="https://e.example/de/"/><loc>',
        ` xmlns:xhtml="${NS.xhtml}"`,
      ),
    );
    expect(r.document.entries[0].alternates?.[0]).toEqual({
      rel: 'alternate',
      hreflang: 'de',
      href: 'https://e.example/de/',
    });
    expect(rules(r)).toContain('ENC-010');
  });

  it('IMP-007: values are kept as written, not trimmed, 0.50 stays 0.50', () => {
    const r = parseSitemap(
      `<urlset ${SM}><url><loc>\n\t https://e.example/ \n</loc><priority>0.50</priority></url></urlset>`,
    );
    expect(r.document.entries[0]).toMatchObject({ loc: '\n\t https://e.example/ \n', priority: '0.50' });
    expect(r.issues).toEqual([]);
  });

  it('IMP-008: CDATA is unwrapped, also when partial (ENC-011)', () => {
    const r = parseSitemap(one('https://e.example/foo<![CDATA[?q=a&l=fr]]>'));
    expect(r.document.entries[0].loc).toBe('https://e.example/foo?q=a&l=fr');
    expect(r.issues).toMatchObject([{ rule: 'ENC-011', severity: 'info', entry: 0, field: 'loc' }]);
  });

  it('IMP-009: HTML named entities are decoded (ENC-006)', () => {
    const r = parseSitemap(one('https://e.example/caf&eacute;&nbsp;x'));
    expect(r.document.entries[0].loc).toBe('https://e.example/café\u00a0x');
    expect(r.issues).toMatchObject([{ rule: 'ENC-006', severity: 'error', entry: 0, field: 'loc' }]);
  });

  it('IMP-010: unescaped & is read literally (ENC-005)', () => {
    const r = parseSitemap(one('https://e.example/?a=1&b=2&c'));
    expect(r.document.entries[0].loc).toBe('https://e.example/?a=1&b=2&c');
    expect(r.issues).toMatchObject([{ rule: 'ENC-005', entry: 0, field: 'loc', line: 1 }]);
  });

  it('IMP-012: a truncated document keeps complete entries (ENC-004, partial)', () => {
    const xml = `<urlset ${SM}>\n<url><loc>https://e.example/1</loc></url>\n<url><loc>https://e.example/2</loc></url>\n<url><loc>https://e.exa`;
    const r = parseSitemap(xml);
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://e.example/1', 'https://e.example/2']);
    expect(r.document.partial).toBe(true);
    expect(r.fatal).toMatchObject({ line: 4, column: 24, excerpt: '<url><loc>https://e.exa' });
    expect(r.issues).toMatchObject([{ rule: 'ENC-004', line: 4 }]);
    expect(r.issues[0].message).toContain('2 entries complete were recovered');
  });

  it('IMP-012: a raw < gives a fatal with line and column and keeps earlier entries', () => {
    const xml = `<urlset ${SM}>\n<url><loc>https://e.example/1</loc></url>\n<url><loc>https://e.example/2</loc><changefreq>daily<</changefreq></url>\n</urlset>`;
    const r = parseSitemap(xml);
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://e.example/1']);
    expect(r.fatal).toMatchObject({ line: 3, column: 53 });
    expect(r.document.partial).toBe(true);
  });

  it('IMP-013: nested markup in a value uses its text content', () => {
    const r = parseSitemap(one('<a href="x">https://e.example/</a>'));
    expect(r.document.entries[0].loc).toBe('https://e.example/');
    expect(r.issues).toMatchObject([{ rule: 'IMP-013', entry: 0, field: 'loc' }]);
  });

  it('IMP-021: DOCTYPE is removed and its entities are not expanded (ENC-009, ENC-006)', () => {
    const r = parseSitemap(new Uint8Array(readFileSync(path.join(fixtures, 'billion-laughs.xml'))));
    expect(r.document.entries).toHaveLength(1);
    expect(r.document.entries[0].loc).not.toContain('lollol');
    expect(r.issues[0]).toMatchObject({ rule: 'ENC-009', line: 2 });
  });

  it('says what the exports do with a DOCTYPE or a byte order mark: leave it out, keeping the formatting or not (OUT-001)', () => {
    const tail = "The export leaves it out, also when it keeps the file's formatting";
    const xxe = parseSitemap(
      '<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY h SYSTEM "file:///etc/hostname">]>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
    );
    expect(xxe.issues.find((i) => i.rule === 'ENC-009')?.message).toBe(
      `DOCTYPE declaring 1 entity (never expanded or fetched): not used to read the file. ${tail}.`,
    );
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<urlset/>')]);
    expect(parseSitemap(bom).issues.find((i) => i.rule === 'ENC-002')?.message).toBe(
      `UTF-8 byte order mark: skipped when reading. ${tail}.`,
    );
    expect(parseSitemap('\ufeff<urlset/>').issues.find((i) => i.rule === 'ENC-002')?.message).toBe(
      `UTF-8 byte order mark: skipped when reading. ${tail}.`,
    );
    const text = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('https://a.example/\n')]);
    expect(parseSitemap(text).issues.find((i) => i.rule === 'TXT-005')?.message).toBe(
      `Byte order mark at the start of the text sitemap: skipped when reading. ${tail}.`,
    );
  });

  it('IMP-022: an HTML page is refused (XML-001)', () => {
    for (const html of [
      '<!DOCTYPE html><html><body>404</body></html>',
      '<html><head><title>x</title></head></html>',
    ]) {
      const r = parseSitemap(html);
      expect(r.kind).toBe('unknown');
      expect(r.document.entries).toEqual([]);
      expect(rules(r)).toEqual(['XML-001']);
      expect(r.fatal).toMatchObject({ line: 1, column: 1 });
    }
  });

  it('XML-001: an unknown root element is refused', () => {
    const r = parseSitemap('<catalog><item/></catalog>');
    expect(rules(r)).toEqual(['XML-001']);
    expect(r.fatal).not.toBeNull();
  });

  it('IMP-023: mixed index content keeps the minority in otherEntries (XML-011)', () => {
    const xml = `<sitemapindex ${SM}><sitemap><loc>https://e.example/s1.xml</loc></sitemap><url><loc>https://e.example/</loc></url><sitemap><loc>https://e.example/s2.xml</loc></sitemap></sitemapindex>`;
    const r = parseSitemap(xml);
    expect(r.kind).toBe('sitemapindex');
    expect(r.document.entries.map((e) => e.id)).toEqual([0, 1]);
    expect(r.document.otherEntries?.map((e) => e.loc)).toEqual(['https://e.example/']);
    expect(rules(r)).toEqual(['XML-011']);
  });

  it('IMP-024: xml-stylesheet is kept (XML-014), comments are ignored', () => {
    const xml = `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="//e.example/s.xsl"?>\n<!-- c --><urlset ${SM}><!-- c --><url><!-- c --><loc>https://e.example/</loc></url></urlset>\n<!-- trailing -->\n`;
    const r = parseSitemap(xml);
    expect(r.document.stylesheet).toBe('//e.example/s.xsl');
    expect(r.document.entries[0].loc).toBe('https://e.example/');
    expect(r.issues).toMatchObject([{ rule: 'XML-014', severity: 'info', line: 2 }]);
    expect(r.fatal).toBeNull();
  });

  it('text after the root element is fatal (ENC-004) but keeps every entry', () => {
    const r = parseSitemap(`${one('https://e.example/')}\njunk`);
    expect(r.document.entries).toHaveLength(1);
    expect(r.document.partial).toBeUndefined();
    expect(r.fatal).toMatchObject({ line: 2, column: 1, excerpt: 'junk' });
    expect(rules(r)).toEqual(['ENC-004']);
  });
});

describe('structure outside entries', () => {
  it('XML-010: extension elements directly under the root go to rootExtras', () => {
    const xml = `<urlset ${SM} xmlns:image="${NS.image}">\n<image:image><image:loc>https://e.example/a.jpg</image:loc></image:image><url><loc>https://e.example/</loc></url></urlset>`;
    const r = parseSitemap(xml);
    expect(r.document.rootExtras).toEqual([
      {
        ns: NS.image,
        name: 'image',
        xml: '<image:image><image:loc>https://e.example/a.jpg</image:loc></image:image>',
        nsDecls: { image: NS.image },
        line: 2,
      },
    ]);
    expect(r.issues).toMatchObject([{ rule: 'XML-010', line: 2 }]);
    expect(r.document.entries).toHaveLength(1);
  });

  it('XML-008 / EXT-001: unknown elements under the root are kept', () => {
    const xml = `<urlset ${SM} xmlns:a="https://acme.example/ns"><foo>x</foo><a:bar/><url><loc>https://e.example/</loc></url></urlset>`;
    const r = parseSitemap(xml);
    expect(r.document.rootExtras?.map((x) => x.xml)).toEqual(['<foo>x</foo>', '<a:bar/>']);
    expect(rules(r)).toEqual(['XML-008', 'XML-012', 'EXT-001']);
  });
});

describe('extensions', () => {
  const r = parseSitemap(new Uint8Array(readFileSync(path.join(fixtures, 'extensions.xml'))));
  const e = r.document.entries[0];

  it('reads alternates with every attribute', () => {
    expect(e.alternates).toEqual([
      { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/', attrs: { 'data-x': '1' } },
      { rel: 'alternate', media: 'only screen and (max-width: 640px)', href: 'https://m.example.com/en/' },
    ]);
  });

  it('reads images as typed data', () => {
    expect(e.images).toEqual([
      {
        loc: 'https://www.example.com/a.jpg',
        caption: 'A & B',
        geoLocation: 'Berlin',
        title: 'Title',
        license: 'https://www.example.com/license',
      },
    ]);
  });

  it('reads video and news as XNode trees in source order with attributes', () => {
    expect(e.videos?.[0].nodes).toEqual([
      { name: 'thumbnail_loc', text: 'https://www.example.com/t.jpg' },
      { name: 'title', text: 'Grilling' },
      { name: 'price', text: '1.99', attrs: { currency: 'EUR' } },
      { name: 'tag', text: 'a' },
      { name: 'tag', text: 'b' },
      { name: 'uploader', text: 'Ann', attrs: { info: 'https://www.example.com/u' } },
    ]);
    expect(e.news?.[0].nodes).toEqual([
      {
        name: 'publication',
        text: '',
        children: [
          { name: 'name', text: 'The Times' },
          { name: 'language', text: 'en' },
        ],
      },
      { name: 'publication_date', text: '2024-06-24' },
      { name: 'title', text: 'Hello' },
    ]);
  });

  it('keeps unknown namespaces verbatim with the declarations to re-emit them (EXT-001)', () => {
    expect(e.extras).toEqual([
      {
        ns: 'https://schemas.acme.example/s',
        name: 'stock',
        xml: '<acme:stock level="high">12</acme:stock>',
        nsDecls: { acme: 'https://schemas.acme.example/s' },
        line: 35,
      },
    ]);
    expect(r.issues).toMatchObject([
      { rule: 'XML-012', severity: 'info', line: 35 },
      { rule: 'EXT-001', severity: 'info', entry: 0, field: 'extras.0', line: 35 },
    ]);
    expect(r.issues[0].entry).toBeUndefined();
    expect(r.document.namespaces).toMatchObject({ image: NS.image, acme: 'https://schemas.acme.example/s' });
  });

  it('EXT-002: legacy mobile and PageMap elements are kept verbatim', () => {
    const xml = `<urlset ${SM} xmlns:mobile="${NS.mobile}"><url><loc>https://e.example/</loc><mobile:mobile/><PageMap xmlns="${NS.pagemap}"><DataObject type="x"/></PageMap></url></urlset>`;
    const x = parseSitemap(xml);
    expect(x.document.entries[0].extras?.map((v) => [v.name, v.xml, v.nsDecls])).toEqual([
      ['mobile', '<mobile:mobile/>', { mobile: NS.mobile }],
      ['PageMap', `<PageMap xmlns="${NS.pagemap}"><DataObject type="x"/></PageMap>`, undefined],
    ]);
    expect(rules(x)).toEqual(['EXT-002', 'EXT-002']);
  });

  it('IMG-008: image children out of XSD order', () => {
    const xml = `<urlset ${SM} xmlns:image="${NS.image}"><url><loc>https://e.example/</loc><image:image><image:title>T</image:title><image:loc>https://e.example/a.jpg</image:loc></image:image></url></urlset>`;
    const x = parseSitemap(xml);
    expect(x.document.entries[0].images).toEqual([{ loc: 'https://e.example/a.jpg', title: 'T' }]);
    expect(x.issues).toMatchObject([{ rule: 'IMG-008', entry: 0, field: 'images.0' }]);
  });

  it('XML-010: extensions inside an index entry are kept verbatim', () => {
    const xml = `<sitemapindex ${SM} xmlns:image="${NS.image}"><sitemap><loc>https://e.example/s.xml</loc><image:image><image:loc>https://e.example/a.jpg</image:loc></image:image></sitemap></sitemapindex>`;
    const x = parseSitemap(xml);
    expect(x.document.entries[0].extras?.[0].name).toBe('image');
    expect(rules(x)).toEqual(['XML-010']);
  });
});

describe('encodings', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));

  it('UTF-8 with a BOM (ENC-002) and without', () => {
    const r = parseSitemap(bytes([0xef, 0xbb, 0xbf], one('https://e.example/é')));
    expect(r.document.entries[0].loc).toBe('https://e.example/é');
    expect(rules(r)).toEqual(['ENC-002']);
    expect(rules(parseSitemap(enc.encode(one('https://e.example/é'))))).toEqual([]);
  });

  it('UTF-16LE and UTF-16BE by BOM are decoded (ENC-001)', () => {
    const text = one('https://e.example/é');
    const le = new Uint8Array(2 + text.length * 2);
    const be = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      le[2 + 2 * i] = c & 0xff;
      le[3 + 2 * i] = c >> 8;
      be[2 + 2 * i] = c >> 8;
      be[3 + 2 * i] = c & 0xff;
    }
    for (const [b, name] of [
      [le, 'utf-16le'],
      [be, 'utf-16be'],
    ] as const) {
      const r = parseSitemap(b);
      expect(r.document.entries[0].loc).toBe('https://e.example/é');
      expect(r.document.source?.encoding).toBe(name);
      expect(rules(r)).toEqual(['ENC-001']);
    }
  });

  it('UTF-16 without a BOM is recognised from "<" + NUL (ENC-001)', () => {
    const text = one('https://e.example/é');
    const le = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) le[2 * i] = text.charCodeAt(i);
    const r = parseSitemap(le);
    expect(r.document.entries[0].loc).toBe('https://e.example/é');
    expect(r.document.source?.encoding).toBe('utf-16le');
    expect(rules(r)).toEqual(['ENC-001']);
  });

  it('a UTF-16 declaration over single-byte text decodes as UTF-8 (ENC-001)', () => {
    const r = parseSitemap(
      enc.encode(`<?xml version="1.0" encoding="UTF-16"?>${one('https://e.example/é')}`),
    );
    expect(r.document.entries[0].loc).toBe('https://e.example/é');
    expect(rules(r)).toEqual(['ENC-001']);
  });

  it('a UTF-16 BOM over UTF-8 bytes is ignored (ENC-001)', () => {
    const r = parseSitemap(bytes([0xff, 0xfe], one('https://e.example/é')));
    expect(r.document.entries[0].loc).toBe('https://e.example/é');
    expect(r.document.source?.encoding).toBe('utf-8');
    expect(rules(r)).toEqual(['ENC-001']);
  });

  it('a declared non-UTF-8 encoding is used (ENC-001)', () => {
    const r = parseSitemap(
      bytes('<?xml version="1.0" encoding="ISO-8859-1"?>', one('https://e.example/caf'), []),
    );
    const latin = parseSitemap(
      bytes(
        `<?xml version="1.0" encoding="ISO-8859-1"?><urlset ${SM}><url><loc>https://e.example/caf`,
        [0xe9],
        '</loc></url></urlset>',
      ),
    );
    expect(latin.document.entries[0].loc).toBe('https://e.example/café');
    expect(latin.document.source?.encoding).toBe('windows-1252');
    expect(rules(latin)).toEqual(['ENC-001']);
    expect(rules(r)).toEqual(['ENC-001']);
  });

  it('invalid UTF-8 bytes are replaced and flagged on the affected row (ENC-001)', () => {
    const r = parseSitemap(
      bytes(
        `<urlset ${SM}><url><loc>https://e.example/a</loc></url><url><loc>https://e.example/caf`,
        [0xe9],
        '</loc></url></urlset>',
      ),
    );
    expect(r.document.entries.map((e) => e.loc)).toEqual([
      'https://e.example/a',
      'https://e.example/caf\uFFFD',
    ]);
    expect(r.issues).toMatchObject([{ rule: 'ENC-001' }, { rule: 'ENC-001', entry: 1 }]);
  });

  it('invalid UTF-8 in a text sitemap is flagged on its line', () => {
    const r = parseSitemap(bytes('https://e.example/a\nhttps://e.example/caf', [0xe9], '\n'));
    expect(r.document.entries).toHaveLength(2);
    expect(r.issues).toMatchObject([{ rule: 'ENC-001' }, { rule: 'ENC-001', entry: 1, line: 2 }]);
  });
});
