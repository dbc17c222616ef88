/**
 * LASTMOD rules (SITEMAP-RULES.md 6.6) for one entry; IDX-003 for the format of an index lastmod.
 * The document-level LASTMOD-007 and LASTMOD-010 live in documentRules.ts.
 */

import { hasEdgeSpace, trimValue } from '../urls.ts';
import { parseW3cDate, type W3cDate, type W3cProblem } from '../w3cDate.ts';
import { type EntryCtx, report, show } from './common.ts';
import type { RuleId } from './registry.ts';

const SKEW_MS = 10 * 60_000;
const EARLIEST_YEAR = 1995;

const PROBLEM_RULE: Record<Exclude<W3cProblem, 'empty'>, RuleId> = {
  format: 'LASTMOD-001',
  'date-zone': 'LASTMOD-001',
  'no-zone': 'LASTMOD-002',
  impossible: 'LASTMOD-003',
};

function problemMessage(problem: W3cProblem, value: string, detail: string): string {
  switch (problem) {
    case 'no-zone':
      return `Invalid date: ${show(value)} has a time but no time zone. Add Z (UTC) or an offset such as +02:00 — choose the zone the time was recorded in.`;
    case 'impossible':
      return `Invalid date: ${show(value)} is not a real date or time (${detail}). Enter the actual date.`;
    case 'date-zone':
      return `Date ${show(value)} carries a time zone without a time; write it as a plain YYYY-MM-DD date.`;
    default:
      return `Invalid date: ${show(value)} is not in W3C Datetime format (${detail}). Use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm.`;
  }
}

/**
 * Checks `entry.lastmod`. Returns the parsed date when valid (for the document counters), else null.
 *
 * @example checkLastmod(ctx) // '2023-02-29' → LASTMOD-003 error, returns null
 */
export function checkLastmod(ctx: EntryCtx): W3cDate | null {
  const raw = ctx.entry.lastmod;
  if (raw === undefined) return null;
  const v = trimValue(raw);
  if (v === '') {
    report(
      ctx,
      'LASTMOD-009',
      'warning',
      'Empty <lastmod>: fill in the date the page last changed, or remove the element.',
      'lastmod',
    );
    return null;
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
  const parsed = parseW3cDate(v);
  const index = ctx.kind === 'sitemapindex';
  if (!parsed.ok) {
    const rule = index ? 'IDX-003' : PROBLEM_RULE[parsed.problem as Exclude<W3cProblem, 'empty'>];
    const severity = parsed.problem === 'date-zone' ? 'warning' : 'error';
    report(ctx, rule, severity, problemMessage(parsed.problem, v, parsed.detail), 'lastmod');
    return null;
  }
  checkPrecision(ctx, parsed, v, index);
  checkPlausible(ctx, parsed, v);
  return parsed;
}

function checkPrecision(ctx: EntryCtx, d: W3cDate, v: string, index: boolean): void {
  if (d.precision === 'year' || d.precision === 'month') {
    report(
      ctx,
      index ? 'IDX-003' : 'LASTMOD-004',
      'warning',
      `Date ${show(v)} gives only the ${d.precision === 'year' ? 'year' : 'year and month'}; the schema requires at least a full day (YYYY-MM-DD).`,
      'lastmod',
    );
  } else if (d.precision === 'minute') {
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
  if (d.year < EARLIEST_YEAR) {
    report(
      ctx,
      'LASTMOD-008',
      'warning',
      `Date ${show(v)} is before 1995 (often an epoch default such as 1970-01-01); use the real date or remove it.`,
      'lastmod',
    );
  }
}
