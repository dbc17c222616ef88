import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import {
  clearChanges,
  fillDownChanges,
  type GridData,
  pasteLabel,
  planPaste,
  rangeToTsv,
  readPaste,
} from './gridCommands.ts';

const entries: Entry[] = [
  { id: 10, loc: 'https://a.example/', lastmod: '2024-01-01', priority: '0.5' },
  { id: 11, loc: 'https://b.example/', changefreq: 'weekly' },
  { id: 12, loc: 'https://c.example/' },
];
// Sorted view: c, a, b.
const data: GridData = {
  entries,
  rowOrder: Int32Array.from([2, 0, 1]),
  columns: ['row', 'loc', 'lastmod', 'changefreq', 'priority'],
};

describe('rangeToTsv', () => {
  it('copies view rows in view order with empty cells as empty strings', () => {
    expect(rangeToTsv(data, { r0: 0, r1: 1, c0: 0, c1: 2 })).toBe(
      '1\thttps://c.example/\t\n2\thttps://a.example/\t2024-01-01',
    );
  });
});

describe('planPaste', () => {
  it('maps pasted cells onto the entries under them and skips the row-number column', () => {
    const plan = planPaste(data, '9\thttps://x.example/\t2025-05-05', 1, 0);
    expect(plan.changes).toEqual([
      { id: 10, field: 'loc', value: 'https://x.example/' },
      { id: 10, field: 'lastmod', value: '2025-05-05' },
    ]);
    expect(plan.newRows).toEqual([]);
  });

  it('turns a URL list running past the last row into new rows', () => {
    const plan = planPaste(data, 'https://n1.example/\nhttps://n2.example/\nhttps://n3.example/\n', 2, 1);
    expect(plan.changes).toEqual([{ id: 11, field: 'loc', value: 'https://n1.example/' }]);
    expect(plan.newRows).toEqual([{ loc: 'https://n2.example/' }, { loc: 'https://n3.example/' }]);
  });
});

describe('readPaste', () => {
  it('reads pasted values as the cell editor reads typed ones, new rows included', () => {
    const text = 'https://b2.example/\t15/01/2024\tWeekly\t0,8\nhttps://n.example/\t2024-1-5\tDAILY\t1';
    expect(readPaste(planPaste(data, text, 2, 1))).toEqual({
      plan: {
        changes: [
          { id: 11, field: 'loc', value: 'https://b2.example/' },
          { id: 11, field: 'lastmod', value: '2024-01-15' },
          { id: 11, field: 'changefreq', value: 'weekly' },
          { id: 11, field: 'priority', value: '0.8' },
        ],
        newRows: [{ loc: 'https://n.example/', lastmod: '2024-01-05', changefreq: 'daily', priority: '1' }],
      },
    });
  });

  it('asks the day/month order once for the paste, then reads every date with it', () => {
    const plan = planPaste(data, '05/01/2024\n03/02/2024', 0, 2);
    expect(readPaste(plan)).toEqual({ needs: 'dateOrder', sample: '05/01/2024' });
    const read = readPaste(plan, 'mdy');
    expect('plan' in read && read.plan.changes.map((c) => c.value)).toEqual(['2024-05-01', '2024-03-02']);
  });
});

describe('pasteLabel', () => {
  it('counts cells, or the rows touched when the paste adds rows, in the singular for one', () => {
    const tsv = (rows: number, cols: number) =>
      Array.from({ length: rows }, () => Array.from({ length: cols }, () => '0.5').join('\t')).join('\n');
    expect(pasteLabel(planPaste(data, tsv(3, 3), 0, 2))).toBe('Paste 9 cells');
    expect(pasteLabel(planPaste(data, '0.5', 0, 4))).toBe('Paste 1 cell');
    // 3×3 from the last row: one existing row changed, two rows added.
    expect(pasteLabel(planPaste(data, tsv(3, 3), 2, 2))).toBe('Paste 3 rows');
    expect(pasteLabel(planPaste(data, 'https://n.example/', 3, 1))).toBe('Paste 1 row');
  });
});

describe('clearChanges and fillDownChanges', () => {
  it('clears only editable cells', () => {
    expect(clearChanges(data, { r0: 0, r1: 0, c0: 0, c1: 2 })).toEqual([
      { id: 12, field: 'loc', value: '' },
      { id: 12, field: 'lastmod', value: '' },
    ]);
  });

  it('fills the top row of the range down, or the row above a one-row range', () => {
    expect(fillDownChanges(data, { r0: 1, r1: 2, c0: 2, c1: 3 })).toEqual([
      { id: 11, field: 'lastmod', value: '2024-01-01' },
      { id: 11, field: 'changefreq', value: '' },
    ]);
    expect(fillDownChanges(data, { r0: 2, r1: 2, c0: 4, c1: 4 })).toEqual([
      { id: 11, field: 'priority', value: '0.5' },
    ]);
    expect(fillDownChanges(data, { r0: 0, r1: 0, c0: 4, c1: 4 })).toEqual([]);
  });
});
