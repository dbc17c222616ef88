import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvToEntries, entriesToCsv, guessMapping } from '../core/csv.ts';
import type { Entry } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { serializeSitemap } from '../core/serialize.ts';
import { parseCsv } from './csvTokens.ts';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../core/__fixtures__/csv', name), 'utf8');

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

describe('parseCsv edge cases', () => {
  it('detects semicolons and skips a one-cell title row', () => {
    const parsed = parseCsv('"Internal - All"\nURL;Priority\nhttps://a.example/;0,8\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.headers).toEqual(['URL', 'Priority']);
    expect(parsed.headerRow).toBe(2);
    expect(parsed.rows).toEqual([['https://a.example/', '0,8']]);
    expect(parsed.rowNumbers).toEqual([3]);
  });

  it('reads tab-separated text', () => {
    expect(parseCsv('URL\tLast Modified\nhttps://a.example/\t2024-06-24\n').rows).toEqual([
      ['https://a.example/', '2024-06-24'],
    ]);
  });

  it('reports an unterminated quote with its row', () => {
    const parsed = parseCsv('url,title\nhttps://a.example/,"never closed\n');
    expect(parsed.errors.length).toBeGreaterThan(0);
    expect(parsed.errors[0].row).toBe(2);
  });

  it('returns no headers and no errors for empty text', () => {
    expect(parseCsv('')).toMatchObject({ headers: [], rows: [], errors: [] });
  });
});

describe('CSV export read back', () => {
  const sample: Entry[] = [
    { id: 0, loc: 'https://www.example.com/a?x=1,2', lastmod: '2024-06-01', priority: '0.8' },
    { id: 1, loc: 'https://www.example.com/"quoted"', changefreq: 'weekly' },
  ];

  it('round-trips through parseCsv and csvToEntries', () => {
    const csv = entriesToCsv(sample, { columns: ['loc', 'lastmod', 'changefreq', 'priority'] });
    const parsed = parseCsv(csv);
    const back = csvToEntries(parsed, guessMapping(parsed.headers), { firstId: 0 }).entries;
    expect(back).toEqual(sample);
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
