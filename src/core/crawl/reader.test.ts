import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertToW3c } from '../w3cDate.ts';
import { type CrawlFormat, type CrawlMapping, decodeCsvBytes, detectCrawlCsv } from './detect.ts';
import { normaliseCrawlUrl } from './normalise.ts';
import { crawlNotes } from './notes.ts';
import { CrawlReader, csvHead, HEAD_BYTES, readCrawl } from './reader.ts';
import { scanCsv } from './scan.ts';
import { partReader } from './split.ts';
import { hashString, StringsBuilder } from './strings.ts';
import { type CrawlTable, FLAG } from './table.ts';

// The string parser as it was before the byte reader (session 6), kept here as the reference
// the reader must agree with: decode the whole file, scan it as one string, build from strings.
function refIsNormal(s: string): boolean {
  const sep = s.indexOf('://');
  if (sep < 0) return false;
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 47 && i > sep + 2) break;
    if (c === 63 || c === 35) return false;
    if ((c >= 65 && c <= 90) || (c === 58 && i > sep)) return false;
    if (c === 64 || c === 37) return false;
  }
  if (i >= s.length) return false;
  let pathEnd = s.length;
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 37) return false;
    if ((c === 63 || c === 35) && pathEnd === s.length) pathEnd = j;
  }
  return s.charCodeAt(pathEnd - 1) !== 47;
}

function refFacts(cell: (f: keyof CrawlMapping) => string | undefined, format: CrawlFormat) {
  const has = (v: string | undefined, re: RegExp) => v !== undefined && re.test(v);
  const BLOCKED = /blocked by robots/i;
  const code = cell('status');
  let status = code === undefined ? -1 : Number.parseInt(code, 10);
  if (Number.isNaN(status)) status = code !== undefined && /no response|timeout|error/i.test(code) ? 0 : -1;
  if (status === -1 && format === 'search-console') status = 200;
  let flags = 0;
  const why = cell('indexabilityStatus');
  if (has(cell('metaRobots'), /noindex/i) || has(cell('xRobots'), /noindex/i) || has(why, /noindex/i))
    flags |= FLAG.noindex;
  if (has(cell('statusText'), BLOCKED) || has(why, BLOCKED) || has(code, BLOCKED)) flags |= FLAG.blocked;
  if (has(cell('indexability'), /^\s*(non[- ]?indexable|no|false)\s*$/i)) flags |= FLAG.nonIndexable;
  const type = cell('contentType');
  if (type !== undefined && !/html/i.test(type)) flags |= FLAG.notHtml;
  return { status, flags };
}

function refTable(
  fileName: string,
  format: CrawlFormat,
  urls: string[],
  can: Array<string | undefined>,
  red: Array<string | undefined>,
  lm: Array<string | undefined>,
  status: Int16Array,
  flags: Uint8Array,
): CrawlTable {
  const rows = urls.length;
  const strings = new StringsBuilder();
  let size = 16;
  while (size < rows * 2) size *= 2;
  const exact = new Int32Array(size);
  const norm = new Int32Array(size);
  const put = (t: Int32Array, h: number, r: number) => {
    let i = h & (t.length - 1);
    while (t[i] !== 0) i = (i + 1) & (t.length - 1);
    t[i] = r + 1;
  };
  const NOT = FLAG.noindex | FLAG.blocked | FLAG.nonIndexable | FLAG.notHtml | FLAG.canonicalElsewhere;
  const seen = new Set<string>();
  let duplicates = 0;
  for (let r = 0; r < rows; r++) {
    const u = urls[r];
    strings.add(u);
    const h = hashString(u);
    // A URL's later rows: flagged, not joined (the first row is the one used).
    if (seen.has(u)) {
      flags[r] |= FLAG.duplicate;
      duplicates++;
      continue;
    }
    seen.add(u);
    put(exact, h, r);
    const n = refIsNormal(u) ? null : normaliseCrawlUrl(u);
    put(norm, n === null ? h : hashString(n), r);
    const c = can[r];
    if (c !== undefined && normaliseCrawlUrl(c) !== (n ?? u)) flags[r] |= FLAG.canonicalElsewhere;
    if (status[r] === 200 && (flags[r] & NOT) === 0) flags[r] |= FLAG.indexable;
  }
  const interned = new Map<string, number>();
  const intern = (v: string) => {
    let i = interned.get(v);
    if (i === undefined) {
      i = strings.add(v);
      interned.set(v, i);
    }
    return i;
  };
  const target = (v: string | undefined) => {
    if (v === undefined) return -1;
    const mask = exact.length - 1;
    for (let i = hashString(v) & mask; exact[i] !== 0; i = (i + 1) & mask)
      if (urls[exact[i] - 1] === v) return exact[i] - 1;
    return intern(v);
  };
  const canonical = new Int32Array(rows);
  const redirect = new Int32Array(rows);
  const lastmod = new Int32Array(rows);
  const dates = new Map<string, string>();
  for (let r = 0; r < rows; r++) {
    canonical[r] = target(can[r]);
    redirect[r] = target(red[r]);
    const raw = lm[r];
    if (raw === undefined) lastmod[r] = -1;
    else {
      let w3c = dates.get(raw);
      if (w3c === undefined) {
        const c = convertToW3c(raw);
        w3c = c && !c.assumedZone ? c.value : raw;
        dates.set(raw, w3c);
      }
      lastmod[r] = intern(w3c);
    }
  }
  return {
    fileName,
    format,
    rows,
    ...strings.finish(),
    canonical,
    redirect,
    lastmod,
    duplicates,
    status,
    flags,
    exact,
    norm,
  };
}

function refRead(bytes: Uint8Array, fileName: string, mapping?: CrawlMapping): CrawlTable | null {
  const { text } = decodeCsvBytes(bytes);
  const head = csvHead(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const detected = detectCrawlCsv(head.headers);
  const use = mapping ?? detected?.mapping;
  if (!use || use.url === undefined) return null;
  const format = detected?.format ?? 'generic';
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const urls: string[] = [];
  const can: Array<string | undefined> = [];
  const red: Array<string | undefined> = [];
  const lm: Array<string | undefined> = [];
  const status: number[] = [];
  const flags: number[] = [];
  const fields = Object.keys(use) as Array<keyof CrawlMapping>;
  const columns: number[] = [];
  fields.forEach((f, slot) => {
    const c = use[f];
    if (c !== undefined) columns[c] = slot;
  });
  for (let c = 0; c < columns.length; c++) if (columns[c] === undefined) columns[c] = -1;
  let row: Array<string | undefined> = [];
  const cell = (f: keyof CrawlMapping) => {
    const slot = fields.indexOf(f);
    const v = slot < 0 ? undefined : row[slot]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  scanCsv(source, head.delimiter, columns, head.headerRow, (cells) => {
    row = cells;
    const url = cell('url');
    if (url === undefined) return;
    urls.push(url);
    const c = cell('canonical');
    can.push(c === url ? undefined : c);
    red.push(cell('redirect'));
    lm.push(cell('lastmod'));
    const f = refFacts(cell, format);
    status.push(f.status);
    flags.push(f.flags);
  });
  return refTable(fileName, format, urls, can, red, lm, Int16Array.from(status), Uint8Array.from(flags));
}

/** The reader fed `bytes` in chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number, mapping?: CrawlMapping): CrawlTable | null {
  const r = new CrawlReader({ fileName: 'c.csv', mapping });
  for (let at = 0; at < bytes.length; at += size)
    if (!r.push(bytes.slice(at, Math.min(bytes.length, at + size)))) return null;
  return r.end();
}

const enc = new TextEncoder();

function utf16(text: string, le: boolean, bom: boolean): Uint8Array {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const all = bom ? `\ufeff${text}` : text;
  for (let i = 0; i < all.length; i++) {
    const c = all.charCodeAt(i);
    out[2 * i + (le ? 0 : 1)] = c & 0xff;
    out[2 * i + (le ? 1 : 0)] = c >> 8;
  }
  return out;
}

/** Every encoding the reader takes, of one text. */
function encodings(text: string): Array<[string, Uint8Array]> {
  return [
    ['utf-8', enc.encode(text)],
    ['utf-8 with BOM', enc.encode(`\ufeff${text}`)],
    ['utf-16le with BOM', utf16(text, true, true)],
    ['utf-16be with BOM', utf16(text, false, true)],
    ['utf-16le without BOM', utf16(text, true, false)],
  ];
}

const HEAD =
  'Address,Content Type,Status Code,Status,Indexability,Indexability Status,Meta Robots 1,X-Robots-Tag 1,Canonical Link Element 1,Redirect URL,Last Modified,Title 1\r\n';

/** Tricky records: quotes, doubled quotes, line breaks in quotes, CR / LF / CRLF, non-ASCII. */
const TRICKY = [
  `${HEAD}"https://www.example.com/","text/html","200","OK","Indexable","","index","","https://www.example.com/","","Mon, 24 Jun 2024 09:30:00 GMT","Home ""page""\nsecond line"\r\n`,
  'https://www.example.com/é,text/html,301,Moved,Non-Indexable,Redirected,,,,https://www.example.com/ü,2024-06-01,plain\n',
  '"https://www.example.com/😀?q=""x""",text/html; charset=utf-8,404,Not Found,Non-Indexable,Client Error,,,,,"",title\r',
  ' https://www.example.com/a/ ,image/png,200,OK,Indexable,,noindex,,https://WWW.example.com/a,,,\r\n',
  '\r\n',
  'https://www.example.com/b,text/html,200,Blocked by robots.txt,Non-Indexable,Blocked by robots.txt,,,,,,"x"junk,tail\n',
  'https://www.example.com/c,text/html,No Response,,,,,"noindex, nofollow",https://www.example.com/c/,,2024-06-01T10:00:00+02:00,5" tall,"quoted, tail"\n',
  '"https://www.example.com/%7Ed",text/html,200,OK,Indexable,,,,"https://www.example.com/~d",,"2024-06-01",\u00a0nbsp\u00a0\n',
  '\u00a0https://www.example.com/nbsp\u00a0,text/html,200,OK,Indexable,,,,,,,',
].join('');

describe('the byte reader agrees with the string parser', () => {
  it.each(encodings(TRICKY))('%s, cut at every chunk size from 1 to 40 bytes and whole', (_name, bytes) => {
    const want = refRead(bytes, 'c.csv');
    expect(want?.rows).toBe(8);
    for (const size of [...Array.from({ length: 40 }, (_, i) => i + 1), 4096, bytes.length])
      expect(chunked(bytes, size), `chunks of ${size}`).toEqual(want);
  });

  it.each([
    'sf-internal-all.csv',
    'sf-response-codes.csv',
    'gsc-pages.csv',
    'generic-semicolon.csv',
    'generic-utf16.tsv',
    'generic-bom.csv',
  ])('the fixture %s, in chunks of 1 to 23 bytes', (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(`../__fixtures__/crawl/${name}`, import.meta.url)));
    const want = refRead(bytes, name);
    expect(want).not.toBeNull();
    for (let size = 1; size <= 23; size++) {
      const got = chunked(bytes, size);
      expect(got, `chunks of ${size}`).toEqual({ ...want, fileName: 'c.csv' });
    }
  });

  it('random CSVs with every delimiter, quoting and line end, in random chunks', () => {
    let seed = 17;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const bits = [
      'a',
      'é',
      '😀',
      '"',
      '""',
      ',',
      ';',
      '\t',
      '\n',
      '\r\n',
      '\r',
      ' ',
      '/',
      'X',
      '%7E',
      ':',
      '0',
    ];
    for (let round = 0; round < 24; round++) {
      const d = [',', ';', '\t'][round % 3];
      const cell = (kind: number) => {
        if (kind === 0) return `https://www.example.com/${rand(5)}${rand(2) ? '/' : ''}`;
        let v = '';
        for (let k = rand(6); k > 0; k--) v += bits[rand(bits.length)];
        return v;
      };
      const quote = (v: string) =>
        rand(3) === 0 ? v.replaceAll(/["\n\r,;\t]/g, '') : `"${v.replaceAll('"', '""')}"`;
      let text = [
        'URL',
        'Status',
        'Canonical',
        'Redirect URL',
        'Last Modified',
        'Indexability',
        'Other',
      ].join(d);
      text += '\r\n';
      for (let r = 0; r < 30; r++) {
        const cells = [
          quote(cell(0)),
          quote(['200', '301', '404', ' 200 ', 'x'][rand(5)]),
          quote(rand(2) ? cell(0) : cell(1)),
          quote(cell(rand(2))),
          quote(['2024-06-01', 'Mon, 24 Jun 2024 09:30:00 GMT', cell(1)][rand(3)]),
          quote(['Indexable', 'Non-Indexable', cell(1)][rand(3)]),
          quote(cell(1)),
        ];
        text += cells.slice(0, 1 + rand(7)).join(d) + ['\n', '\r\n', '\r'][rand(3)];
      }
      for (const [name, bytes] of encodings(text)) {
        const want = refRead(bytes, 'c.csv');
        const sizes = [1 + rand(7), 1 + rand(64), 1 + rand(1024)];
        for (const size of sizes)
          expect(chunked(bytes, size), `${name}, round ${round}, ${size}`).toEqual(want);
      }
    }
  });

  it('a quoted field longer than many chunks is read once and whole', () => {
    const long = 'x'.repeat(50_000).replaceAll('xxxxx', 'x""\n,');
    const text = `URL,Status,Title\nhttps://a.example/p,200,"${long}"\nhttps://a.example/q,404,t\n`;
    const bytes = enc.encode(text);
    const want = refRead(bytes, 'c.csv');
    expect(want?.rows).toBe(2);
    expect(chunked(bytes, 997)).toEqual(want);
    expect(readCrawl(bytes, 'c.csv')).toEqual(want);
  });

  it('a file longer than the head, tricky records throughout, in chunks of many sizes', () => {
    // Past the first HEAD_BYTES the reader scans chunk by chunk: a record cut by a chunk's end is
    // ended with the start of the next chunk (`feed`): with the chunks of 300,000 bytes, a quoted
    // field of ~200,000 bytes (CRLF, `""` and delimiters inside) starts just before the first
    // chunk ends, so 64 KB, then 128 KB, then 256 KB of the next one are put behind it; records
    // ending in CR with their LF in the next chunk; a quote inside an unquoted field (text).
    const first = TRICKY.indexOf('\r\n') + 2;
    const rows = TRICKY.slice(first);
    const long = `"https://www.example.com/long","text/html","200","OK","Indexable","","","","","","","${'ab""\r\n,;'.repeat(22_000)}"\r\n`;
    let text = TRICKY.slice(0, first);
    for (let i = 1; text.length < HEAD_BYTES + 28_000; i++)
      text += rows.slice(0, -1) + (i % 2 ? '\r\n' : '\n');
    text += long;
    for (let i = 1; text.length < 800_000; i++) text += i % 100 === 0 ? long : `${rows.slice(0, -1)}\r`;
    text += rows;
    const bytes = enc.encode(text);
    const want = refRead(bytes, 'c.csv');
    expect(want?.rows).toBeGreaterThan(2000);
    for (const size of [bytes.length, 300_000, 65_536, 9_973])
      expect(chunked(bytes, size), `chunks of ${size}`).toEqual(want);
  });

  it('answers null for a file without a URL column, as before', () => {
    const bytes = enc.encode('Title,Words\nA,1\n');
    expect(refRead(bytes, 'c.csv')).toBeNull();
    expect(chunked(bytes, 3)).toBeNull();
    expect(chunked(new Uint8Array(0), 3)).toBeNull();
  });

  it('takes a mapping when the header is not recognised', () => {
    const bytes = enc.encode('Page;Code\nhttps://a.example/;200\nhttps://a.example/x;404\n');
    const mapping = { url: 0, status: 1 };
    expect(chunked(bytes, 5, mapping)).toEqual(refRead(bytes, 'c.csv', mapping));
    expect(chunked(bytes, 5, mapping)?.rows).toBe(2);
  });
});

describe('csvHead', () => {
  it('finds the header after a title row, after blank records and at the first record', () => {
    const rows = '"https://a.example/",200\r\n"https://a.example/b",404\r\n';
    expect(csvHead(`Address,Status Code\r\n${rows}`)).toEqual({
      headers: ['Address', 'Status Code'],
      headerRow: 1,
      delimiter: ',',
    });
    expect(csvHead(`"Internal - All"\r\nAddress,Status Code\r\n${rows}`).headerRow).toBe(2);
    // More blank records before the header than the first look reads, and a title row among them.
    const blanks = ' \r\n'.repeat(9);
    expect(csvHead(`${blanks}Address;Status Code\r\n${rows.replaceAll(',', ';')}`)).toEqual({
      headers: ['Address', 'Status Code'],
      headerRow: 10,
      delimiter: ';',
    });
    expect(csvHead(`${blanks}"Crawl"\r\nAddress,Status Code\r\n${rows}`).headers).toEqual([
      'Address',
      'Status Code',
    ]);
    expect(csvHead(`${blanks}"Crawl"\r\nAddress,Status Code\r\n${rows}`).headerRow).toBe(11);
    expect(csvHead('\r\n\r\nAddress\r\n').headers).toEqual(['Address']);
  });
});

describe('an unclosed quote', () => {
  const HEAD = 'Address,Status Code,Title\n';
  const warned = (t: CrawlTable | null) => t?.warnings?.map((w) => `${w.line}:${w.column} ${w.message}`);

  it('is a warning at the line and column of its quote, however the file comes in chunks', () => {
    // Line 3 holds a quoted field with a line break in it; the quote on line 5 never closes.
    const csv = `${HEAD}https://a.example/,200,Home\nhttps://a.example/m,200,"two\nlines"\nhttps://a.example/é,200,"Café\nhttps://a.example/c,200,C\n`;
    const bytes = enc.encode(csv);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const t = chunked(bytes, size);
      // The rows before it are read; the rest of the file is the one field it opened.
      expect(t?.rows, `chunks of ${size}`).toBe(3);
      expect(warned(t), `chunks of ${size}`).toEqual([
        '5:25 unclosed quote; the rest of the file was read as one field',
      ]);
    }
    const whole = readCrawl(bytes, 'c.csv');
    expect(whole && crawlNotes(whole)).toEqual([
      'c.csv: line 5:25: unclosed quote; the rest of the file was read as one field',
    ]);
  });

  it('is found past the last column the reader keeps, and in a URL cell', () => {
    const past = enc.encode(`${HEAD}https://a.example/,200,"Home\nhttps://a.example/b,200,B\n`);
    expect(warned(chunked(past, 5))).toEqual([
      '2:24 unclosed quote; the rest of the file was read as one field',
    ]);
    const url = enc.encode(`${HEAD}https://a.example/,200,A\n"https://a.example/b,200,B\n`);
    expect(warned(chunked(url, 3))).toEqual([
      '3:1 unclosed quote; the rest of the file was read as one field',
    ]);
  });

  it('in the second part of a split file, at its line in the whole file', () => {
    // Past the head the reader looks at first (the first part is always longer).
    const pad = Array.from({ length: 12_000 }, (_, i) => `https://a.example/p${i},200,P\n`).join('');
    const first = `${HEAD}https://a.example/1,200,"x\ny"\n${pad}`;
    const second = 'https://a.example/2,200,B\nhttps://a.example/3,200,"C\nhttps://a.example/4,200,D\n';
    const all = enc.encode(first + second);
    const a = new CrawlReader({ fileName: 'c.csv' });
    a.push(enc.encode(first));
    expect(a.atRecordStart()).toBe(true);
    const b = partReader(all, 'c.csv');
    b?.push(enc.encode(second));
    const part = b?.part();
    if (!part) throw new Error('no part');
    a.append(part);
    const want = [`${5 + 12_000}:25 unclosed quote; the rest of the file was read as one field`];
    expect(warned(a.end())).toEqual(want);
    expect(warned(readCrawl(all, 'c.csv'))).toEqual(want);
  });

  it('a file whose quotes all close has no warning', () => {
    // `*` and 0x02 look like a quote or a line break to the word test: no warning, no line.
    const csv = `${HEAD}"https://a.example/","200","A ""b"" ***\u0002*"\n"https://a.example/*","200","x\n*"\n`;
    const t = readCrawl(enc.encode(csv), 'c.csv');
    expect(t?.rows).toBe(2);
    expect(t?.warnings).toBeUndefined();
    const open = `${csv}"https://a.example/2","200","****\u0002****\n`;
    expect(warned(readCrawl(enc.encode(open), 'c.csv'))).toEqual([
      '5:29 unclosed quote; the rest of the file was read as one field',
    ]);
  });
});
