import { describe, expect, it } from 'vitest';
import { listLocs } from '../core/crawl/match.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { readCrawlFile } from './crawlClient.ts';

/** The listed URLs as the page sends them (`listLocs`). */
function listedOf(urls: string[]) {
  const steps = listLocs(
    urls.map((loc, id) => ({ id, loc })),
    urls.length,
  );
  let r = steps.next();
  while (!r.done) r = steps.next();
  return { parts: r.value.parts, starts: r.value.starts, hashes: r.value.hashes };
}

const enc = new TextEncoder();

/** A ~700 KB export; `quotedMiddle` puts a long quoted field with line breaks at its middle. */
function exportBytes(quotedMiddle: boolean): Uint8Array<ArrayBuffer> {
  let text = 'Address,Status Code,Indexability,Title 1\r\n';
  const rows = 3000;
  for (let i = 0; i < rows; i++) {
    const title =
      quotedMiddle && i === rows / 2
        ? `"${'a\nb ""c"",\n'.repeat(20_000)}"`
        : `"Page ${i} ${'w'.repeat(200)}"`;
    text += `"https://www.example.com/p/${i}","${i % 7 ? 200 : 404}","Indexable",${title}\r\n`;
  }
  return enc.encode(text);
}

/** Read in the page (no worker), with the given split threshold; the table, matches and parts. */
async function read(bytes: Uint8Array<ArrayBuffer>, splitMin: number) {
  const file = new File([bytes], 'internal_all.csv', { type: 'text/csv' });
  const urls = ['https://www.example.com/p/1', 'https://www.example.com/p/2999', 'https://www.example.com/x'];
  let last = 0;
  const reading = readCrawlFile(
    file,
    undefined,
    (done, total, phase) => {
      if (phase === 'read') {
        expect(done).toBeLessThanOrEqual(total);
        last = done;
      }
    },
    () => null,
    Promise.resolve({ ...listedOf(urls), scope: 'https://www.example.com/' }),
    splitMin,
  );
  const table = await reading.result;
  return { table, matches: reading.matches, parts: reading.parts, last, size: file.size };
}

describe('a crawl file read by two workers', () => {
  it('gives the one-worker table and matches, with progress to the end', async () => {
    const bytes = exportBytes(false);
    const one = await read(bytes, Number.POSITIVE_INFINITY);
    const two = await read(bytes, 1);
    expect(one.parts).toBe(1);
    expect(two.parts).toBe(2);
    expect(two.table).toEqual(one.table);
    expect(two.table).toEqual(readCrawl(bytes, 'internal_all.csv'));
    expect(two.matches).toEqual(one.matches);
    expect(Array.from(two.matches?.rows ?? [])).toEqual([1, 2999, -1]);
    expect(two.last).toBe(two.size);
  });

  it('reads on with one worker when the middle is inside a quoted field', async () => {
    const bytes = exportBytes(true);
    const two = await read(bytes, 1);
    expect(two.parts).toBe(1);
    expect(two.table).toEqual(readCrawl(bytes, 'internal_all.csv'));
    expect(two.table.rows).toBe(3000);
  });
});
