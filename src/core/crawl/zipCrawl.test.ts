import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../model.ts';
import { Validator } from '../validate.ts';
import { CrawlJoin } from './join.ts';
import { readCrawl } from './reader.ts';
import { crawlFromZip, withIssue, zipCrawlNote } from './zipCrawl.ts';

/** The members of a Search Console export zip, as written in the fixture folder. */
const members = (folder: string) => {
  const dir = new URL(`../__fixtures__/crawl/${folder}/`, import.meta.url);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(new URL(name, dir))) }));
};

const docOf = (...locs: string[]): SitemapDocument => ({
  kind: 'urlset',
  entries: locs.map((loc, id) => ({ id, loc })),
  nextId: locs.length,
});

describe('crawl data in a zip (Search Console exports)', () => {
  it('takes Pages.csv of a Performance export and says which members were ignored', () => {
    const r = crawlFromZip('gsc-perf.zip', members('gsc-perf-zip'));
    expect(r.crawl?.name).toBe('Pages.csv (gsc-perf.zip)');
    expect(r.used).toEqual(['Pages.csv']);
    expect(r.ignored.map((i) => i.name)).toEqual(['Chart.csv', 'Queries.csv']);
    const table = readCrawl(r.crawl?.bytes ?? new Uint8Array(), r.crawl?.name ?? '');
    expect(table?.format).toBe('search-console');
    expect(table?.rows).toBe(2);
    expect(zipCrawlNote('gsc-perf.zip', r)).toBe(
      'gsc-perf.zip holds crawl data: Pages.csv is read for the audit; the sitemap is not changed. Ignored: Chart.csv (not crawl data: no URL column), Queries.csv (not crawl data: no URL column).',
    );
  });

  it("gives a page-indexing table Metadata.csv's issue: a noindex list makes CRAWL-003, no CRAWL-007", () => {
    const r = crawlFromZip('gsc-noindex.zip', members('gsc-noindex-zip'));
    expect(r.issue).toBe('Excluded by ‘noindex’ tag');
    expect(r.used).toEqual(['Table.csv', 'Metadata.csv']);
    expect(r.ignored.map((i) => i.name)).toEqual(['Chart.csv']);
    const table = readCrawl(r.crawl?.bytes ?? new Uint8Array(), r.crawl?.name ?? '');
    expect(table?.format).toBe('search-console-indexing');
    const v = new Validator({ now: Date.UTC(2026, 10, 26) });
    v.load(docOf('https://www.example.com/old-tag', 'https://www.example.com/fine'));
    v.setCrawl(new CrawlJoin(table!, v.crawlScope()));
    expect(
      v
        .all()
        .filter((i) => i.rule.startsWith('CRAWL-'))
        .map((i) => [i.rule, i.entry]),
    ).toEqual([['CRAWL-003', 0]]);
    expect(zipCrawlNote('gsc-noindex.zip', r)).toContain(
      'Table.csv and Metadata.csv (issue: Excluded by ‘noindex’ tag) are read for the audit',
    );
  });

  it('a zip without crawl data gives none; its CSV members are still named', () => {
    const r = crawlFromZip('x.zip', [
      { name: 'sitemap.xml', bytes: new TextEncoder().encode('<urlset/>') },
      { name: 'Chart.csv', bytes: new TextEncoder().encode('Date,Clicks\n2024-01-01,3\n') },
    ]);
    expect(r.crawl).toBeNull();
    expect(r.ignored).toEqual([{ name: 'Chart.csv', reason: 'not crawl data: no URL column' }]);
  });

  it('withIssue quotes what needs quoting and keeps only the URL and Last crawled', () => {
    const out = withIssue(
      new TextEncoder().encode('URL,Last crawled\n"https://a.example/?a=1,2",2024-01-01\n'),
      'A, "b"',
    );
    expect(new TextDecoder().decode(out)).toBe(
      'URL,Last crawled,Issue\n"https://a.example/?a=1,2",2024-01-01,"A, ""b"""\n',
    );
  });
});
