/**
 * The editor's IDX-006 note of a child the index names that is not open (indexChecks.ts writes
 * it): told apart from a nested index, which IDX-006 is about, so the Issues card can title its
 * findings by what they are. A module of its own: the Issues panel reads it on first paint.
 */
import type { Issue } from '../model.ts';

/** The words the note says a child is not open in. */
export const NOT_OPEN = 'is not open';

/**
 * True for the IDX-006 note of a child that is not open (not a nested index).
 *
 * @example isNotOpenChild(issue) // true for "Child https://a.example/b.xml is not open, …"
 */
export function isNotOpenChild(i: Pick<Issue, 'rule' | 'severity' | 'message'>): boolean {
  return (
    i.rule === 'IDX-006' &&
    i.severity === 'info' &&
    i.message.startsWith('Child ') &&
    i.message.includes(` ${NOT_OPEN},`)
  );
}
