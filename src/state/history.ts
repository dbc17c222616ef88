import { plural } from '../core/format.ts';
import { changesEntries, type Patch } from './patch.ts';

/** Undo and redo stacks of patches. Immutable: every operation returns a new value. */
export interface History {
  readonly undo: readonly Patch[];
  readonly redo: readonly Patch[];
}

/** What the UI shows about history (menu labels, button states). */
export interface HistorySummary {
  canUndo: boolean;
  canRedo: boolean;
  /** Label of the step `undo()` would revert, e.g. "Set priority on 40,000 URLs". */
  undoLabel: string | null;
  redoLabel: string | null;
  /** The step `undo()` / `redo()` would take, by identity only (a step keeps it through undo and redo). */
  undoStep: object | null;
  redoStep: object | null;
  /** Number of undo steps kept. */
  undoDepth: number;
  /** Some undo step changes entries (settings steps alone leave the file as it was). */
  editsEntries: boolean;
  /** Some undo step changes settings (settingsStep.ts): work of the user's, not of the file. */
  changesSettings: boolean;
}

/**
 * Steps counted by what they change: `edits` change entries (the file an export writes),
 * `settings` change the document's settings only (settingsStep.ts).
 */
export interface StepCounts {
  edits: number;
  settings: number;
}

/**
 * Count `steps` (see `StepCounts`).
 *
 * @example countSteps(history.undo) // { edits: 3, settings: 1 }
 */
export function countSteps(steps: readonly Patch[]): StepCounts {
  let edits = 0;
  for (const p of steps) if (changesEntries(p)) edits++;
  return { edits, settings: steps.length - edits };
}

/**
 * What `c` counts, in words for the Replace prompt and the Recent list: a settings change is
 * work, but no edit of the file. '' when it counts nothing.
 *
 * @example stepsText({ edits: 3, settings: 1 }) // '3 edits and a settings change'
 */
export function stepsText(c: StepCounts): string {
  const edits = c.edits > 0 ? plural(c.edits, 'edit') : '';
  const settings =
    c.settings === 1 ? 'a settings change' : c.settings > 1 ? plural(c.settings, 'settings change') : '';
  return edits && settings ? `${edits} and ${settings}` : edits || settings;
}

/** Maximum number of undo steps kept in memory. */
export const MAX_HISTORY = 200;

/** An empty history. */
export const EMPTY_HISTORY: History = { undo: [], redo: [] };

/**
 * Most entry versions the undo stack may hold alive. A step over 1,000,000 rows keeps
 * 1,000,000 old entry objects (~200 MB); older steps are dropped past this budget, but the
 * newest step is always kept.
 */
export const MAX_HISTORY_ENTRIES = 2_000_000;

/** Entry objects a patch holds. */
export function patchSize(p: Patch): number {
  return (
    p.added.length + p.updated.length + p.removed.length + (p.reorder ? p.reorder.after.length >>> 3 : 0)
  );
}

/** Record a new step: pushes onto undo, clears redo, keeps at most `max` steps and `maxEntries` entries. */
export function record(h: History, p: Patch, max = MAX_HISTORY, maxEntries = MAX_HISTORY_ENTRIES): History {
  const undo = [...h.undo, p];
  let size = 0;
  let from = undo.length;
  while (from > 0 && undo.length - from < max) {
    size += patchSize(undo[from - 1]);
    if (size > maxEntries && from < undo.length) break;
    from--;
  }
  return { undo: from === 0 ? undo : undo.slice(from), redo: [] };
}

/** Pop the last undo step; returns it and the history after undoing, or null if none. */
export function popUndo(h: History): { patch: Patch; history: History } | null {
  if (h.undo.length === 0) return null;
  const patch = h.undo[h.undo.length - 1];
  return { patch, history: { undo: h.undo.slice(0, -1), redo: [...h.redo, patch] } };
}

/** Pop the last redo step; returns it and the history after redoing, or null if none. */
export function popRedo(h: History): { patch: Patch; history: History } | null {
  if (h.redo.length === 0) return null;
  const patch = h.redo[h.redo.length - 1];
  return { patch, history: { undo: [...h.undo, patch], redo: h.redo.slice(0, -1) } };
}

/** Summarize for the UI. @example summarize(EMPTY_HISTORY).canUndo // false */
export function summarize(h: History): HistorySummary {
  const u = h.undo[h.undo.length - 1];
  const r = h.redo[h.redo.length - 1];
  return {
    canUndo: u !== undefined,
    canRedo: r !== undefined,
    undoLabel: u?.label ?? null,
    redoLabel: r?.label ?? null,
    undoStep: u ?? null,
    redoStep: r ?? null,
    undoDepth: h.undo.length,
    editsEntries: h.undo.some(changesEntries),
    changesSettings: h.undo.some((p) => p.settings !== undefined),
  };
}
