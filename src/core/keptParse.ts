/**
 * Which parse findings an edit keeps: those whose field it left alone (the rule of
 * entryIssues.ts, the validator's part that holds them). Small and free of the rules, so the
 * store can follow a patch with a list of findings while no validator holds them (a restored
 * document before its check ends, state/kernel.ts `parseFindings`).
 */
import type { Entry, Issue } from './model.ts';
import type { Patch } from './patch.ts';

/** Parse findings any edit of their entry takes away (see {@link keptParse}). */
const GONE_ON_EDIT = new Set(['XML-006', 'ENC-005']);

/**
 * Parse issues an edit keeps: those whose field it left alone. An edited entry is re-printed in
 * XSD order, so its order finding (XML-006) goes with any edit ("Reorder children" is an edit);
 * and an unescaped & (ENC-005) is written as &amp; by every export, so its finding goes with any
 * edit too (the fix "Write & as &amp;" is one).
 */
export function keptParse(
  parse: readonly Issue[],
  quietParse: readonly Issue[],
  before: Entry,
  after: Entry,
): Issue[] {
  const out: Issue[] = [];
  for (const list of [parse, quietParse])
    for (const i of list)
      if (!fieldChanged(before, after, i.field) && !(GONE_ON_EDIT.has(i.rule) && before !== after))
        out.push(i);
  return out;
}

/** True when an issue's field (first path segment) differs between two versions of an entry. */
function fieldChanged(before: Entry, after: Entry, field: string | undefined): boolean {
  if (field === undefined) return true;
  const top = field.split('.')[0] as keyof Entry;
  return before[top] !== after[top];
}

/**
 * `findings` (a document's parse findings) after `patch`: those of removed entries go, an updated
 * entry keeps those {@link keptParse} keeps, document-level ones stay. The same list when the
 * patch touches no entry with findings. O(findings + patch).
 *
 * @example parseAfterPatch(findings, { ...patch, removed: [{ index: 0, entry }] }) // without entry's
 */
export function parseAfterPatch(findings: readonly Issue[], patch: Patch): readonly Issue[] {
  if (findings.length === 0 || (patch.removed.length === 0 && patch.updated.length === 0)) return findings;
  const gone = new Set<number>();
  for (const { entry } of patch.removed) gone.add(entry.id);
  const changed = new Map<number, [Entry, Entry]>();
  for (const pair of patch.updated) changed.set(pair[0].id, pair);
  let touched = false;
  for (const i of findings)
    if (i.entry !== undefined && (gone.has(i.entry) || changed.has(i.entry))) {
      touched = true;
      break;
    }
  if (!touched) return findings;
  return findings.filter((i) => {
    if (i.entry === undefined) return true;
    if (gone.has(i.entry)) return false;
    const pair = changed.get(i.entry);
    return !pair || keptParse([i], [], pair[0], pair[1]).length > 0;
  });
}
