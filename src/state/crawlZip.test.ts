import { describe, expect, it } from 'vitest';
import { zipFiles } from '../core/zip.ts';
import { crawlFromZipFile, isZipFile } from './crawlZip.ts';

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
