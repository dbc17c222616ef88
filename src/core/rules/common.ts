/**
 * Shared plumbing for rule functions: where issues go and how values are shown in messages.
 */

import { codePointLabel, isInvisibleUnit } from '../invisible.ts';
import {
  type DocumentKind,
  type Entry,
  type Issue,
  makeIssue,
  type Severity,
  type ValidationSettings,
} from '../model.ts';
import type { RuleId } from './registry.ts';

/** What every entry-level rule function receives. Rules push into `out`. */
export interface EntryCtx {
  entry: Entry;
  kind: DocumentKind;
  settings: ValidationSettings;
  out: Issue[];
  /**
   * Written by `checkUrlValue` / `checkLoc` (loc.ts): {@link URL_PLAIN} / {@link URL_LOWER} bits
   * of the URL value it just checked. Read it right after the call.
   */
  url?: number;
  /**
   * Day key (`W3cDate.dayKey`) before which a lastmod cannot be in the future at any zone (see
   * lastmod.ts; computed from `settings.now` when absent).
   */
  recentDay?: number;
}

/** `EntryCtx.url` bit: printable ASCII without `&`, `'` or surrounding spaces (bytes = length). */
export const URL_PLAIN = 1;
/** `EntryCtx.url` bit: the trimmed value is ASCII without uppercase letters (lowercasing is a no-op). */
export const URL_LOWER = 2;

/**
 * Pushes one issue about the context's entry (entry id, field path and source line filled in).
 *
 * @example report(ctx, 'LOC-005', 'warning', 'URL has surrounding whitespace…', 'loc')
 */
export function report(
  ctx: EntryCtx,
  rule: RuleId,
  severity: Severity,
  message: string,
  field: string,
): void {
  const e = ctx.entry;
  ctx.out.push(makeIssue(rule, severity, message, { entry: e.id, field, line: e.line }));
}

/**
 * Quotes a value for a message: control characters made visible, long values shortened in the middle.
 *
 * @example show('https://www.example.com/') === '“https://www.example.com/”'
 */
export function show(value: string, max = 80): string {
  // Only the ends can appear in the message: never escape all of a huge value (a 100 MB URL).
  if (value.length > 4 * max) {
    const head = visible(value.slice(0, max));
    const tail = visible(value.slice(-max));
    return `“${head.slice(0, max - 21)}…${tail.slice(-20)}”`;
  }
  let v = visible(value);
  if (v.length > max) v = `${v.slice(0, max - 21)}…${v.slice(-20)}`;
  return `“${v}”`;
}

function visible(value: string): string {
  // Printable ASCII (most URLs) is shown as it is: the value itself, not a copy built a character
  // at a time, which is a string of one-character pieces that a kept message holds on to (1,000,000
  // HOST-004 messages kept took ~45 s of CPU at load 12, most of it collecting those pieces).
  let k = 0;
  while (k < value.length) {
    const c = value.charCodeAt(k);
    if (c < 32 || c > 126) break;
    k++;
  }
  if (k === value.length) return value;
  let v = value.slice(0, k);
  for (const ch of value.slice(k)) {
    const c = ch.charCodeAt(0);
    if (isInvisibleUnit(c)) v += `⟨${codePointLabel(ch, 0)}⟩`;
    else if (c >= 32 && c !== 127) v += ch;
    else v += c === 10 ? '\\n' : c === 9 ? '\\t' : `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return v;
}

/** Where the other entry of a pair is, for messages. @example where(e) === 'line 12' */
export function whereIs(e: Entry): string {
  return e.line !== undefined ? `the entry on line ${e.line}` : `entry ${show(e.loc, 60)}`;
}
