/** A gzipped crawl export is inflated by the crawl reader as it reads it: progress, limit, cancel. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CrawlReader } from '../core/crawl/reader.ts';
import { pushGunzipped, readCrawlFile, sniffCrawlFile } from './crawlClient.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function exportText(rows: number): string {
  let text = 'Address,Status Code,Indexability\n';
  for (let i = 0; i < rows; i++) text += `https://www.example.com/p/${i},${i % 5 ? 200 : 404},Indexable\n`;
  return text;
}

const gzFile = (text: string, name = 'internal_all.csv.gz') =>
  new File([gzipSync(enc(text), { level: 1 }) as Uint8Array<ArrayBuffer>], name);

describe('a gzipped crawl export', () => {
  it('is read as the CSV it holds, by the crawl reader, with progress to the end of the file', async () => {
    const file = gzFile(exportText(2000));
    expect((await sniffCrawlFile(file)).detected?.format).toBe('screaming-frog');
    const seen: number[] = [];
    // No worker here: the handler runs in the page, as where module workers cannot start.
    const reading = readCrawlFile(
      file,
      undefined,
      (done, total, phase) => {
        if (phase === 'read') seen.push(done / total);
      },
      () => null,
    );
    const table = await reading.result;
    expect(table.rows).toBe(2000);
    expect(table.fileName).toBe('internal_all.csv');
    expect(seen.at(-1)).toBe(1);
  });

  it('can be cancelled while it is read', async () => {
    const reading = readCrawlFile(
      gzFile(exportText(20_000)),
      undefined,
      () => {},
      () => null,
    );
    reading.cancel();
    await expect(reading.result).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops at the limit with the reason, and says when it is not gzip at all', async () => {
    const bomb = new Uint8Array(5000).fill(10);
    bomb.set(enc('Address,Status Code\nhttps://a.example/,404\n'));
    const big = new File([gzipSync(bomb) as Uint8Array<ArrayBuffer>], 'bomb.csv.gz');
    await expect(
      pushGunzipped(new CrawlReader({ fileName: 'bomb.csv' }), big, () => {}, 1000),
    ).rejects.toThrow('bomb.csv.gz inflates past the 1,000-byte limit for crawl data');
    const cut = new File(
      [gzipSync(enc(exportText(50))).subarray(0, 40) as Uint8Array<ArrayBuffer>],
      'cut.csv.gz',
    );
    const reading = readCrawlFile(
      cut,
      undefined,
      () => {},
      () => null,
    );
    await expect(reading.result).rejects.toThrow('cut.csv.gz is not a readable gzip file');
  });
});
