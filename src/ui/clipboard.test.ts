import { describe, expect, it } from 'vitest';
import { formatTsv, parseTsv } from './clipboard.ts';

describe('parseTsv', () => {
  it('reads rows and cells as Google Sheets writes them', () => {
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads Excel line endings and ignores one trailing newline', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps empty cells', () => {
    expect(parseTsv('\tx\t')).toEqual([['', 'x', '']]);
  });

  it('reads quoted cells holding tabs, newlines and doubled quotes', () => {
    expect(parseTsv('"one\ttwo"\t"line1\nline2"\n"say ""hi"""\tz')).toEqual([
      ['one\ttwo', 'line1\nline2'],
      ['say "hi"', 'z'],
    ]);
  });

  it('reads a cell that only starts with a quote literally', () => {
    expect(parseTsv('"quoted" text\tb')).toEqual([['"quoted" text', 'b']]);
  });

  it('gives no rows for empty text and one cell per line for a URL list', () => {
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('https://a.example/\nhttps://b.example/\n')).toEqual([
      ['https://a.example/'],
      ['https://b.example/'],
    ]);
  });
});

describe('formatTsv', () => {
  it('quotes only cells that need it and round-trips through parseTsv', () => {
    const rows = [
      ['https://example.com/', '2024-01-01', 'weekly', '0.5'],
      ['tab\there', 'new\nline', 'say "hi"', ''],
    ];
    const text = formatTsv(rows);
    expect(text.split('\n')[0]).toBe('https://example.com/\t2024-01-01\tweekly\t0.5');
    expect(text).toContain('"say ""hi"""');
    expect(parseTsv(text)).toEqual(rows);
  });
});
