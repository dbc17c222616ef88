import { describe, expect, it } from 'vitest';
import { entriesToCsv, entriesToCsvChunks, guessMapping, shapeCsv, sniffDelimiter } from './csv.ts';
import type { Entry } from './model.ts';

describe('guessMapping', () => {
  it('recognises common header spellings case-insensitively', () => {
    expect(guessMapping(['URL', 'Last_Modified', 'Change Frequency', 'PRIORITY'])).toEqual({
      loc: 0,
      lastmod: 1,
      changefreq: 2,
      priority: 3,
    });
    expect(guessMapping(['Page', 'Clicks'])).toEqual({ loc: 0 });
    expect(guessMapping(['Title', 'link', 'updated'])).toEqual({ loc: 1, lastmod: 2 });
    expect(guessMapping(['Referring page URL', 'Anchor'])).toEqual({ loc: 0 });
    expect(guessMapping(['Title', 'Clicks'])).toEqual({});
  });

  it('prefers the better name over an earlier column (Address over Date)', () => {
    expect(guessMapping(['Date', 'Address', 'Last Modified'])).toEqual({ loc: 1, lastmod: 2 });
  });
});

describe('sniffDelimiter + shapeCsv', () => {
  it('detects semicolons and skips a one-cell title row', () => {
    const text = '"Internal - All"\nURL;Priority\nhttps://a.example/;0,8\n';
    expect(sniffDelimiter(text)).toBe(';');
    const parsed = shapeCsv({
      records: [['Internal - All'], ['URL', 'Priority'], ['https://a.example/', '0,8'], ['']],
      delimiter: ';',
      errors: [],
    });
    expect(parsed.headers).toEqual(['URL', 'Priority']);
    expect(parsed.headerRow).toBe(2);
    expect(parsed.rows).toEqual([['https://a.example/', '0,8']]);
    expect(parsed.rowNumbers).toEqual([3]);
  });

  it('detects semicolons, tabs and pipes; ignores delimiters inside quotes and blank lines', () => {
    expect(sniffDelimiter('URL;Priority\r\nhttps://a.example/;0,8\r\n')).toBe(';');
    expect(sniffDelimiter('URL\tLast Modified\nhttps://a.example/\t2024-06-24\n')).toBe('\t');
    expect(sniffDelimiter('URL|Title\n\nhttps://a.example/|"A, B; C"\n')).toBe('|');
    expect(sniffDelimiter('URL,Title\nhttps://a.example/,"one;\ntwo;three"\n')).toBe(',');
  });

  it('falls back to a comma when nothing splits the records', () => {
    expect(sniffDelimiter('')).toBe(',');
    expect(sniffDelimiter('https://a.example/\nhttps://b.example/\n')).toBe(',');
  });

  it('keeps leading blank records out of the header and counts them in row numbers', () => {
    const parsed = shapeCsv({
      records: [[''], ['URL'], ['https://a.example/'], ['  ']],
      delimiter: ',',
      errors: [],
    });
    expect(parsed).toMatchObject({
      headers: ['URL'],
      headerRow: 2,
      rows: [['https://a.example/']],
      rowNumbers: [3],
    });
    expect(shapeCsv({ records: [], delimiter: ',', errors: [] })).toMatchObject({ headers: [], rows: [] });
  });
});

const sample: Entry[] = [
  {
    id: 0,
    loc: 'https://www.example.com/a?x=1,2',
    lastmod: '2024-06-24',
    priority: '0.5',
    images: [{ loc: 'https://cdn.example.com/1.jpg' }, { loc: 'https://cdn.example.com/2.jpg' }],
    alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/a' }],
  },
  {
    id: 1,
    loc: 'https://www.example.com/b',
    changefreq: 'daily',
    videos: [{ nodes: [{ name: 'title', text: 'Say "hi"' }] }],
  },
];

describe('entriesToCsv', () => {
  it('writes a header, CRLF rows and quotes cells with commas or quotes', () => {
    const csv = entriesToCsv(sample, {
      columns: ['loc', 'lastmod', 'changefreq', 'priority', 'images', 'videos', 'alternates'],
    });
    expect(csv.split('\r\n')).toEqual([
      'loc,lastmod,changefreq,priority,images,videos,alternates',
      '"https://www.example.com/a?x=1,2",2024-06-24,,0.5,https://cdn.example.com/1.jpg https://cdn.example.com/2.jpg,,de=https://www.example.com/de/a',
      'https://www.example.com/b,,daily,,,"Say ""hi""",',
      '',
    ]);
  });

  it('exports only the chosen rows in the given order, with a file column and a BOM', () => {
    const files = ['post-sitemap.xml', 'page-sitemap.xml'];
    const csv = entriesToCsv(sample, {
      columns: ['file', 'loc'],
      rows: [1],
      fileOf: (i) => files[i],
      bom: true,
    });
    expect(csv).toBe('\ufefffile,loc\r\npage-sitemap.xml,https://www.example.com/b\r\n');
  });

  it('splits large exports into chunks of whole rows', () => {
    const many: Entry[] = Array.from({ length: 25 }, (_, i) => ({ id: i, loc: `https://e.example/${i}` }));
    const chunks = entriesToCsvChunks(many, { columns: ['loc'], chunkRows: 10 });
    expect(chunks).toHaveLength(4);
    expect(chunks[1].split('\r\n')[0]).toBe('https://e.example/0');
    expect(chunks.join('').split('\r\n')).toHaveLength(27);
  });
});
