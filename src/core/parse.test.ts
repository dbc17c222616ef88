import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './gzip.ts';
import { NS } from './model.ts';
import { WIDE_MIN_BYTES, wideUtf8 } from './parse/decode.ts';
import { gunzipAll, isGzip } from './parse/gzip.ts';
import { parseSitemap } from './parse.ts';

const fixtures = path.join(import.meta.dirname, '__fixtures__/parse');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));
const enc = new TextEncoder();
const rules = (r: { issues: { rule: string }[] }) => r.issues.map((i) => i.rule);
const urlset = (body: string, ns = `xmlns="${NS.sitemap}"`) =>
  `<?xml version="1.0"?>\n<urlset ${ns}>${body}</urlset>`;

describe('parseSitemap: urlset', () => {
  it('reads loc, lastmod, changefreq and priority as written, with lines and ids', () => {
    const r = parseSitemap(fixture('basic-urlset.xml'), { fileName: 'basic-urlset.xml' });
    expect(r.kind).toBe('urlset');
    expect(r.fatal).toBeNull();
    expect(r.issues).toEqual([]);
    const [a, b] = r.document.entries;
    expect(a).toEqual({
      id: 0,
      loc: 'https://www.example.com/',
      lastmod: '2024-06-24',
      changefreq: 'daily',
      priority: '0.50',
      line: 3,
      column: 3,
    });
    expect(b.id).toBe(1);
    expect(b.loc).toBe(' https://www.example.com/a?x=1&y=2 ');
    expect(b.line).toBe(9);
    expect(r.document.nextId).toBe(2);
    expect(r.document.namespaces).toEqual({ '': NS.sitemap });
    expect(r.document.source).toMatchObject({ fileName: 'basic-urlset.xml', gzip: false, encoding: 'utf-8' });
    expect(r.document.source?.bytes).toBe(fixture('basic-urlset.xml').length);
  });

  it('decodes entities exactly once', () => {
    const r = parseSitemap(urlset('<url><loc>https://e.example/?a=1&amp;amp;b=2&#38;c=&#x26;</loc></url>'));
    expect(r.document.entries[0].loc).toBe('https://e.example/?a=1&amp;b=2&c=&');
    expect(r.issues).toEqual([]);
  });

  it('accepts a string input and reports the BOM', () => {
    const r = parseSitemap(`\uFEFF${urlset('<url><loc>https://e.example/</loc></url>')}`);
    expect(r.document.entries).toHaveLength(1);
    expect(rules(r)).toEqual(['ENC-002']);
  });

  it('keeps an entry without loc and reports XML-004', () => {
    const r = parseSitemap(urlset('\n<url><lastmod>2024-01-01</lastmod></url>'));
    expect(r.document.entries).toEqual([{ id: 0, loc: '', lastmod: '2024-01-01', line: 3, column: 1 }]);
    expect(r.issues).toMatchObject([{ rule: 'XML-004', entry: 0, field: 'loc', line: 3 }]);
  });

  it('keeps the first of repeated loc/lastmod and reports XML-004 / XML-005', () => {
    const body =
      '<url><loc>https://e.example/1</loc><loc>https://e.example/2</loc><lastmod>2024-01-01</lastmod><lastmod>2024-02-02</lastmod></url>';
    const r = parseSitemap(urlset(body));
    expect(r.document.entries[0]).toMatchObject({ loc: 'https://e.example/1', lastmod: '2024-01-01' });
    expect(rules(r)).toEqual(['XML-004', 'XML-005']);
    expect(r.issues[1].message).toContain('2024-02-02');
  });

  it('reports child order once per entry (XML-006)', () => {
    const r = parseSitemap(
      urlset('<url><lastmod>2024-01-01</lastmod><priority>1</priority><loc>https://e.example/</loc></url>'),
    );
    expect(r.document.entries[0].loc).toBe('https://e.example/');
    expect(r.issues).toMatchObject([{ rule: 'XML-006', entry: 0, field: 'loc' }]);
  });

  it('keeps unknown sitemap-namespace elements verbatim (XML-008)', () => {
    const r = parseSitemap(
      urlset('<url><loc>https://e.example/</loc><lastmodified>2024</lastmodified></url>'),
    );
    expect(r.document.entries[0].extras).toEqual([
      {
        ns: NS.sitemap,
        name: 'lastmodified',
        xml: '<lastmodified>2024</lastmodified>',
        nsDecls: { '': NS.sitemap },
        line: 2,
      },
    ]);
    expect(r.issues).toMatchObject([{ rule: 'XML-008', entry: 0, field: 'extras.0' }]);
  });

  it('reads an empty urlset', () => {
    const r = parseSitemap(urlset('\n'));
    expect(r.kind).toBe('urlset');
    expect(r.document.entries).toEqual([]);
    expect(r.fatal).toBeNull();
  });
});

describe('parseSitemap: sitemap index', () => {
  it('reads sitemap entries', () => {
    const r = parseSitemap(fixture('basic-index.xml'));
    expect(r.kind).toBe('sitemapindex');
    expect(r.document.entries).toEqual([
      { id: 0, loc: 'https://www.example.com/s1.xml', lastmod: '2024-06-24T10:00:00Z', line: 3, column: 3 },
      { id: 1, loc: 'https://www.example.com/s2.xml', line: 4, column: 3 },
    ]);
    expect(r.issues).toEqual([]);
  });

  it('keeps extra children of an index entry and reports IDX-002', () => {
    const xml = `<sitemapindex xmlns="${NS.sitemap}"><sitemap><loc>https://e.example/s.xml</loc><priority>1.0</priority></sitemap></sitemapindex>`;
    const r = parseSitemap(xml);
    expect(r.document.entries[0].priority).toBeUndefined();
    expect(r.document.entries[0].extras?.[0].xml).toBe('<priority>1.0</priority>');
    expect(rules(r)).toEqual(['IDX-002']);
  });

  it('uses bare text of a sitemap without loc and reports IDX-001', () => {
    const xml = `<sitemapindex xmlns="${NS.sitemap}">\n<sitemap>\nhttps://e.example/s.xml?a=1&amp;b=2\n</sitemap></sitemapindex>`;
    const r = parseSitemap(xml);
    expect(r.document.entries[0].loc).toBe('\nhttps://e.example/s.xml?a=1&b=2\n');
    expect(r.issues).toMatchObject([{ rule: 'IDX-001', entry: 0, line: 2 }]);
  });

  it('splits mixed content: the minority goes to otherEntries (XML-011)', () => {
    const xml = urlset(
      '<url><loc>https://e.example/1</loc></url><sitemap><loc>https://e.example/s.xml</loc></sitemap><url><loc>https://e.example/2</loc></url>',
    );
    const r = parseSitemap(xml);
    expect(r.kind).toBe('urlset');
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://e.example/1', 'https://e.example/2']);
    expect(r.document.otherEntries?.map((e) => e.loc)).toEqual(['https://e.example/s.xml']);
    expect(rules(r)).toEqual(['XML-011']);
  });
});

describe('parseSitemap: text', () => {
  it('keeps every non-blank line as written and reports blank lines and padding (TXT-005)', () => {
    const r = parseSitemap('https://e.example/a\r\n\r\n  https://e.example/b\nnot a url\r', {
      fileName: 'x.txt',
    });
    expect(r.kind).toBe('text');
    expect(r.document.entries).toEqual([
      { id: 0, loc: 'https://e.example/a', line: 1, column: 1 },
      { id: 1, loc: '  https://e.example/b', line: 3, column: 1 },
      { id: 2, loc: 'not a url', line: 4, column: 1 },
    ]);
    // The padded line is the validator's TXT-005 (live, with its trim fix), not the parser's too.
    expect(r.issues).toMatchObject([{ rule: 'TXT-005', line: 2 }]);
    expect(r.issues).toHaveLength(1);
  });

  it('splits CR-only line endings', () => {
    const r = parseSitemap('https://e.example/a\rhttps://e.example/b\r');
    expect(r.document.entries.map((e) => [e.loc, e.line])).toEqual([
      ['https://e.example/a', 1],
      ['https://e.example/b', 2],
    ]);
  });

  it('reports a BOM in a text sitemap once, as TXT-005 (its rule: "a BOM"), not ENC-002 too', () => {
    const r = parseSitemap(new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode('https://e.example/\n')]));
    expect(r.document.entries[0].loc).toBe('https://e.example/');
    expect(rules(r)).toEqual(['TXT-005']);
    expect(rules(parseSitemap('\ufeffhttps://e.example/\n'))).toEqual(['TXT-005']);
  });
});

describe('parseSitemap: gzip', () => {
  const xml = urlset('<url><loc>https://e.example/</loc></url>');

  it('detects gzip by content and records the source facts', () => {
    const gz = gzipSync(enc.encode(xml));
    const r = parseSitemap(gz, { fileName: 'sitemap.xml.gz' });
    expect(r.document.entries[0].loc).toBe('https://e.example/');
    expect(r.document.source).toMatchObject({
      gzip: true,
      bytes: gz.length,
      decodedBytes: enc.encode(xml).length,
    });
    expect(r.issues).toEqual([]);
  });

  it('reports gzip without a .gz name as GZ-002 info', () => {
    const r = parseSitemap(gzipSync(enc.encode(xml)), { fileName: 'sitemap' });
    expect(r.issues).toMatchObject([{ rule: 'GZ-002', severity: 'info' }]);
  });

  it('reads plain content named .gz with a GZ-002 warning', () => {
    const r = parseSitemap(enc.encode(xml), { fileName: 'sitemap.xml.gz' });
    expect(r.document.entries).toHaveLength(1);
    expect(r.issues).toMatchObject([{ rule: 'GZ-002', severity: 'warning' }]);
    expect(r.document.source?.gzip).toBe(false);
  });

  it('decodes every member of a multi-member gzip file (GZ-004)', () => {
    const head = enc.encode(`<urlset xmlns="${NS.sitemap}"><url><loc>https://e.example/1</loc></url>`);
    const tail = enc.encode('<url><loc>https://e.example/2</loc></url></urlset>');
    const a = gzipSync(head);
    const b = gzipSync(tail);
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    const r = parseSitemap(both, { fileName: 's.xml.gz' });
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://e.example/1', 'https://e.example/2']);
    expect(rules(r)).toEqual(['GZ-004']);
  });

  it('keeps decoded data on a CRC error (GZ-003)', () => {
    const gz = gzipSync(enc.encode(xml));
    gz[gz.length - 8] ^= 0xff;
    const r = parseSitemap(gz, { fileName: 's.xml.gz' });
    expect(r.document.entries).toHaveLength(1);
    expect(rules(r)).toEqual(['GZ-003']);
  });

  it('says an empty document came from a gzip whose CRC-32 check fails (the file is damaged)', () => {
    const gz = gzipSync(new Uint8Array(0));
    gz[gz.length - 8] ^= 0xff;
    const r = parseSitemap(gz, { fileName: 'index.xml.gz' });
    expect(rules(r)).toEqual(['GZ-003', 'ENC-004']);
    expect(r.fatal?.message).toMatch(/empty document.*CRC-32 check fails/);
    // Without the CRC failure the message stays the plain one.
    expect(parseSitemap(gzipSync(new Uint8Array(0)), { fileName: 'index.xml.gz' }).fatal?.message).toBe(
      'The gzip file decompresses to an empty document',
    );
  });

  it('recovers the complete entries of a cut-off gzip download (GZ-003 + ENC-004, partial)', () => {
    const body = Array.from({ length: 5000 }, (_, i) => `<url><loc>https://e.example/${i}</loc></url>`).join(
      '\n',
    );
    const gz = gzipSync(enc.encode(urlset(body)));
    const r = parseSitemap(gz.subarray(0, Math.floor(gz.length / 2)), { fileName: 's.xml.gz' });
    expect(r.document.partial).toBe(true);
    expect(r.document.entries.length).toBeGreaterThan(1000);
    expect(r.document.entries.length).toBeLessThan(5000);
    expect(r.document.entries.at(-1)?.loc).toBe(`https://e.example/${r.document.entries.length - 1}`);
    expect(rules(r)).toEqual(['GZ-003', 'ENC-004']);
  });

  it('stops at the decompression cap (GZ-006)', () => {
    const big = gzipSync(new Uint8Array(1_000_000).fill(32));
    const r = parseSitemap(big, { fileName: 'bomb.xml.gz', maxDecompressedBytes: 10_000 });
    expect(r.fatal).not.toBeNull();
    expect(rules(r)).toContain('GZ-006');
  });

  it('refuses zip (GZ-001) and tar inside gzip (GZ-005)', () => {
    const zip = zipSync({ 'sitemap.xml': enc.encode(xml) });
    expect(rules(parseSitemap(zip))).toEqual(['GZ-001']);
    const tar = new Uint8Array(1024);
    tar.set(enc.encode('ustar'), 257);
    const r = parseSitemap(gzipSync(tar), { fileName: 'x.tar.gz' });
    expect(rules(r)).toEqual(['GZ-005']);
    expect(r.fatal?.line).toBe(1);
  });

  it('records gzip when the caller inflated the data (compressedBytes)', () => {
    const r = parseSitemap(enc.encode(xml), { fileName: 's.xml.gz', compressedBytes: 123 });
    expect(r.document.source).toMatchObject({ gzip: true, bytes: 123 });
    expect(r.issues).toEqual([]);
  });
});

describe('gunzipAll', () => {
  const data = enc.encode('hello sitemap');

  it('tolerates trailing zero padding with a GZ-003 warning', () => {
    const gz = gzipSync(data);
    const padded = new Uint8Array(gz.length + 16);
    padded.set(gz);
    const r = gunzipAll(padded, 1000);
    expect(new TextDecoder().decode(r.data)).toBe('hello sitemap');
    expect(r.truncated).toBe(false);
    expect(r.issues).toMatchObject([{ rule: 'GZ-003', severity: 'warning' }]);
  });

  it('keeps the decoded prefix of a cut-off stream and says it is truncated', () => {
    const big = enc.encode('x'.repeat(100_000));
    const gz = gzipSync(big, { level: 0 });
    const r = gunzipAll(gz.subarray(0, 90_000), 1_000_000);
    expect(r.truncated).toBe(true);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.length).toBeLessThan(100_000);
    expect(r.issues.map((i) => i.rule)).toEqual(['GZ-003']);
  });

  it('crc32 matches the IEEE check value on short and long inputs', () => {
    expect(crc32(enc.encode('123456789'), 0, 9)).toBe(0xcbf43926);
    const long = enc.encode('123456789'.repeat(3));
    expect(crc32(long, 9, 18)).toBe(0xcbf43926);
  });

  it('caps the output (GZ-006) and isGzip checks the magic', () => {
    const r = gunzipAll(gzipSync(new Uint8Array(100_000)), 1000);
    expect(r.data.length).toBe(0); // a capped file is refused: nothing of it is kept
    expect(r.truncated).toBe(true);
    expect(isGzip(gzipSync(data))).toBe(true);
    expect(isGzip(data)).toBe(false);
  });
});

describe('parseSitemap: fatal excerpt', () => {
  it('is a window of at most 200 characters around the error on a long line', () => {
    const body = Array.from({ length: 200 }, (_, i) => `<url><loc>https://e.example/${i}</loc></url>`).join(
      '',
    );
    const xml = urlset(`${body}<url><loc>https://e.example/bad</loc><lastmod>x<</lastmod></url>`);
    const r = parseSitemap(xml);
    expect(r.document.entries).toHaveLength(200);
    expect(r.fatal?.line).toBe(2);
    expect(r.fatal?.excerpt?.length).toBeLessThanOrEqual(200);
    expect(r.fatal?.excerpt).toContain('<lastmod>x<</lastmod>');
  });
});

describe('parseSitemap: DOCTYPE and entities', () => {
  it('refuses a billion-laughs DOCTYPE without expanding it', () => {
    const r = parseSitemap(fixture('billion-laughs.xml'));
    expect(r.document.entries[0].loc).toBe('https://www.example.com/&lol9;');
    expect(rules(r)).toEqual(['ENC-009', 'ENC-006']);
    expect(r.issues[1].message).toContain('not expanded');
  });

  it('never fetches or expands an external entity', () => {
    const r = parseSitemap(fixture('external-entity.xml'));
    expect(r.document.entries[0].loc).toBe('https://www.example.com/&ext;&file;');
    expect(rules(r)).toEqual(['ENC-009', 'ENC-006']);
  });
});

describe('parseSitemap: progress', () => {
  it('reports progress from 0 to the total, increasing', () => {
    const body = Array.from(
      { length: 20_000 },
      (_, i) => `<url><loc>https://e.example/${i}</loc></url>`,
    ).join('\n');
    const bytes = enc.encode(urlset(body));
    const calls: Array<[number, number]> = [];
    const r = parseSitemap(bytes, { onProgress: (done, total) => calls.push([done, total]) });
    expect(r.document.entries).toHaveLength(20_000);
    expect(calls[0]).toEqual([0, bytes.length]);
    expect(calls.at(-1)).toEqual([bytes.length, bytes.length]);
    expect(calls.length).toBe(4);
    for (let i = 1; i < calls.length; i++) expect(calls[i][0]).toBeGreaterThan(calls[i - 1][0]);
  });
});

describe('parseSitemap: a large file dense with non-ASCII (decoded by Node transcode)', () => {
  it('places every entry and finding at the line and column of the same text parsed as a string', () => {
    let body = '\n';
    for (let i = 0; i < 2500; i++) {
      // Astral and CJK characters before the element on its line; every fifth lastmod is bad.
      body += `<!-- 😀 日本 ${i} --><url><loc>https://e.example/日本/ż/😀/${i}</loc>`;
      body += `<lastmod>${i % 5 === 0 ? 'soon 😀' : '2024-05-01'}</lastmod><x:y xmlns:x="urn:x">ж</x:y></url>\n`;
    }
    const text = urlset(body);
    const bytes = enc.encode(text);
    expect(bytes.length).toBeGreaterThan(WIDE_MIN_BYTES);
    expect(wideUtf8(bytes)).toBe(text);
    const fromBytes = parseSitemap(bytes);
    const fromText = parseSitemap(text);
    expect(fromBytes.document.entries).toEqual(fromText.document.entries);
    expect(fromBytes.issues).toEqual(fromText.issues);
    const e = fromBytes.document.entries[1234];
    expect(e.loc).toBe('https://e.example/日本/ż/😀/1234');
    expect([e.line, e.column]).toEqual([3 + 1234, 1 + '<!-- 😀 日本 1234 -->'.length]);
  });
});
