/**
 * Find and replace over every file of a workspace: counted per file before it runs, then applied
 * through each file's own `findReplace` command (command → patch → store → history: one step in
 * each file that changes), and those steps linked into one: undoing it in any file undoes it in
 * the others, and redo the same. Loaded with the Find and replace dialog (not the first chunk).
 */
import { replacedNotice } from './findReplace.ts';
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
 * Null when `stop()` said to stop (a newer request).
 *
 * @example (await previewAcross(files, req))?.map((f) => f.cells) // [3, 0, 12]
 */
export async function previewAcross(
  files: readonly ReplaceFile[],
  req: FindReplaceRequest,
  stop?: () => boolean,
): Promise<FileCount[] | null> {
  const all = everyRow(req);
  const out: FileCount[] = [];
  for (const f of files) {
    // One file after another, each scanned in slices when big (`previewFindReplace`).
    const cells = await f.store.commands.previewFindReplace(all, stop);
    if (cells === null) return null;
    out.push({ id: f.id, name: f.name, cells });
  }
  return out;
}

/**
 * Replace in every file, one linked step (see the module comment). Each file's step and notice
 * name the whole replace (`FindReplaceRequest.across`): one notice for one action, and an Undo
 * that says what it takes back. `notify` is the store whose notice says it (the active file's):
 * when the replace did not change that file, it is told there. Returns the cells changed and the
 * names of the files changed.
 */
export async function replaceAcross(
  files: readonly ReplaceFile[],
  req: FindReplaceRequest,
  notify: AppStore,
): Promise<{ cells: number; files: string[] }> {
  const all = everyRow(req);
  const counts: number[] = [];
  for (const f of files) counts.push((await f.store.commands.previewFindReplace(all)) ?? 0);
  const changing = files.filter((_, i) => counts[i] > 0);
  if (changing.length === 0) return { cells: 0, files: [] };
  const across = { cells: counts.reduce((sum, n) => sum + n, 0), files: changing.map((f) => f.name) };
  const part = { ...all, across };
  let cells = 0;
  const changed: ReplaceFile[] = [];
  for (const f of changing) {
    const n = await f.store.commands.findReplace(part);
    if (n > 0) {
      cells += n;
      changed.push(f);
    }
  }
  if (changed.length > 1) linkSteps(changed.map((f) => f.store));
  if (changed.length > 0 && !changed.some((f) => f.store === notify))
    notify.commands.notify('info', replacedNotice(part, 0, cells));
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
