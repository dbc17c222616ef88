import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { serializeSitemap } from '../serialize.ts';
import { exportChanges } from './exportChanges.ts';

const SOURCE = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc> https://www.example.com/ümlaut </loc><priority>1</priority><lastmod>2024-06-24T09:30+02:00</lastmod><changefreq>Daily</changefreq></url>
<url><loc>https://www.example.com/n</loc><news:news><news:publication><news:name>Ex</news:name><news:language>en-US</news:language></news:publication><news:publication_date>2024-06-24</news:publication_date><news:title>T</news:title></news:news>
<image:image><image:loc>https://www.example.com/a.jpg</image:loc><image:caption>C</image:caption></image:image></url>
<url><loc>https://www.example.com/ok</loc><lastmod>2024-06-24</lastmod><priority>0.5</priority></url>
</urlset>`;

describe('exportChanges', () => {
  const { document, issues } = parseSitemap(SOURCE);
  const ids = (o = {}) => Object.fromEntries(exportChanges(document, issues, o).map((c) => [c.id, c.count]));

  it('lists every rewrite of a normalized export, with counts, and each is visible in the output', () => {
    expect(ids()).toEqual({
      encoded: 1,
      trimmed: 1,
      reordered: 1,
      dates: 1,
      priorities: 1,
      changefreqs: 1,
      languages: 1,
      namespaces: 1,
    });
    const out = serializeSitemap(document);
    expect(out).toContain('<loc>https://www.example.com/%C3%BCmlaut</loc>');
    expect(out).toContain('<priority>1.0</priority>');
    expect(out).toContain('<lastmod>2024-06-24T09:30:00+02:00</lastmod>');
    expect(out).toContain('<changefreq>daily</changefreq>');
    expect(out).toContain('<news:language>en-us</news:language>');
    expect(out).not.toContain('xmlns:video');
    expect(exportChanges(document, issues).find((c) => c.id === 'namespaces')?.text).toContain('xmlns:video');
  });

  it('counts what Lean output and Strip deprecated leave out', () => {
    const lean = ids({ lean: true, stripDeprecated: true });
    expect(lean).toMatchObject({ 'lean-cf': 1, 'lean-prio': 2, deprecated: 1 });
    expect(lean.priorities).toBeUndefined();
    const out = serializeSitemap(document, { lean: true, stripDeprecated: true });
    expect(out).not.toContain('<priority>');
    expect(out).not.toContain('<changefreq>');
    expect(out).not.toContain('image:caption');
  });

  it('is empty for a document the export writes back unchanged', () => {
    const clean = parseSitemap(serializeSitemap(document));
    expect(exportChanges(clean.document, clean.issues)).toEqual([]);
  });

  it('names text lines that are not URLs, kept or left out', () => {
    const txt = parseSitemap('# notes\nhttps://www.example.com/\n');
    expect(exportChanges(txt.document, txt.issues, { format: 'txt' })[0].text).toBe(
      '1 line that is not a URL written as it was (TXT-001)',
    );
    expect(exportChanges(txt.document, txt.issues, { format: 'txt', nonUrlLines: 'drop' })[0].text).toContain(
      'left out',
    );
    const two = parseSitemap('# a\n# b\nhttps://www.example.com/\n');
    expect(exportChanges(two.document, two.issues, { format: 'txt' })[0].text).toBe(
      '2 lines that are not URLs written as they were (TXT-001)',
    );
    // XML holds URLs only: the choice to write them as they were is for text.
    for (const format of ['xml', 'xml.gz', 'zip'] as const)
      expect(exportChanges(txt.document, txt.issues, { format, nonUrlLines: 'keep' })[0].text).toBe(
        '1 line that is not a URL left out (TXT-001)',
      );
  });

  it('says which comments and processing instructions a normalized export leaves out', () => {
    const real = (name: string) =>
      parseSitemap(readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/real', name)));
    const pis = real('sitemapr-comments-and-pis.xml');
    const changes = exportChanges(pis.document, pis.issues);
    expect(changes.find((c) => c.id === 'comments')).toMatchObject({
      count: 3,
      text: '3 comments left out: “This is a comment before the root element”, “Comment inside urlset”, “Comment inside url”',
    });
    expect(changes.find((c) => c.id === 'instructions')).toMatchObject({
      count: 2,
      text: '2 processing instructions left out: <?my-app?>, <?another-pi?>',
    });
    const out = serializeSitemap(pis.document);
    expect(out).not.toContain('<!--');
    expect(out).not.toContain('<?my-app');
    // The trailing comment after the root end tag too.
    const yoast = real('yoast-staatic-category-sitemap-local-host.xml');
    expect(exportChanges(yoast.document, yoast.issues).find((c) => c.id === 'comments')?.text).toBe(
      '1 comment left out: “XML Sitemap generated by Yoast SEO”',
    );
  });

  it('does not count a comment inside an element kept verbatim, nor the declaration or stylesheet', () => {
    const { document: d, issues: i } = parseSitemap(
      '<?xml version="1.0"?><?xml-stylesheet href="/s.xsl"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:m="urn:m"><url><loc>https://www.example.com/</loc><m:x><!-- kept --><?kept?></m:x></url></urlset>',
    );
    expect(exportChanges(d, i).map((c) => c.id)).toEqual([]);
    expect(serializeSitemap(d)).toContain('<!-- kept -->');
  });
});

describe('exportChanges: what the reader skipped before the root', () => {
  it('says the byte order mark, the space before the declaration and the DOCTYPE are left out', () => {
    const r = parseSitemap(
      new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...new TextEncoder().encode(
          '<?xml version="1.0"?>\n<!DOCTYPE urlset>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
        ),
      ]),
    );
    const said = exportChanges(r.document, r.issues, { format: 'xml' }).map((c) => `${c.rule} ${c.text}`);
    expect(said).toEqual(['ENC-002 byte order mark at the start left out', 'ENC-009 DOCTYPE left out']);
    const out = serializeSitemap(r.document);
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const lead = parseSitemap(
      '\n  <?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>',
    );
    expect(exportChanges(lead.document, lead.issues).map((c) => c.rule)).toEqual(['ENC-003']);
  });
});
