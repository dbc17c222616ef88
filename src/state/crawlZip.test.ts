import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffCrawl } from '../core/crawl/read.ts';
import { zipFiles } from '../core/zip.ts';
import { crawlFromZipFile, gunzipCrawlFile, isGzipFile, isZipFile } from './crawlZip.ts';

const enc = (s: string) => new TextEncoder().encode(s);

describe('a zip picked in the Crawl dialog', () => {
  it('gives its crawl member as a file, named after the member and the zip', async () => {
    const zip = zipFiles([
      { name: 'Chart.csv', bytes: enc('Date,Clicks\n2024-01-01,3\n') },
      { name: 'Pages.csv', bytes: enc('Top pages,Clicks,Impressions\nhttps://a.example/,1,2\n') },
    ]);
    const blob = new Blob([zip as Uint8Array<ArrayBuffer>]);
    expect(await isZipFile(blob)).toBe(true);
    const { crawl, note } = await crawlFromZipFile(blob, 'gsc.zip');
    expect(crawl?.name).toBe('Pages.csv (gsc.zip)');
    expect(await crawl?.text()).toContain('Top pages');
    expect(note).toContain('Ignored: Chart.csv (not crawl data: no URL column)');
  });
  it('says why when no member is crawl data', async () => {
    const zip = zipFiles([{ name: 'Chart.csv', bytes: enc('Date,Clicks\n2024-01-01,3\n') }]);
    const r = await crawlFromZipFile(new Blob([zip as Uint8Array<ArrayBuffer>]), 'x.zip');
    expect(r.crawl).toBeNull();
    expect(r.note).toBe('x.zip holds no crawl data: Chart.csv (not crawl data: no URL column).');
    expect(await isZipFile(new Blob(['Address,Status Code\n']))).toBe(false);
  });
});

describe('a gzipped crawl export picked in the Crawl dialog', () => {
  const csv = 'Address,Status Code\nhttps://a.example/,404\n';
  it('is inflated to the CSV it holds, recognised by its header', async () => {
    const blob = new Blob([gzipSync(enc(csv)) as Uint8Array<ArrayBuffer>]);
    expect(await isGzipFile(blob)).toBe(true);
    expect(sniffCrawl(gzipSync(enc(csv))).detected?.format).toBe('screaming-frog');
    const file = await gunzipCrawlFile(blob, 'internal_all.csv.gz');
    expect(file.name).toBe('internal_all.csv');
    expect(await file.text()).toBe(csv);
  });
  it('stops at the limit with the reason, and says when it is not gzip at all', async () => {
    const big = new Uint8Array(5000).fill(10);
    big.set(enc(csv));
    await expect(
      gunzipCrawlFile(new Blob([gzipSync(big) as Uint8Array<ArrayBuffer>]), 'bomb.csv.gz', 1000),
    ).rejects.toThrow('bomb.csv.gz inflates past the 1,000-byte limit for crawl data');
    const broken = gzipSync(enc(csv)).subarray(0, 12);
    await expect(
      gunzipCrawlFile(new Blob([broken as Uint8Array<ArrayBuffer>]), 'cut.csv.gz'),
    ).rejects.toThrow('cut.csv.gz is not a readable gzip file');
  });
});
