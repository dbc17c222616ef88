/** Test helpers about findings. Test-only: nothing in the app imports this module. */
import type { Issue } from '../model.ts';

/** One finding as one comparable line: entry, rule, severity, field and message. */
export const issueLine = (i: Issue): string =>
  `${i.entry ?? '-'} ${i.rule} ${i.severity} ${i.field ?? ''} ${i.message}`;
