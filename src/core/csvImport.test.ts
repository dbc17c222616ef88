import { describe, expect, it } from 'vitest';
import { guessMapping, shapeCsv } from './csv.ts';
import { columnLabel, countImportable, importBodies, previewEntries, summarizeCsv } from './csvImport.ts';

/** A CSV as a tokeniser hands it over (records of cells), comma-separated. */
const parseCsv = (text: string) =>
  shapeCsv({ records: text.split('\n').map((line) => line.split(',')), delimiter: ',', errors: [] });

// A crawler export: one row without a URL, one without a date, a blank line at the end.
const frog = [
  'Address,Status Code,Title 1,Last Modified',
  'https://www.example.com/,200,Home,Mon 24 Jun 2024',
  'https://www.example.com/boots/,200,Boots,2024-06-20 14:05:09',
  ',404,,',
  'https://www.example.com/sandals/,301,Sandals,',
  '',
].join('\n');

describe('CSV import helpers', () => {
  it('previews the first rows exactly as importBodies will import them', () => {
    const parsed = parseCsv(frog);
    const mapping = guessMapping(parsed.headers);
    const preview = previewEntries(parsed, mapping, 2);
    const { rows } = importBodies(parsed, mapping);
    expect(preview.map(({ id: _id, ...body }) => body)).toEqual(rows.slice(0, 2));
    expect(preview[0].loc).toBe('https://www.example.com/');
  });

  it('counts importable and skipped rows for any mapping exactly as the import does', () => {
    const parsed = parseCsv(frog);
    const summary = summarizeCsv(parsed);
    expect(summary.rowCount).toBe(parsed.rows.length);
    for (let col = 0; col < parsed.headers.length; col++) {
      const { rows, skipped } = importBodies(parsed, { loc: col });
      expect(countImportable(summary, { loc: col }), parsed.headers[col]).toEqual({
        urls: rows.length,
        skipped,
      });
    }
    expect(importBodies(parsed, guessMapping(parsed.headers)).skipped).toBeGreaterThan(0);
    expect(countImportable(summary, {})).toEqual({ urls: 0, skipped: parsed.rows.length });
  });

  it('keeps only the first rows as the preview sample', () => {
    const text = `url\n${Array.from({ length: 120 }, (_, i) => `https://www.example.com/${i}`).join('\n')}\n`;
    const summary = summarizeCsv(parseCsv(text), 50);
    expect(summary.rowCount).toBe(120);
    expect(summary.sample.rows).toHaveLength(50);
    expect(summary.nonBlank).toEqual([120]);
    expect(previewEntries(summary.sample, { loc: 0 }).map((e) => e.loc)[0]).toBe('https://www.example.com/0');
  });

  it('finds preview rows past a run of URL-less rows', () => {
    const text = `url,note\n${',x\n'.repeat(30)}https://www.example.com/late,y\n`;
    const parsed = parseCsv(text);
    expect(previewEntries(parsed, { loc: 0 }).map((e) => e.loc)).toEqual(['https://www.example.com/late']);
  });

  it('labels columns like a spreadsheet', () => {
    expect(columnLabel(0, 'Address')).toBe('A: Address');
    expect(columnLabel(27, '')).toBe('Column AB');
  });
});
