import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { compareCsv, countOf, parseCompareFile, rowsOf, startCompare } from './insightsCompare.ts';
import { fakeClient, makeDocument } from './testing.ts';

const e = (id: number, loc: string, more: Partial<Entry> = {}): Entry => ({ id, loc, ...more });

const open = [
  e(0, 'https://a.com/'),
  e(1, 'https://a.com/x/', { lastmod: '2024-01-01' }),
  e(2, 'https://a.com/gone'),
];
const other = [
  e(0, 'https://a.com/'),
  e(1, 'https://a.com/x', { lastmod: '2024-02-01' }),
  e(2, 'https://a.com/new'),
];

describe('compare session', () => {
  it('classifies rows per category with counts, and swaps sides', () => {
    const s = startCompare({ name: 'sitemap.xml', entries: open }, { name: 'live.xml.gz', entries: other });
    expect(s.before).toEqual({ name: 'sitemap.xml', count: 3 });
    expect(countOf(s.diff, 'all')).toBe(3);
    expect(rowsOf(s.diff, 'added').map((r) => r.after?.loc)).toEqual(['https://a.com/new']);
    expect(rowsOf(s.diff, 'removed').map((r) => r.before?.loc)).toEqual(['https://a.com/gone']);
    const slash = rowsOf(s.diff, 'trailingSlash');
    expect(slash).toHaveLength(1);
    expect(slash[0].fields).toEqual(['lastmod']);
    const swapped = startCompare(
      { name: 'live.xml.gz', entries: other },
      { name: 'sitemap.xml', entries: open },
    );
    expect(rowsOf(swapped.diff, 'added').map((r) => r.after?.loc)).toEqual(['https://a.com/gone']);
  });

  it('exports a category as CSV named after both files', () => {
    const s = startCompare({ name: 'sitemap.xml', entries: open }, { name: 'live.xml.gz', entries: other });
    const all = compareCsv(s, 'all');
    expect(all.name).toBe('differences-sitemap-vs-live.csv');
    expect(all.text.trimEnd().split('\r\n')).toHaveLength(4);
    const added = compareCsv(s, 'added');
    expect(added.name).toBe('differences-sitemap-vs-live-added.csv');
    expect(added.text.trimEnd().split('\r\n')).toEqual([
      'change,url,other_url,fields,before,after',
      'added,https://a.com/new,,,,',
    ]);
  });
});

describe('parseCompareFile', () => {
  it('returns the parsed document from the worker client', async () => {
    const doc = await parseCompareFile('x.xml', new Uint8Array([1]), fakeClient());
    expect(doc.entries).toHaveLength(10);
  });

  it('rejects a file with a fatal error instead of comparing a partial list', async () => {
    const client = fakeClient(() => ({
      kind: 'urlset',
      document: makeDocument(3),
      issues: [],
      fatal: { message: 'Unclosed <url>', line: 7, column: 1 },
    }));
    await expect(parseCompareFile('bad.xml', new Uint8Array([1]), client)).rejects.toThrow(
      'bad.xml could not be read (line 7): Unclosed <url>',
    );
  });
});
