import { describe, expect, it } from 'vitest';
import { CrawlReader, HEAD_BYTES, readCrawl } from './reader.ts';
import { partReader, splitPoint } from './split.ts';
import type { CrawlTable } from './table.ts';

const enc = new TextEncoder();

/** Push `bytes[from, to)` to `reader` in chunks of `size` (new arrays, as a file read makes). */
function pushRange(reader: CrawlReader, bytes: Uint8Array, from: number, to: number, size: number): void {
  for (let at = from; at < to; at += size) reader.push(bytes.slice(at, Math.min(to, at + size)));
}

/**
 * The two-worker read of crawlClient.ts, in one thread: the first reader up to `split`, the
 * second from there (its part cloned, as a worker's message would), appended when the first
 * stopped at a record's end; else the first reads on.
 */
function twoPart(
  bytes: Uint8Array,
  split: number,
  size: number,
): { table: CrawlTable | null; hashes: Uint32Array | null; split: boolean } {
  const first = new CrawlReader({ fileName: 'c.csv' });
  pushRange(first, bytes, 0, split, size);
  const joined = first.atRecordStart();
  if (joined) {
    const second = partReader(bytes.slice(0, HEAD_BYTES), 'c.csv');
    if (!second) throw new Error('no second reader');
    pushRange(second, bytes, split, bytes.length, size);
    const part = second.part();
    if (!part) throw new Error('no part');
    first.append(structuredClone(part));
  } else pushRange(first, bytes, split, bytes.length, size);
  const table = first.end();
  return { table, hashes: first.rowHashes(), split: joined };
}

/** The one reader's table and row hashes. */
function onePart(bytes: Uint8Array): { table: CrawlTable | null; hashes: Uint32Array | null } {
  const r = new CrawlReader({ fileName: 'c.csv' });
  pushRange(r, bytes, 0, bytes.length, 1 << 20);
  return { table: r.end(), hashes: r.rowHashes() };
}

/** Positions after each LF of `bytes` from `from` on. */
function afterLineBreaks(bytes: Uint8Array, from: number): number[] {
  const at: number[] = [];
  for (let i = from; i < bytes.length; i++) if (bytes[i] === 10) at.push(i + 1);
  return at;
}

/**
 * A crawl export longer than the reader's head (`HEAD_BYTES`), its tricky records at the end:
 * quoted fields with line breaks, doubled quotes, CR / LF / CRLF, non-ASCII, a blank record.
 */
function exportOf(d: string, filler: number): { text: string; tail: number } {
  const q = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const head = [
    'Address',
    'Content Type',
    'Status Code',
    'Indexability',
    'Meta Robots 1',
    'Canonical Link Element 1',
    'Redirect URL',
    'Last Modified',
    'Title 1',
  ].join(d);
  let text = `${head}\r\n`;
  for (let i = 0; i < filler; i++)
    text += `${[q(`https://www.example.com/f/${i}`), q('text/html'), q('200'), q('Indexable'), q(''), q(`https://www.example.com/f/${i}`), q(''), q('2024-06-01'), q(`Page ${i} ${'words '.repeat(300)}`)].join(d)}\r\n`;
  const tail = enc.encode(text).length;
  const rows = [
    [
      q('https://www.example.com/a'),
      'text/html',
      '200',
      'Indexable',
      '',
      '',
      '',
      'Mon, 24 Jun 2024 09:30:00 GMT',
      q('Two\nlines\r\nand "quotes"'),
    ],
    [
      'https://www.example.com/é',
      'text/html',
      '301',
      'Non-Indexable',
      '',
      '',
      'https://www.example.com/ü',
      '2024-06-01',
      'plain',
    ],
    [
      q('https://www.example.com/😀?q="x"'),
      'text/html',
      '404',
      'Non-Indexable',
      '',
      '',
      '',
      '',
      q(`${d}\n${d}\n`),
    ],
    [
      ' https://www.example.com/b/ ',
      'image/png',
      '200',
      'Indexable',
      'noindex',
      'https://WWW.example.com/b',
      '',
      '',
      q('\n'),
    ],
    [],
    [
      'https://www.example.com/c',
      'text/html',
      '200',
      'Indexable',
      q('noindex,\nnofollow'),
      'https://www.example.com/c/',
      '',
      '2024-06-02',
      q('"\n"'),
    ],
    [q('https://www.example.com/d'), 'text/html', '200', 'Indexable', '', '', '', '', 'last'],
  ];
  const ends = ['\n', '\r\n', '\n', '\r\n', '\n', '\n', ''];
  text += rows.map((r, i) => r.join(d) + ends[i]).join('');
  return { text, tail };
}

describe('a crawl file read in two parts gives the one-part table', () => {
  const filler = 150; // ~280 KB: the first part starts its records after the reader's head

  it.each([
    ['comma', ',', ''],
    ['semicolon', ';', ''],
    ['tab', '\t', ''],
    ['comma, UTF-8 with BOM', ',', '\ufeff'],
  ])('%s: split after every line break of the tricky records and some others', (_name, d, bom) => {
    const { text, tail } = exportOf(d, filler);
    const bytes = enc.encode(bom + text);
    const want = onePart(bytes);
    expect(want.table?.rows).toBe(filler + 6);
    expect(want.table).toEqual(readCrawl(bytes, 'c.csv'));
    const points = [
      ...afterLineBreaks(bytes, tail - 200),
      ...afterLineBreaks(bytes, HEAD_BYTES + 1000).slice(0, 3),
      bytes.length,
    ];
    let joined = 0;
    let refused = 0;
    for (const split of points)
      for (const size of [4096, 1 + (split % 977)]) {
        const got = twoPart(bytes, split, size);
        expect(got.table, `split at ${split}, chunks of ${size}`).toEqual(want.table);
        expect(got.hashes, `split at ${split}`).toEqual(want.hashes);
        if (got.split) joined++;
        else refused++;
      }
    // Both ways were taken: the record ends joined, the line breaks inside quotes read on.
    expect(joined).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(5);
  });

  it('a split inside a quoted field is refused, at a record end taken', () => {
    const { text } = exportOf(',', filler);
    const bytes = enc.encode(text);
    const inQuote = text.indexOf('Two\nlines');
    const split = enc.encode(text.slice(0, inQuote + 4)).length;
    expect(bytes[split - 1]).toBe(10);
    expect(twoPart(bytes, split, 4096).split).toBe(false);
    const recordEnd = enc.encode(text.slice(0, text.indexOf('"https://www.example.com/a"'))).length;
    expect(twoPart(bytes, recordEnd, 4096).split).toBe(true);
  });

  it('a split before the reader read its header is refused', () => {
    const { text } = exportOf(',', filler);
    const bytes = enc.encode(text);
    const early = afterLineBreaks(bytes, 1000)[0];
    const got = twoPart(bytes, early, 4096);
    expect(got.split).toBe(false);
    expect(got.table).toEqual(onePart(bytes).table);
  });

  it('splitPoint: after the first line break near the middle; -1 for UTF-16 or none', () => {
    const text = enc.encode('Address\r\nhttps://a.example/\r\nhttps://b.example/\r\n');
    expect(splitPoint(text.subarray(0, 4), text.subarray(12), 12)).toBe(29);
    expect(splitPoint(text.subarray(0, 4), enc.encode('no break'), 12)).toBe(-1);
    const le = Uint8Array.of(0xff, 0xfe, 0x41, 0);
    expect(splitPoint(le, text, 0)).toBe(-1);
    expect(splitPoint(Uint8Array.of(0x41, 0, 0x42, 0), text, 0)).toBe(-1);
    expect(partReader(Uint8Array.of(0xfe, 0xff, 0, 0x41, 0, 10), 'c.csv')).toBeNull();
    expect(partReader(enc.encode('Title,Words\nA,1\n'), 'c.csv')).toBeNull();
  });
});
