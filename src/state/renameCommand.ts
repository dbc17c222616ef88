/**
 * `replaceEntries`: replace many entries (matched by id) as ONE undoable step with a given label.
 * The URL tree's folder rename / subtree move builds the new entries with core
 * `planPrefixRename` and hands them here ("Rename /blog/ → /articles/ on 1,234 URLs").
 */
import type { Entry } from '../core/model.ts';
import { fixPatch } from './edits.ts';
import type { Kernel } from './kernel.ts';
import type { Commands } from './types.ts';

/**
 * Build the `replaceEntries` command over a kernel.
 *
 * @example
 * const n = store.commands.replaceEntries(plan.map((c) => c.after), 'Rename /blog → /news on 12 URLs');
 * // n === 12; one undo restores all 12 entries
 */
export function createRenameCommands(k: Kernel): Pick<Commands, 'replaceEntries'> {
  return {
    replaceEntries(entries: readonly Entry[], label: string, notice?: string): number {
      const doc = k.f.doc;
      if (!doc) return 0;
      const p = fixPatch(doc, { update: entries.slice() }, label);
      if (!k.commit(p)) return 0;
      if (notice !== undefined) k.notifyStep(p, notice);
      return p.updated.length;
    },
  };
}
