/**
 * A change of the document's settings as a history step: a `Patch` with `settings` (the keys it
 * changes, before and after) and no entries, labelled for the Undo button. The kernel's
 * `applyStep` sets them and the re-check (recheck.ts) brings the findings to them, whether the
 * step is committed, undone or redone: one path for a setting given in Settings, in the export
 * dialog or on the way to a fix.
 */
import type { Patch } from './patch.ts';
import { DEFAULT_PROFILE, PROFILE_NAMES } from './profiles.ts';
import type { Settings } from './types.ts';

type Key = keyof Settings;

/** The settings of a store before any are chosen, and of a new document (`Commands.newDocument`). */
export const DEFAULT_SETTINGS: Settings = { publishUrl: '', crossSubmission: false };

/** The step's label ("Set publish URL", "Turn cross-submission on"): one key, else "Change settings". */
function labelOf(after: Partial<Settings>): string {
  const [key, more] = Object.keys(after) as Key[];
  const v = after[key];
  if (more) return 'Change settings';
  if (key === 'publishUrl') return v ? 'Set publish URL' : 'Clear publish URL';
  if (key === 'crossSubmission') return `Turn cross-submission ${v ? 'on' : 'off'}`;
  if (key === 'profile') return `Severity profile: ${PROFILE_NAMES[after.profile ?? DEFAULT_PROFILE]}`;
  return v ? `Read dates as ${v === 'dmy' ? 'day/month' : 'month/day'}` : 'Ask for the date order';
}

/**
 * The step that takes `current` to `current` with `partial`, or null when no key changes.
 *
 * @example settingsStep({ publishUrl: '', crossSubmission: false }, { publishUrl: 'https://a.example/sitemap.xml' })?.label // 'Set publish URL'
 */
export function settingsStep(current: Settings, partial: Partial<Settings>): Patch | null {
  const before: Partial<Settings> = {};
  const after: Partial<Settings> = {};
  for (const key of Object.keys(partial) as Key[]) {
    if (partial[key] === current[key]) continue;
    (before as Record<Key, unknown>)[key] = current[key];
    (after as Record<Key, unknown>)[key] = partial[key];
  }
  if (Object.keys(after).length === 0) return null;
  return { label: labelOf(after), added: [], updated: [], removed: [], settings: { before, after } };
}

/**
 * What a notice says of a settings step made on the way to a fix (its Undo is the step's).
 *
 * @example settingsNotice(settingsStep(settings, { publishUrl: 'https://a.example/sitemap.xml' })!) // 'Publish URL set to https://a.example/sitemap.xml.'
 */
export function settingsNotice(step: Patch): string {
  const url = step.settings?.after.publishUrl;
  return url ? `Publish URL set to ${url}.` : `${step.label}.`;
}
