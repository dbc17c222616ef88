/**
 * The seeded crawl export of the crawl-audit bench: a Screaming Frog "Internal: All"-shaped CSV of
 * 1,000,000 rows × 70 columns (~300 MB) over the URLs of the 1,000,000-URL bench sitemap
 * (`plainDoc(1_000_000)`): 970,000 of them as listed, 30,000 listed ones as 404 / 301 / noindex /
 * canonicalised, and the rest of the rows pages the sitemap does not list.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { plainDoc } from '../generate.ts';

const NAMED = [
  'Address',
  'Content Type',
  'Status Code',
  'Status',
  'Indexability',
  'Indexability Status',
  'Title 1',
  'Title 1 Length',
  'Meta Description 1',
  'Meta Robots 1',
  'X-Robots-Tag 1',
  'Canonical Link Element 1',
  'Redirect URL',
  'Last Modified',
  'Crawl Depth',
  'Inlinks',
  'Response Time',
];
/** The export's header: the named columns, then fillers up to 70. */
export const CRAWL_HEADERS = [
  ...NAMED,
  ...Array.from({ length: 70 - NAMED.length }, (_, i) => `Column ${NAMED.length + i + 1}`),
];
const FILLER = Array.from({ length: 70 - NAMED.length }, (_, i) => (i % 4 === 0 ? String(i % 10) : '')).join(',');

/** Write the CSV to `file` (streamed, 10,000 rows per write); returns its rows. */
export function writeCrawlCsv(file: string, rows = 1_000_000): number {
  const locs = plainDoc(rows).entries.map((e) => e.loc);
  const fd = openSync(file, 'w');
  writeSync(fd, `${CRAWL_HEADERS.map((h) => `"${h}"`).join(',')}\r\n`);
  let part: string[] = [];
  for (let i = 0; i < rows; i++) {
    // Listed URLs 0..969,999 as listed; 970,000..999,999 with a finding; extra pages beyond.
    const extra = i % 50 === 49;
    const url = extra ? `https://www.example.com/extra/page-${i}` : locs[i];
    const kind = extra ? 0 : i % 33 === 7 ? (i % 4) + 1 : 0;
    const status = kind === 1 ? '404' : kind === 2 ? '301' : '200';
    const indexable = kind === 0 ? 'Indexable' : 'Non-Indexable';
    const why = ['', 'Client Error', 'Redirected', 'noindex', 'Canonicalised'][kind];
    const robots = kind === 3 ? 'noindex, follow' : 'index, follow';
    const canonical = kind === 4 ? `https://www.example.com/extra/page-${i - (i % 50) + 49}` : url;
    const redirect = kind === 2 ? `https://www.example.com/moved/${i}` : '';
    part.push(
      `"${url}","text/html; charset=utf-8","${status}","${status === '200' ? 'OK' : 'Other'}","${indexable}","${why}","Page ${i}","${18 + (i % 40)}","About page ${i}.","${robots}","","${canonical}","${redirect}","Mon, 24 Jun 2024 09:30:00 GMT","${1 + (i % 6)}","${i % 97}","0.${i % 9}",${FILLER}\r\n`,
    );
    if (part.length === 10_000) {
      writeSync(fd, part.join(''));
      part = [];
    }
  }
  writeSync(fd, part.join(''));
  closeSync(fd);
  return rows;
}
