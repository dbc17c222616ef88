import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessMapping, parseCsv } from '../../core/csv.ts';
import { columnLabel, countImportable, importBodies, previewEntries } from './csvImport.ts';

const frog = readFileSync(
  path.resolve(import.meta.dirname, '../../core/__fixtures__/csv/screaming-frog-internal-html.csv'),
  'utf8',
);

describe('CSV import helpers', () => {
  it('previews the first rows exactly as importBodies will import them', () => {
    const parsed = parseCsv(frog);
    const mapping = guessMapping(parsed.headers);
    const preview = previewEntries(parsed, mapping, 2);
    const { rows } = importBodies(parsed, mapping);
    expect(preview.map(({ id: _id, ...body }) => body)).toEqual(rows.slice(0, 2));
    expect(preview[0].loc).toBe('https://www.example.com/');
  });

  it('counts importable and skipped rows consistently with the import', () => {
    const parsed = parseCsv(frog);
    const mapping = guessMapping(parsed.headers);
    const counts = countImportable(parsed, mapping);
    const { rows, skipped } = importBodies(parsed, mapping);
    expect(counts).toEqual({ urls: rows.length, skipped });
    expect(skipped).toBeGreaterThan(0);
    expect(countImportable(parsed, {})).toEqual({ urls: 0, skipped: parsed.rows.length });
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
