import { gunzipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../model.ts';
import { serializeFiles, serializeSitemap } from '../serialize.ts';
import { urlset } from './__fixtures__/canonical.ts';

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const count = (s: string, needle: string) => s.split(needle).length - 1;

function many(n: number, make: (i: number) => Omit<Entry, 'id'>): SitemapDocument {
  return urlset(Array.from({ length: n }, (_, i) => make(i)));
}

describe('serializeFiles splitting (OUT-008)', () => {
  it('names the index after the publish URL and warns when the URLs sit outside its folder (HOST-004)', () => {
    const doc = many(5, (i) => ({
      loc: i === 4 ? `https://a.example/sitemaps/in` : `https://a.example/post-${i}/`,
    }));
    const { files, issues } = serializeFiles(doc, {
      baseName: 'post-sitemap',
      split: { maxUrls: 2 },
      publishUrl: 'https://a.example/sitemaps/sitemap_index.xml',
    });
    expect(files.map((f) => f.name)).toEqual([
      'post-sitemap-1.xml',
      'post-sitemap-2.xml',
      'post-sitemap-3.xml',
      'sitemap_index.xml',
    ]);
    expect(text(files[3].bytes)).toContain('<loc>https://a.example/sitemaps/post-sitemap-1.xml</loc>');
    expect(issues.map((i) => [i.rule, i.severity])).toEqual([['HOST-004', 'warning']]);
    expect(issues[0].message).toMatch(
      /^4 of 5 URLs are outside https:\/\/a\.example\/sitemaps\/.*site root.*https:\/\/a\.example\/sitemap_index\.xml/,
    );
  });

  it('keeps its own base name for an index whose publish URL names no usable file', () => {
    const doc = many(3, (i) => ({ loc: `https://a.example/${i}` }));
    const names = (publishUrl: string) =>
      serializeFiles(doc, { baseName: 'pages', split: { maxUrls: 2 }, publishUrl }).files.map((f) => f.name);
    expect(names('https://a.example/')).toEqual(['pages-1.xml', 'pages-2.xml', 'pages.xml']);
    expect(names('https://a.example/pages-1.xml')).toEqual(['pages-1.xml', 'pages-2.xml', 'pages.xml']);
    expect(names('https://a.example/%C3%BCber%20alles.xml')).toEqual([
      'pages-1.xml',
      'pages-2.xml',
      '-ber-alles.xml',
    ]);
  });

  it('keeps a small document in one file named <base>.xml', () => {
    const { files, issues } = serializeFiles(
      many(3, (i) => ({ loc: `https://a.example/${i}` })),
      { baseName: 'pages' },
    );
    expect(files.map((f) => [f.name, f.mime, f.entries])).toEqual([['pages.xml', 'application/xml', 3]]);
    expect(files[0].uncompressedBytes).toBe(files[0].bytes.length);
    expect(issues).toEqual([]);
  });

  it('splits by entry count and writes an index with absolute locs and the newest child lastmod', () => {
    const doc = many(5, (i) => ({
      loc: `https://www.example.com/maps/p${i}`,
      ...(i === 3
        ? {}
        : {
            lastmod: ['2024-01-01', '2024-03-01T10:00:00+02:00', '2024-03-01T09:00:00Z', '', '2023-12-31'][i],
          }),
    }));
    const { files, issues } = serializeFiles(doc, {
      split: { maxUrls: 2 },
      publishUrl: 'https://www.example.com/maps/sitemap.xml',
    });
    expect(issues).toEqual([]);
    expect(files.map((f) => [f.name, f.entries])).toEqual([
      ['sitemap-1.xml', 2],
      ['sitemap-2.xml', 2],
      ['sitemap-3.xml', 1],
      ['sitemap.xml', 3],
    ]);
    const index = text(files[3].bytes);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(
      '<loc>https://www.example.com/maps/sitemap-1.xml</loc>\n    <lastmod>2024-03-01T10:00:00+02:00</lastmod>',
    );
    // 2024-03-01T09:00:00Z is later than 10:00+02:00 (08:00Z)
    expect(index).toContain(
      '<loc>https://www.example.com/maps/sitemap-2.xml</loc>\n    <lastmod>2024-03-01T09:00:00Z</lastmod>',
    );
    expect(index).toContain(
      '<loc>https://www.example.com/maps/sitemap-3.xml</loc>\n    <lastmod>2023-12-31</lastmod>',
    );
  });

  it('splits by encoded bytes, counting multi-byte characters, every file within the limit', () => {
    const doc = many(400, (i) => ({
      loc: `https://a.example/${i}`,
      images: [{ loc: `https://a.example/ü/€/😀/${i}.jpg` }],
    }));
    const maxBytes = 8000;
    const { files } = serializeFiles(doc, {
      split: { maxBytes },
      publishUrl: 'https://a.example/sitemap.xml',
    });
    const children = files.filter((f) => /-\d+\.xml$/.test(f.name));
    expect(children.length).toBeGreaterThan(5);
    let total = 0;
    for (const f of children) {
      expect(f.bytes.length).toBeLessThanOrEqual(maxBytes);
      expect(text(f.bytes)).toContain('xmlns:image=');
      total += count(text(f.bytes), '<url>');
    }
    expect(total).toBe(400);
    // Splitting is greedy: the next entry would not have fitted.
    expect(children[0].bytes.length).toBeGreaterThan(maxBytes - 400);
  });

  it('splits at 1,000 news elements and declares per file only the namespaces it uses', () => {
    const doc = many(1500, (i) =>
      i < 1200
        ? { loc: `https://a.example/n${i}`, news: [{ nodes: [{ name: 'title', text: `T${i}` }] }] }
        : { loc: `https://a.example/p${i}` },
    );
    const { files } = serializeFiles(doc, { publishUrl: 'https://a.example/sitemap.xml' });
    expect(files.map((f) => f.entries)).toEqual([1000, 500, 2]);
    expect(text(files[0].bytes)).toContain('xmlns:news');
    expect(count(text(files[1].bytes), '<news:news>')).toBe(200);
  });

  it('uses ASCII file names (OUT-011)', () => {
    const { files } = serializeFiles(
      many(1, () => ({ loc: 'https://a.example/' })),
      { baseName: 'Karte für /de' },
    );
    expect(files[0].name).toBe('Karte-f-r-de.xml');
  });

  it('never writes relative locations: without a publish URL it reports OUT-008 and writes no index', () => {
    const { files, issues } = serializeFiles(
      many(3, (i) => ({ loc: `https://a.example/${i}` })),
      { split: { maxUrls: 2 } },
    );
    expect(files.map((f) => f.name)).toEqual(['sitemap-1.xml', 'sitemap-2.xml']);
    expect(issues.map((i) => [i.rule, i.severity])).toEqual([['OUT-008', 'error']]);
  });

  it('splits text sitemaps into <base>-N.txt with an XML index', () => {
    const { files } = serializeFiles(
      many(3, (i) => ({ loc: `https://a.example/${i}` })),
      {
        format: 'txt',
        split: { maxUrls: 2 },
        publishUrl: 'https://a.example/sitemap.txt',
      },
    );
    expect(files.map((f) => f.name)).toEqual(['sitemap-1.txt', 'sitemap-2.txt', 'sitemap.xml']);
    expect(text(files[1].bytes)).toBe('https://a.example/2\n');
    expect(text(files[2].bytes)).toContain('<loc>https://a.example/sitemap-2.txt</loc>');
  });
});

describe('serializeFiles encoding', () => {
  it('produces exactly the UTF-8 encoding of the serialized text, also when multi-byte text outgrows the estimate', () => {
    const doc = many(3000, (i) => ({
      loc: `https://a.example/${i}`,
      images: [{ loc: `https://a.example/${i}.jpg`, caption: '日本語のキャプション😀'.repeat(20) }],
    }));
    const { files } = serializeFiles(doc);
    expect(files).toHaveLength(1);
    const expected = new TextEncoder().encode(serializeSitemap(doc));
    // Byte compare in one call: a deep toEqual walks 4 MB element by element (60 s under load).
    expect(files[0].bytes.length).toBe(expected.length);
    expect(Buffer.compare(files[0].bytes, expected)).toBe(0);
  });
});

describe('serializeFiles gzip and zip', () => {
  it('gzips each file with MTIME 0, FNAME, and index locs pointing at .gz names', () => {
    const { files, issues } = serializeFiles(
      many(3, (i) => ({ loc: `https://a.example/${i}` })),
      {
        format: 'xml.gz',
        split: { maxUrls: 2 },
        publishUrl: 'https://a.example/sitemap.xml.gz',
      },
    );
    expect(issues).toEqual([]);
    expect(files.map((f) => [f.name, f.mime])).toEqual([
      ['sitemap-1.xml.gz', 'application/gzip'],
      ['sitemap-2.xml.gz', 'application/gzip'],
      ['sitemap.xml.gz', 'application/gzip'],
    ]);
    const gz = files[0].bytes;
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    expect([gz[4], gz[5], gz[6], gz[7]]).toEqual([0, 0, 0, 0]);
    expect(text(gz.subarray(10, 10 + 'sitemap-1.xml'.length))).toBe('sitemap-1.xml');
    const inflated = gunzipSync(gz);
    expect(inflated.length).toBe(files[0].uncompressedBytes);
    expect(text(gunzipSync(files[2].bytes))).toContain('<loc>https://a.example/sitemap-2.xml.gz</loc>');
  });

  it('produces identical gzip bytes for identical input', () => {
    const doc = many(10, (i) => ({ loc: `https://a.example/${i}` }));
    const a = serializeSitemap(doc, { format: 'xml.gz' });
    const b = serializeSitemap(doc, { format: 'xml.gz', gzipLevel: 6 });
    expect(a).toEqual(b);
    expect(text(gunzipSync(a))).toBe(serializeSitemap(doc));
  });

  it('a zip of a document that fits in one file still holds split files plus an index (OUT-008)', () => {
    const doc = many(3, (i) => ({ loc: `https://a.example/${i}`, lastmod: `2024-01-0${i + 1}` }));
    const { files, issues } = serializeFiles(doc, {
      format: 'zip',
      publishUrl: 'https://a.example/sitemap.xml',
    });
    expect(files.map((f) => [f.name, f.entries])).toEqual([['sitemap.zip', 3]]);
    const inside = unzipSync(files[0].bytes);
    expect(Object.keys(inside).sort()).toEqual(['sitemap-1.xml', 'sitemap.xml']);
    const index = text(inside['sitemap.xml']);
    expect(index).toContain('<sitemapindex');
    expect(count(index, '<sitemap>')).toBe(1);
    expect(index).toContain('<loc>https://a.example/sitemap-1.xml</loc>');
    expect(index).toContain('<lastmod>2024-01-03</lastmod>');
    expect(count(text(inside['sitemap-1.xml']), '<url>')).toBe(3);
    expect(issues).toEqual([]);
    // What is inside, for the dialog to list.
    expect(files[0].inside).toEqual([
      { name: 'sitemap-1.xml', entries: 3, uncompressedBytes: inside['sitemap-1.xml'].length },
      { name: 'sitemap.xml', entries: 1, uncompressedBytes: inside['sitemap.xml'].length, index: true },
    ]);
  });

  it('a one-file zip without a publish URL holds the sitemap alone and says why there is no index', () => {
    const doc = many(3, (i) => ({ loc: `https://a.example/${i}` }));
    const { files, issues } = serializeFiles(doc, { format: 'zip' });
    expect(Object.keys(unzipSync(files[0].bytes))).toEqual(['sitemap.xml']);
    expect(files[0].inside?.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(issues.map((i) => [i.rule, i.severity])).toEqual([['OUT-008', 'info']]);
    expect(issues[0].message).toBe(
      'The 3 URLs fit in one file, so the zip holds sitemap.xml alone: a sitemap index needs a valid http(s) publish URL (its locations must be absolute). Set the publish URL and export again.',
    );
    // An index document is never listed by another index: one file, no note.
    const index: SitemapDocument = { ...doc, kind: 'sitemapindex' };
    const out = serializeFiles(index, { format: 'zip', publishUrl: 'https://a.example/sitemap.xml' });
    expect(Object.keys(unzipSync(out.files[0].bytes))).toEqual(['sitemap.xml']);
    expect(out.issues).toEqual([]);
  });

  it('bundles children and index into one zip', () => {
    const { files } = serializeFiles(
      many(3, (i) => ({ loc: `https://a.example/${i}` })),
      {
        format: 'zip',
        childFormat: 'xml.gz',
        split: { maxUrls: 2 },
        publishUrl: 'https://a.example/sitemap.xml.gz',
      },
    );
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('sitemap.zip');
    expect(files[0].entries).toBe(3);
    const inside = unzipSync(files[0].bytes);
    expect(Object.keys(inside).sort()).toEqual(['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap.xml.gz']);
    expect(text(gunzipSync(inside['sitemap-2.xml.gz']))).toContain('<loc>https://a.example/2</loc>');
  });
});
