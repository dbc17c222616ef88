/**
 * Find and replace over every file of a workspace: counted per file before it runs, then applied
 * through each file's own `findReplace` command (command → patch → store → history: one step in
 * each file that changes), and those steps linked into one: undoing it in any file undoes it in
 * the others, and redo the same. Loaded with the Find and replace dialog (not the first chunk).
 */
import { fmtInt } from '../core/format.ts';
import type { AppStore, FindReplaceRequest } from './types.ts';

/** A workspace file as the find and replace sees it. */
export interface ReplaceFile {
  id: number;
  name: string;
  store: AppStore;
}

/** Cells a replace would change in one file. */
export interface FileCount {
  id: number;
  name: string;
  cells: number;
}

/** Every row of a file: the scope of a replace across files (no selection or view spans them). */
const everyRow = (req: FindReplaceRequest): FindReplaceRequest => ({ ...req, scope: 'all' });

/**
 * The cells the replace changes in each file (all rows of each), in the workspace's order.
 *
 * @example previewAcross(files, req).map((f) => f.cells) // [3, 0, 12]
 */
export function previewAcross(files: readonly ReplaceFile[], req: FindReplaceRequest): FileCount[] {
  const all = everyRow(req);
  return files.map((f) => ({ id: f.id, name: f.name, cells: f.store.commands.previewFindReplace(all) }));
}

/**
 * Replace in every file, one linked step (see the module comment). Returns the cells changed and
 * the names of the files changed; `notify` is the store whose notice says it (the active file's).
 */
export function replaceAcross(
  files: readonly ReplaceFile[],
  req: FindReplaceRequest,
  notify: AppStore,
): { cells: number; files: string[] } {
  const all = everyRow(req);
  let cells = 0;
  const changed: ReplaceFile[] = [];
  for (const f of files) {
    const n = f.store.commands.previewFindReplace(all) > 0 ? f.store.commands.findReplace(all) : 0;
    if (n > 0) {
      cells += n;
      changed.push(f);
    }
  }
  if (changed.length > 1) linkSteps(changed.map((f) => f.store));
  if (changed.length > 0) {
    const names = changed.map((f) => f.name);
    notify.commands.notify(
      'info',
      `Replaced “${req.find}” in ${fmtInt(cells)} ${cells === 1 ? 'cell' : 'cells'} across ${names.length === 1 ? names[0] : `${names.length} files (${names.join(', ')}); one step: Undo in any of them undoes it in all`}.`,
    );
  }
  return { cells, files: changed.map((f) => f.name) };
}

type StepState = 'done' | 'undone' | 'other';

/**
 * Link the step each store just committed: when one of them is undone (or redone), the others
 * follow while theirs is still where it was. A store's step is known by identity (the history's
 * `undoStep` / `redoStep`), so a later step with the same label is never taken for it; once a
 * later edit buries it or clears its redo, that store is left alone, and when no store has it
 * within reach any more the link is dropped.
 */
export function linkSteps(stores: readonly AppStore[]): void {
  const marks = stores.map((s) => s.getState().history.undoStep);
  const stateOf = (j: number): StepState => {
    const h = stores[j].getState().history;
    if (marks[j] !== null && h.undoStep === marks[j]) return 'done';
    if (marks[j] !== null && h.redoStep === marks[j]) return 'undone';
    return 'other';
  };
  const last: StepState[] = stores.map((_, j) => stateOf(j));
  let following = false;
  const offs: Array<() => void> = [];
  const changed = (i: number) => {
    if (following) return;
    const now = stateOf(i);
    if (now === last[i]) return;
    last[i] = now;
    if (now === 'other') {
      if (last.every((s) => s === 'other')) for (const off of offs) off();
      return;
    }
    following = true;
    try {
      for (let j = 0; j < stores.length; j++) {
        if (j === i) continue;
        const was = stateOf(j);
        if (now === 'undone' && was === 'done') stores[j].commands.undo();
        else if (now === 'done' && was === 'undone') stores[j].commands.redo();
        last[j] = stateOf(j);
      }
    } finally {
      following = false;
    }
  };
  for (let i = 0; i < stores.length; i++) offs.push(stores[i].subscribe(() => changed(i)));
}
