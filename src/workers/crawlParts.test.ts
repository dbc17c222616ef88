import { afterEach, describe, expect, it, vi } from 'vitest';
import { listLocs } from '../core/crawl/match.ts';
import { readCrawl } from '../core/crawl/reader.ts';
import { CRAWL_ARRAYS } from '../core/crawl/table.ts';
import { readCrawlFile } from './crawlClient.ts';
import { crawlTableParts, joinCrawlTable } from './crawlParts.ts';

const enc = new TextEncoder();

/** A 2,000-row export (~250 KB of arrays): canonicals elsewhere, redirects, lastmods. */
function exportBytes(): Uint8Array<ArrayBuffer> {
  let text = 'Address,Status Code,Indexability,Canonical Link Element 1,Redirect URL,Last Modified\r\n';
  for (let i = 0; i < 2000; i++) {
    const url = `https://www.example.com/p/${i}`;
    const status = i % 9 === 4 ? 301 : 200;
    const canonical = i % 13 === 5 ? `https://www.example.com/p/${i + 1}` : url;
    const redirect = status === 301 ? `https://www.example.com/moved/${i}` : '';
    text += `"${url}","${status}","Indexable","${canonical}","${redirect}","2024-06-${10 + (i % 9)}"\r\n`;
  }
  return enc.encode(text);
}

/** Every 3rd crawled URL and some the crawl lacks, as the page sends them (`listLocs`). */
function listed() {
  const urls = Array.from({ length: 900 }, (_, i) =>
    i % 10 === 9 ? `https://www.example.com/x/${i}` : `https://www.example.com/p/${i * 2}`,
  );
  const steps = listLocs(
    urls.map((loc, id) => ({ id, loc })),
    urls.length,
    100,
  );
  let r = steps.next();
  while (!r.done) r = steps.next();
  const { parts, starts, hashes } = r.value;
  return { parts, starts, hashes, scope: 'https://www.example.com/' };
}

/** Read and matched in the page (no worker), the table sent in parts of `partBytes`. */
async function read(bytes: Uint8Array<ArrayBuffer>, partBytes: number) {
  const file = new File([bytes], 'internal_all.csv', { type: 'text/csv' });
  const reading = readCrawlFile(
    file,
    undefined,
    () => {},
    () => null,
    Promise.resolve(listed()),
    Number.POSITIVE_INFINITY,
    partBytes,
  );
  const table = await reading.result;
  return { table, matches: reading.matches };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the crawl table sent to the page in parts', () => {
  it('cuts the arrays into parts of at most the size given, each array once, and joins them back', () => {
    const table = readCrawl(exportBytes(), 'internal_all.csv')!;
    const sizes = CRAWL_ARRAYS.map((k) => table[k].byteLength);
    const max = Math.max(...sizes);
    for (const limit of [1, 8_192, max, max + 1, Number.POSITIVE_INFINITY]) {
      const { head, parts } = crawlTableParts(table, limit);
      const names = parts.flatMap((p) => Object.keys(p));
      expect([...names].sort()).toEqual([...CRAWL_ARRAYS].sort());
      for (const p of parts) {
        const arrays = Object.values(p);
        const bytes = arrays.reduce((n, a) => n + a.byteLength, 0);
        // A part is within the limit, or one array longer than it.
        expect(bytes <= limit || arrays.length === 1).toBe(true);
      }
      expect(parts.length).toBe(limit === 1 ? CRAWL_ARRAYS.length : parts.length);
      // The same arrays (none cut or copied) and the same head.
      const joined = joinCrawlTable(head, Object.assign({}, ...parts));
      for (const k of CRAWL_ARRAYS) expect(joined[k]).toBe(table[k]);
      expect({ ...joined, ...Object.fromEntries(CRAWL_ARRAYS.map((k) => [k, null])) }).toEqual({
        ...table,
        ...Object.fromEntries(CRAWL_ARRAYS.map((k) => [k, null])),
      });
    }
    expect(crawlTableParts(table).parts).toHaveLength(1);
    const { head, parts } = crawlTableParts(table, 1);
    const { exact: _, ...short } = Object.assign({}, ...parts);
    expect(() => joinCrawlTable(head, short)).toThrow(/exact/);
  });

  it('a big table arrives in parts, each a message of its own, and joins the same as one part', async () => {
    const bytes = exportBytes();
    const one = await read(bytes, Number.POSITIVE_INFINITY);
    // Each message the table's port carries, with the bytes of its arrays.
    const sent: Array<{ bytes: number; arrays: number }> = [];
    const post = MessagePort.prototype.postMessage;
    vi.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (
      this: MessagePort,
      ...args: Parameters<MessagePort['postMessage']>
    ) {
      const part = args[0] as Record<string, ArrayBufferView>;
      const arrays = Object.values(part);
      sent.push({ bytes: arrays.reduce((n, a) => n + a.byteLength, 0), arrays: arrays.length });
      return post.apply(this, args);
    });
    const limit = 8_192;
    const parts = await read(bytes, limit);
    vi.restoreAllMocks();
    expect(sent.length).toBeGreaterThan(3);
    // No message over the limit but an array longer than it, alone (the URL bytes, the hash tables).
    expect(sent.filter((m) => m.bytes > limit).every((m) => m.arrays === 1)).toBe(true);
    expect(sent.some((m) => m.arrays > 1)).toBe(true);
    expect(sent.reduce((n, m) => n + m.arrays, 0)).toBe(CRAWL_ARRAYS.length);
    expect(parts.table).toEqual(one.table);
    expect(parts.table).toEqual(readCrawl(bytes, 'internal_all.csv'));
    expect(parts.matches).toEqual(one.matches);
    expect(Array.from(parts.matches?.rows.slice(0, 3) ?? [])).toEqual([0, 2, 4]);
    expect(parts.matches?.rows[9]).toBe(-1);
  });

  it('Cancel while the parts are on their way: the read stops with an AbortError', async () => {
    const file = new File([exportBytes()], 'internal_all.csv', { type: 'text/csv' });
    let reading: ReturnType<typeof readCrawlFile> | null = null;
    const post = MessagePort.prototype.postMessage;
    let posted = 0;
    vi.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (
      this: MessagePort,
      ...args: Parameters<MessagePort['postMessage']>
    ) {
      // Cancelled as the first part leaves.
      if (posted++ === 0) reading?.cancel();
      return post.apply(this, args);
    });
    reading = readCrawlFile(
      file,
      undefined,
      () => {},
      () => null,
      Promise.resolve(listed()),
      Number.POSITIVE_INFINITY,
      8_192,
    );
    await expect(reading.result).rejects.toMatchObject({ name: 'AbortError' });
    expect(posted).toBeGreaterThan(0);
    expect(reading.matches).toBeNull();
  });
});
