/**
 * LASTMOD rules (SITEMAP-RULES.md 6.6) for one entry; IDX-003 for the format of an index lastmod.
 * The document-level LASTMOD-007 and LASTMOD-010 live in documentRules.ts.
 */

import { hasEdgeSpace, trimValue } from '../urls.ts';
import {
  dayKeyOfMs,
  parseW3cDate,
  QUICK_DAY,
  QUICK_MINUTE,
  quickW3c,
  type W3cDate,
  type W3cPrecision,
  type W3cProblem,
} from '../w3cDate.ts';
import { type EntryCtx, report, show } from './common.ts';
import type { RuleId } from './registry.ts';

const SKEW_MS = 10 * 60_000;
const EARLIEST_YEAR = 1995;
const DAY_MS = 86_400_000;

const PROBLEM_RULE: Record<Exclude<W3cProblem, 'empty'>, RuleId> = {
  format: 'LASTMOD-001',
  'date-zone': 'LASTMOD-001',
  'no-zone': 'LASTMOD-002',
  impossible: 'LASTMOD-003',
};

function problemMessage(problem: W3cProblem, value: string, detail: string): string {
  switch (problem) {
    case 'no-zone':
      return `Invalid date: ${show(value)} has a time but no time zone. Add the zone the time was recorded in (Z for UTC, or an offset such as +02:00), or keep the date only.`;
    case 'impossible':
      return `Invalid date: ${show(value)} is not a real date or time (${detail}). Enter the actual date.`;
    case 'date-zone':
      return `Date ${show(value)} carries a time zone without a time; write it as a plain YYYY-MM-DD date.`;
    default:
      return `Invalid date: ${show(value)} is not in W3C Datetime format (${detail}). Use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm.`;
  }
}

/**
 * The day key before which a lastmod is never in the future at `now`, whatever its zone: the day
 * before yesterday (UTC). A value of an earlier day ends, at -14:00, before `now`.
 *
 * @example recentDayOf(Date.UTC(2026, 10, 21, 12)) === 20261119
 */
export function recentDayOf(now: number): number {
  return dayKeyOfMs(now - 2 * DAY_MS);
}

/** `checkLastmod`'s answer for an entry without a valid lastmod. */
export const NO_LASTMOD = -1;

/**
 * Checks `entry.lastmod`. Returns, for a valid date, its `W3cDate.dayKey` × 2 + 1 when it is a
 * plain day (`YYYY-MM-DD`), else × 2 (for the document counters; a number, so a valid date costs
 * no object), and `NO_LASTMOD` otherwise.
 *
 * @example checkLastmod(ctx) // '2023-02-29' → LASTMOD-003 error, returns NO_LASTMOD
 */
export function checkLastmod(ctx: EntryCtx): number {
  const raw = ctx.entry.lastmod;
  if (raw === undefined) return NO_LASTMOD;
  const v = trimValue(raw);
  if (v === '') {
    report(
      ctx,
      'LASTMOD-009',
      'warning',
      'Empty <lastmod>: fill in the date the page last changed, or remove the element.',
      'lastmod',
    );
    return NO_LASTMOD;
  }
  if (hasEdgeSpace(raw)) {
    report(
      ctx,
      'LASTMOD-001',
      'warning',
      `Date ${show(raw)} has surrounding whitespace; trim it.`,
      'lastmod',
    );
  }
  const index = ctx.kind === 'sitemapindex';
  // The common forms, days before yesterday (UTC): never in the future, even at -14:00.
  const quick = quickW3c(v);
  if (quick >= 0) {
    const dayKey = Math.floor(quick / 8);
    if (dayKey < (ctx.recentDay ?? recentDayOf(ctx.settings.now))) {
      const precision = quick % 8;
      if (precision === QUICK_MINUTE) checkPrecision(ctx, 'minute', v, index);
      if (dayKey < EARLIEST_YEAR * 10_000) reportEarly(ctx, v);
      return dayKey * 2 + (precision === QUICK_DAY ? 1 : 0);
    }
  }
  const parsed = parseW3cDate(v);
  if (!parsed.ok) {
    const rule = index ? 'IDX-003' : PROBLEM_RULE[parsed.problem as Exclude<W3cProblem, 'empty'>];
    const severity = parsed.problem === 'date-zone' ? 'warning' : 'error';
    report(ctx, rule, severity, problemMessage(parsed.problem, v, parsed.detail), 'lastmod');
    return NO_LASTMOD;
  }
  checkPrecision(ctx, parsed.precision, v, index);
  checkPlausible(ctx, parsed, v);
  return parsed.dayKey * 2 + (parsed.precision === 'day' ? 1 : 0);
}

function checkPrecision(ctx: EntryCtx, precision: W3cPrecision, v: string, index: boolean): void {
  if (precision === 'year' || precision === 'month') {
    report(
      ctx,
      index ? 'IDX-003' : 'LASTMOD-004',
      'warning',
      `Date ${show(v)} gives only the ${precision === 'year' ? 'year' : 'year and month'}; the schema requires at least a full day (YYYY-MM-DD).`,
      'lastmod',
    );
  } else if (precision === 'minute') {
    report(
      ctx,
      index ? 'IDX-003' : 'LASTMOD-005',
      'warning',
      `Date ${show(v)} has minutes but no seconds; the schema requires seconds. Add :00.`,
      'lastmod',
    );
  }
}

function checkPlausible(ctx: EntryCtx, d: W3cDate, v: string): void {
  if (d.earliestMs > ctx.settings.now + SKEW_MS) {
    report(
      ctx,
      'LASTMOD-006',
      'warning',
      `Date ${show(v)} is in the future; use the date the page actually last changed.`,
      'lastmod',
    );
  }
  if (d.year < EARLIEST_YEAR) reportEarly(ctx, v);
}

function reportEarly(ctx: EntryCtx, v: string): void {
  report(
    ctx,
    'LASTMOD-008',
    'warning',
    `Date ${show(v)} is before 1995 (often an epoch default such as 1970-01-01); use the real date or remove it.`,
    'lastmod',
  );
}
