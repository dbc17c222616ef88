import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, popRedo, popUndo, record, summarize } from './history.ts';
import type { Patch } from './patch.ts';
import { makeEntry } from './testing.ts';

const step = (label: string, rows = 1): Patch => ({
  label,
  added: [],
  updated: Array.from({ length: rows }, (_, i) => [makeEntry(i), makeEntry(i, { priority: '0.5' })]),
  removed: [],
});

describe('history', () => {
  it('undo moves a step to redo, redo moves it back, a new step clears redo', () => {
    let h = record(record(EMPTY_HISTORY, step('a')), step('b'));
    const u = popUndo(h);
    expect(u?.patch.label).toBe('b');
    h = u!.history;
    expect(summarize(h)).toMatchObject({ canUndo: true, canRedo: true, undoLabel: 'a', redoLabel: 'b' });
    expect(popRedo(h)?.history.undo.map((p) => p.label)).toEqual(['a', 'b']);
    expect(record(h, step('c')).redo).toHaveLength(0);
    expect(popUndo(EMPTY_HISTORY)).toBeNull();
  });

  it('keeps at most the given number of steps, newest last', () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < 10; i++) h = record(h, step(`s${i}`), 3);
    expect(h.undo.map((p) => p.label)).toEqual(['s7', 's8', 's9']);
  });

  it('drops old steps past the entry budget but always keeps the newest', () => {
    let h = record(EMPTY_HISTORY, step('small', 10), 200, 100);
    h = record(h, step('medium', 60), 200, 100);
    expect(h.undo.map((p) => p.label)).toEqual(['small', 'medium']);
    h = record(h, step('big', 50), 200, 100);
    expect(h.undo.map((p) => p.label)).toEqual(['big']);
    h = record(h, step('huge', 500), 200, 100);
    expect(h.undo.map((p) => p.label)).toEqual(['huge']);
  });
});
