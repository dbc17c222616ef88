import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from './model.ts';
import { parseSitemap } from './parse.ts';
import { CANONICAL, canonicalDoc, urlset } from './serialize/__fixtures__/canonical.ts';
import { isUrlLine } from './serialize/entries.ts';
import { serializeFiles, serializeSitemap } from './serialize.ts';
import { validateDocument } from './validate.ts';

describe('serializeSitemap XML', () => {
  it('writes the OUT-008 canonical example byte for byte', () => {
    expect(serializeSitemap(canonicalDoc())).toBe(CANONICAL);
  });

  it('writes the canonical sitemap index', () => {
    const doc: SitemapDocument = {
      kind: 'sitemapindex',
      entries: [
        { id: 0, loc: 'https://www.example.com/sitemap-1.xml.gz', lastmod: '2024-06-24T09:30:00+02:00' },
        { id: 1, loc: 'https://www.example.com/sitemap-2.xml.gz' },
      ],
      nextId: 2,
    };
    expect(serializeSitemap(doc)).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap>
    <loc>https://www.example.com/sitemap-1.xml.gz</loc>
    <lastmod>2024-06-24T09:30:00+02:00</lastmod>
  </sitemap>
  <sitemap>
    <loc>https://www.example.com/sitemap-2.xml.gz</loc>
  </sitemap>
</sitemapindex>
`);
  });

  it('declares only the extension namespaces that are used and omits empty optional elements', () => {
    const xml = serializeSitemap(
      urlset([
        {
          loc: 'https://a.example/',
          lastmod: '  ',
          changefreq: '',
          images: [{ loc: 'https://a.example/i.png' }],
        },
      ]),
    );
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image=');
    expect(xml).not.toContain('xmlns:video');
    expect(xml).not.toContain('lastmod');
    expect(xml).not.toContain('changefreq');
  });

  it('escapes all five special characters in text and attributes, keeps astral characters', () => {
    const doc = urlset([
      {
        loc: "https://a.example/?q=1&r='x'",
        videos: [{ nodes: [{ name: 'title', text: 'Tom & "Jerry" <3> it\'s 🎬 𝄞' }] }],
        alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://a.example/de?a=1&b=2' }],
      },
    ]);
    const xml = serializeSitemap(doc);
    expect(xml).toContain('<loc>https://a.example/?q=1&amp;r=&apos;x&apos;</loc>');
    expect(xml).toContain('<video:title>Tom &amp; &quot;Jerry&quot; &lt;3&gt; it&apos;s 🎬 𝄞</video:title>');
    expect(xml).toContain('href="https://a.example/de?a=1&amp;b=2"');
    expect(xml).not.toContain('CDATA');
  });

  it('removes characters XML 1.0 forbids and reports each removal with entry id and field', () => {
    const doc = urlset([
      { loc: 'https://a.example/ok' },
      {
        loc: 'https://a.example/b\u0001',
        news: [{ nodes: [{ name: 'title', text: 'Budget\u0008 vote \uFFFF\uD800' }] }],
      },
    ]);
    doc.entries[1].id = 7;
    const { files, issues } = serializeFiles(doc);
    const xml = new TextDecoder().decode(files[0].bytes);
    expect(xml).toContain('<loc>https://a.example/b</loc>');
    expect(xml).toContain('<news:title>Budget vote</news:title>');
    const enc = issues.filter((i) => i.rule === 'ENC-008');
    expect(enc.map((i) => [i.entry, i.field])).toEqual([
      [7, 'loc'],
      [7, 'news.0.title'],
    ]);
  });

  it('percent-encodes only characters URLs may not contain', () => {
    const xml = serializeSitemap(
      urlset([
        { loc: 'https://www.example.com/ümlat.php?q=1&r=2' },
        { loc: 'https://www.example.com/summer sale/{x}|^`"' },
        { loc: 'https://www.example.com/100%-sure/%41%zz' },
        { loc: 'https://www.example.com/Path/Keep/?b=2&a=1#frag' },
        { loc: 'https://www.example.com/a#b#c' },
        { loc: 'https://bücher.example/ä' },
        { loc: 'https://www.example.com/%E4%B8%AD' },
      ]),
    );
    expect(xml).toContain('<loc>https://www.example.com/%C3%BCmlat.php?q=1&amp;r=2</loc>');
    expect(xml).toContain('<loc>https://www.example.com/summer%20sale/%7Bx%7D%7C%5E%60%22</loc>');
    expect(xml).toContain('<loc>https://www.example.com/100%25-sure/%41%25zz</loc>');
    expect(xml).toContain('<loc>https://www.example.com/Path/Keep/?b=2&amp;a=1#frag</loc>');
    expect(xml).toContain('<loc>https://www.example.com/a#b%23c</loc>');
    expect(xml).toContain('<loc>https://xn--bcher-kva.example/%C3%A4</loc>');
    expect(xml).toContain('<loc>https://www.example.com/%E4%B8%AD</loc>');
  });

  it('normalises dates, changefreq and priority per OUT-006 without inventing zones', () => {
    const cases: Array<[Partial<Entry>, string]> = [
      [{ lastmod: '2024-06-24T09:30Z' }, '<lastmod>2024-06-24T09:30:00Z</lastmod>'],
      [{ lastmod: '2024-06-24Z' }, '<lastmod>2024-06-24</lastmod>'],
      [{ lastmod: '2024-06-24+02:00' }, '<lastmod>2024-06-24</lastmod>'],
      [{ lastmod: '2024-06-24T09:30:00' }, '<lastmod>2024-06-24T09:30:00</lastmod>'],
      [{ lastmod: '2024-06-24T09:30:00.123-05:00' }, '<lastmod>2024-06-24T09:30:00.123-05:00</lastmod>'],
      [{ changefreq: 'Daily' }, '<changefreq>daily</changefreq>'],
      [{ priority: '0.50' }, '<priority>0.5</priority>'],
      [{ priority: '1' }, '<priority>1.0</priority>'],
      [{ priority: '.25' }, '<priority>0.25</priority>'],
      [{ priority: '+0.8' }, '<priority>0.8</priority>'],
      [{ priority: '5e-1' }, '<priority>0.5</priority>'],
      [{ priority: '-0.5' }, '<priority>-0.5</priority>'],
      [{ priority: 'high' }, '<priority>high</priority>'],
    ];
    for (const [fields, expected] of cases) {
      expect(serializeSitemap(urlset([{ loc: 'https://a.example/', ...fields }]))).toContain(expected);
    }
  });

  it('writes video children in VID-020 order, tags in source order, and normalises video values', () => {
    const xml = serializeSitemap(
      urlset([
        {
          loc: 'https://a.example/',
          videos: [
            {
              nodes: [
                { name: 'tag', text: 'b' },
                { name: 'live', text: 'NO' },
                { name: 'restriction', text: 'de  fr', attrs: { relationship: 'allow' } },
                { name: 'tag', text: 'a' },
                { name: 'platform', text: 'WEB   tv', attrs: { relationship: 'deny' } },
                { name: 'view_count', text: '0042' },
                { name: 'thumbnail_loc', text: 'https://a.example/t.jpg' },
              ],
            },
          ],
        },
      ]),
    );
    const names = [...xml.matchAll(/<video:(\w+)/g)].map((m) => m[1]);
    expect(names).toEqual([
      'video',
      'thumbnail_loc',
      'view_count',
      'tag',
      'tag',
      'restriction',
      'platform',
      'live',
    ]);
    expect(xml).toMatch(/<video:tag>b<\/video:tag>\s*<video:tag>a<\/video:tag>/);
    expect(xml).toContain('<video:restriction relationship="allow">DE FR</video:restriction>');
    expect(xml).toContain('<video:platform relationship="deny">web tv</video:platform>');
    expect(xml).toContain('<video:view_count>42</video:view_count>');
    expect(xml).toContain('<video:live>no</video:live>');
  });

  it('orders xhtml:link attributes rel, media, hreflang, href and keeps non-hreflang links last', () => {
    const xml = serializeSitemap(
      urlset([
        {
          loc: 'https://a.example/',
          alternates: [
            { href: 'https://m.a.example/', media: 'only screen and (max-width: 640px)', rel: 'alternate' },
            { href: 'https://a.example/fr', hreflang: 'fr', rel: 'alternate' },
            { href: 'https://a.example/', hreflang: 'X-Default', rel: 'alternate' },
            { href: 'https://a.example/de', hreflang: 'de', rel: 'alternate' },
          ],
        },
      ]),
    );
    const links = [...xml.matchAll(/<xhtml:link [^>]*\/>/g)].map((m) => m[0]);
    expect(links).toEqual([
      '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/>',
      '<xhtml:link rel="alternate" hreflang="fr" href="https://a.example/fr"/>',
      '<xhtml:link rel="alternate" hreflang="X-Default" href="https://a.example/"/>',
      '<xhtml:link rel="alternate" media="only screen and (max-width: 640px)" href="https://m.a.example/"/>',
    ]);
  });

  it('writes preserved unknown elements verbatim with their namespaces, resolving prefix collisions locally', () => {
    const doc = urlset([
      {
        loc: 'https://a.example/',
        extras: [
          { ns: NS_MOBILE, name: 'mobile', xml: '<mobile:mobile/>', nsDecls: { mobile: NS_MOBILE } },
          {
            ns: 'urn:acme',
            name: 'rating',
            xml: '<acme:rating a="1">5 &amp; up</acme:rating>',
            nsDecls: { acme: 'urn:acme' },
          },
          { ns: 'urn:other', name: 'x', xml: '<acme:x/>', nsDecls: { acme: 'urn:other' } },
          { ns: 'urn:img', name: 'y', xml: '<image:y/>', nsDecls: { image: 'urn:img' } },
        ],
      },
    ]);
    const xml = serializeSitemap(doc);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0" xmlns:acme="urn:acme">',
    );
    expect(xml).toContain('    <mobile:mobile/>\n');
    expect(xml).toContain('    <acme:rating a="1">5 &amp; up</acme:rating>\n');
    expect(xml).toContain('<acme:x xmlns:acme="urn:other"/>');
    expect(xml).toContain('<image:y xmlns:image="urn:img"/>');
  });

  it('writes legacy and near-miss namespace URIs of preserved elements as canonical', () => {
    const doc = urlset([
      {
        loc: 'https://a.example/',
        extras: [
          {
            ns: NS_MOBILE,
            name: 'mobile',
            xml: '<m:mobile/>',
            nsDecls: { m: 'https://google.com/schemas/sitemap-mobile/1.0/' },
          },
        ],
      },
    ]);
    expect(serializeSitemap(doc)).toContain(`xmlns:m="${NS_MOBILE}"`);
  });

  it('lean, stripDeprecated, schemaHints, stylesheet and compact options', () => {
    const doc = urlset(
      [
        {
          loc: 'https://a.example/',
          changefreq: 'daily',
          priority: '0.5',
          images: [{ loc: 'https://a.example/i.jpg', caption: 'Dog', title: 'T' }],
          videos: [
            {
              nodes: [
                {
                  name: 'player_loc',
                  text: 'https://a.example/p',
                  attrs: { allow_embed: 'yes', autoplay: 'ap=1' },
                },
                { name: 'category', text: 'c' },
                { name: 'id', text: '1', attrs: { type: 'url' } },
              ],
            },
          ],
          news: [
            {
              nodes: [
                { name: 'genres', text: 'Blog' },
                { name: 'title', text: 'T' },
              ],
            },
          ],
        },
      ],
      { stylesheet: '/sitemap.xsl' },
    );
    const full = serializeSitemap(doc, { schemaHints: true });
    expect(full).toContain(
      '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n<urlset',
    );
    expect(full).toContain('<image:caption>Dog</image:caption>');
    expect(full).toContain(
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd http://www.google.com/schemas/sitemap-image/1.1 http://www.google.com/schemas/sitemap-image/1.1/sitemap-image.xsd',
    );
    const lean = serializeSitemap(doc, { lean: true, stripDeprecated: true, keepStylesheet: false });
    expect(lean).not.toMatch(
      /changefreq|priority|caption|image:title|category|allow_embed|autoplay|genres|stylesheet|xsi/,
    );
    expect(lean).toContain('<video:player_loc>https://a.example/p</video:player_loc>');
    expect(lean).toContain('<video:id type="url">1</video:id>');
    const compact = serializeSitemap(doc, { pretty: false, keepStylesheet: false });
    expect(compact.split('\n')).toHaveLength(3);
    expect(compact.endsWith('</urlset>\n')).toBe(true);
    expect(compact).toContain('<url><loc>https://a.example/</loc><changefreq>daily</changefreq>');
  });

  it('writes UTF-8 without BOM and keeps non-ASCII text raw', () => {
    const doc = urlset([
      { loc: 'https://a.example/', news: [{ nodes: [{ name: 'title', text: 'Dončić „scores“' }] }] },
    ]);
    const { files } = serializeFiles(doc);
    expect([...files[0].bytes.slice(0, 5)]).toEqual([0x3c, 0x3f, 0x78, 0x6d, 0x6c]);
    expect(new TextDecoder().decode(files[0].bytes)).toContain('<news:title>Dončić „scores“</news:title>');
  });
});

const NS_MOBILE = 'http://www.google.com/schemas/sitemap-mobile/1.0';

describe('serializeSitemap text', () => {
  it('writes one URL-escaped, not entity-escaped URL per line with a final newline', () => {
    const doc = urlset([
      { loc: ' https://a.example/?a=1&b=2 ' },
      { loc: '' },
      { loc: 'https://a.example/ü' },
    ]);
    expect(serializeSitemap(doc, { format: 'txt' })).toBe(
      'https://a.example/?a=1&b=2\nhttps://a.example/%C3%BC\n',
    );
  });

  it('warns once (TXT-006) when metadata is dropped', () => {
    const doc = urlset([
      { loc: 'https://a.example/', lastmod: '2024-01-01' },
      { loc: 'https://a.example/b' },
    ]);
    const { files, issues } = serializeFiles(doc, { format: 'txt' });
    expect(files[0].name).toBe('sitemap.txt');
    expect(files[0].mime).toBe('text/plain;charset=utf-8');
    expect(issues.filter((i) => i.rule === 'TXT-006')).toHaveLength(1);
  });
});

describe('a text sitemap written as XML (issue 15, item 5)', () => {
  const text = parseSitemap(
    '# To add a list of URLs, make one per line\n# another note\nhttps://a.example/\n',
    {
      fileName: 'urllist.txt',
    },
  ).document;

  it('never turns a line that is not a URL into a <loc>, and says how many it left out', () => {
    for (const format of ['xml', 'xml.gz'] as const) {
      const { files, issues } = serializeFiles(text, { format });
      const body = new TextDecoder().decode(format === 'xml' ? files[0].bytes : gunzipSync(files[0].bytes));
      expect(body).not.toContain('<loc>#');
      expect(body.match(/<url>/g)).toHaveLength(1);
      expect(files[0].entries).toBe(1);
      const said = issues.filter((i) => i.rule === 'TXT-001');
      expect(said.map((i) => [i.severity, i.message])).toEqual([
        ['info', '2 lines that are not URLs left out: an XML sitemap holds URLs only'],
      ]);
    }
  });

  it('writes them as they were in text unless asked to leave them out, and says so then', () => {
    const kept = serializeFiles(text, { format: 'txt' });
    expect(new TextDecoder().decode(kept.files[0].bytes)).toContain('# another note\n');
    expect(kept.issues.filter((i) => i.rule === 'TXT-001')).toEqual([]);
    const dropped = serializeFiles(text, { format: 'txt', nonUrlLines: 'drop' });
    expect(new TextDecoder().decode(dropped.files[0].bytes)).toBe('https://a.example/\n');
    expect(dropped.issues.filter((i) => i.rule === 'TXT-001').map((i) => i.message)).toEqual([
      '2 lines that are not URLs left out',
    ]);
  });
});

describe('"is this text line a URL": one answer for the exporter and the findings', () => {
  it('leaves out exactly the lines TXT-001 flags (the status bar counts those)', () => {
    const lines = [
      'https://a.example/',
      ' HTTPS://a.example/b ',
      'https://',
      'http://a.example:port/',
      'ftp://a.example/',
      'a.example/page',
      '# a comment',
      '/relative',
    ];
    const doc = parseSitemap(`${lines.join('\n')}\n`, { fileName: 'u.txt' }).document;
    const flagged = new Set(
      validateDocument(doc, { now: Date.UTC(2026, 0, 1) }).flatMap((i) =>
        i.rule === 'TXT-001' ? [i.entry] : [],
      ),
    );
    expect(doc.entries.map((e) => !isUrlLine(e.loc))).toEqual(doc.entries.map((e) => flagged.has(e.id)));
    expect(flagged.size).toBe(6);
  });
});
