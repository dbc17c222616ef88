import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvToEntries, entriesToCsv, entriesToCsvChunks, guessMapping, parseCsv } from './csv.ts';
import type { Entry } from './model.ts';
import { parseSitemap } from './parse.ts';
import { serializeSitemap } from './serialize.ts';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '__fixtures__/csv', name), 'utf8');

describe('parseCsv + guessMapping + csvToEntries on a Screaming Frog-like export', () => {
  const parsed = parseCsv(fixture('screaming-frog-internal-html.csv'));

  it('strips the BOM, keeps quoted commas, doubled quotes and embedded CRLF inside cells', () => {
    expect(parsed.headers[0]).toBe('Address');
    expect(parsed.headers).toHaveLength(10);
    expect(parsed.delimiter).toBe(',');
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0][5]).toBe('Example Shoes, Boots & More | Example');
    expect(parsed.rows[1][5]).toBe('Boots, "waterproof" and warm');
    expect(parsed.rows[1][7]).toBe('Line one of the description,\r\nline two after an embedded CRLF.');
  });

  it('maps Address and Last Modified', () => {
    expect(guessMapping(parsed.headers)).toEqual({ loc: 0, lastmod: 8 });
  });

  it('keeps dates as written and skips the empty-URL row naming its CSV row number', () => {
    const { entries, issues } = csvToEntries(parsed, guessMapping(parsed.headers), { firstId: 7 });
    expect(entries.map((e) => e.loc)).toEqual([
      'https://www.example.com/',
      'https://www.example.com/boots/',
      'https://www.example.com/sandals/',
      'https://www.example.com/caf%C3%A9/',
    ]);
    expect(entries.map((e) => e.id)).toEqual([7, 8, 9, 10]);
    expect(entries[0].lastmod).toBe('Mon, 24 Jun 2024 09:30:00 GMT');
    expect(entries[1].lastmod).toBe('2024-06-20 14:05:09');
    expect(entries[2].lastmod).toBeUndefined();
    expect(issues).toHaveLength(1);
    expect(issues[0].rule).toBe('XML-004');
    expect(issues[0].line).toBe(4);
    expect(issues[0].message).toContain('CSV row 4');
  });
});

describe('Search Console export', () => {
  it('maps "Top pages" to loc and ignores the metric columns', () => {
    const parsed = parseCsv(fixture('search-console-pages.csv'));
    const mapping = guessMapping(parsed.headers);
    expect(mapping).toEqual({ loc: 0 });
    const { entries, issues } = csvToEntries(parsed, mapping, { firstId: 0 });
    expect(entries).toHaveLength(3);
    expect(entries[2]).toEqual({ id: 2, loc: 'https://www.example.com/blog/how-to-lace-boots' });
    expect(issues).toEqual([]);
  });
});

describe('guessMapping', () => {
  it('recognises common header spellings case-insensitively', () => {
    expect(guessMapping(['URL', 'Last_Modified', 'Change Frequency', 'PRIORITY'])).toEqual({
      loc: 0,
      lastmod: 1,
      changefreq: 2,
      priority: 3,
    });
    expect(guessMapping(['Page', 'Clicks'])).toEqual({ loc: 0 });
    expect(guessMapping(['Title', 'link', 'updated'])).toEqual({ loc: 1, lastmod: 2 });
    expect(guessMapping(['Referring page URL', 'Anchor'])).toEqual({ loc: 0 });
    expect(guessMapping(['Title', 'Clicks'])).toEqual({});
  });

  it('prefers the better name over an earlier column (Address over Date)', () => {
    expect(guessMapping(['Date', 'Address', 'Last Modified'])).toEqual({ loc: 1, lastmod: 2 });
  });
});

describe('parseCsv edge cases', () => {
  it('detects semicolons and skips a one-cell title row', () => {
    const parsed = parseCsv('"Internal - All"\nURL;Priority\nhttps://a.example/;0,8\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.headers).toEqual(['URL', 'Priority']);
    expect(parsed.headerRow).toBe(2);
    expect(parsed.rows).toEqual([['https://a.example/', '0,8']]);
    expect(parsed.rowNumbers).toEqual([3]);
  });

  it('detects semicolons and tabs without a title row', () => {
    expect(parseCsv('URL;Priority\r\nhttps://a.example/;0,8\r\n').delimiter).toBe(';');
    expect(parseCsv('URL\tLast Modified\nhttps://a.example/\t2024-06-24\n').rows).toEqual([
      ['https://a.example/', '2024-06-24'],
    ]);
  });

  it('reports an unterminated quote with its row', () => {
    const parsed = parseCsv('url,title\nhttps://a.example/,"never closed\n');
    expect(parsed.errors.length).toBeGreaterThan(0);
    expect(parsed.errors[0].row).toBe(2);
  });

  it('returns no headers for empty text', () => {
    expect(parseCsv('')).toMatchObject({ headers: [], rows: [] });
  });
});

const sample: Entry[] = [
  {
    id: 0,
    loc: 'https://www.example.com/a?x=1,2',
    lastmod: '2024-06-24',
    priority: '0.5',
    images: [{ loc: 'https://cdn.example.com/1.jpg' }, { loc: 'https://cdn.example.com/2.jpg' }],
    alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/a' }],
  },
  {
    id: 1,
    loc: 'https://www.example.com/b',
    changefreq: 'daily',
    videos: [{ nodes: [{ name: 'title', text: 'Say "hi"' }] }],
  },
];

describe('entriesToCsv', () => {
  it('writes a header, CRLF rows and quotes cells with commas or quotes', () => {
    const csv = entriesToCsv(sample, {
      columns: ['loc', 'lastmod', 'changefreq', 'priority', 'images', 'videos', 'alternates'],
    });
    expect(csv.split('\r\n')).toEqual([
      'loc,lastmod,changefreq,priority,images,videos,alternates',
      '"https://www.example.com/a?x=1,2",2024-06-24,,0.5,https://cdn.example.com/1.jpg https://cdn.example.com/2.jpg,,de=https://www.example.com/de/a',
      'https://www.example.com/b,,daily,,,"Say ""hi""",',
      '',
    ]);
  });

  it('exports only the chosen rows in the given order, with a file column and a BOM', () => {
    const files = ['post-sitemap.xml', 'page-sitemap.xml'];
    const csv = entriesToCsv(sample, {
      columns: ['file', 'loc'],
      rows: [1],
      fileOf: (i) => files[i],
      bom: true,
    });
    expect(csv).toBe('\ufefffile,loc\r\npage-sitemap.xml,https://www.example.com/b\r\n');
  });

  it('splits large exports into chunks of whole rows', () => {
    const many: Entry[] = Array.from({ length: 25 }, (_, i) => ({ id: i, loc: `https://e.example/${i}` }));
    const chunks = entriesToCsvChunks(many, { columns: ['loc'], chunkRows: 10 });
    expect(chunks).toHaveLength(4);
    expect(chunks[1].split('\r\n')[0]).toBe('https://e.example/0');
    expect(chunks.join('').split('\r\n')).toHaveLength(27);
  });

  it('round-trips through parseCsv and csvToEntries', () => {
    const csv = entriesToCsv(sample, { columns: ['loc', 'lastmod', 'changefreq', 'priority'] });
    const parsed = parseCsv(csv);
    const back = csvToEntries(parsed, guessMapping(parsed.headers), { firstId: 0 }).entries;
    expect(back).toEqual(
      sample.map(({ id, loc, lastmod, changefreq, priority }) =>
        Object.fromEntries(
          Object.entries({ id, loc, lastmod, changefreq, priority }).filter(([, v]) => v !== undefined),
        ),
      ),
    );
  });
});

describe('crawler CSV to sitemap and back', () => {
  it('imports a Screaming Frog export, writes a sitemap, and exports the same URLs as CSV', () => {
    const parsed = parseCsv(fixture('screaming-frog-internal-html.csv'));
    const { entries } = csvToEntries(parsed, guessMapping(parsed.headers), { firstId: 0 });
    const xml = serializeSitemap({ kind: 'urlset', entries, nextId: entries.length });
    const reopened = parseSitemap(xml);
    expect(reopened.document.entries.map((e) => e.loc)).toEqual(entries.map((e) => e.loc));
    const csv = entriesToCsv(reopened.document.entries, { columns: ['loc'] });
    expect(parseCsv(csv).rows.map((r) => r[0])).toEqual(entries.map((e) => e.loc));
  });
});
