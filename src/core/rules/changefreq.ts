/** CF-001 (SITEMAP-RULES.md 6.7): changefreq must be one of seven lowercase keywords. */

import { CHANGEFREQS } from '../fields.ts';
import { hasEdgeSpace, trimValue } from '../urls.ts';
import { type EntryCtx, report, show } from './common.ts';

/** The seven keywords as a set. */
export const CHANGEFREQ: ReadonlySet<string> = new Set(CHANGEFREQS);

/** Position of a keyword in {@link CHANGEFREQS} (0 = always), -1 for anything else. @example changefreqIndex('daily') === 2 */
export function changefreqIndex(value: string): number {
  return (CHANGEFREQS as readonly string[]).indexOf(value);
}

/** Words that mean exactly one keyword. `biweekly`, `quarterly`, `sometimes` mean none: no fix. */
const SYNONYMS: Readonly<Record<string, string>> = {
  hour: 'hourly',
  'every hour': 'hourly',
  day: 'daily',
  'every day': 'daily',
  'each day': 'daily',
  week: 'weekly',
  'every week': 'weekly',
  'each week': 'weekly',
  month: 'monthly',
  'every month': 'monthly',
  'each month': 'monthly',
  year: 'yearly',
  'every year': 'yearly',
  annual: 'yearly',
  annually: 'yearly',
  continuously: 'always',
  constantly: 'always',
};

/**
 * The keyword an unambiguous synonym stands for (case and spacing ignored), else null.
 *
 * @example changefreqSynonym('Annually') === 'yearly'; changefreqSynonym('sometimes') === null
 */
export function changefreqSynonym(v: string): string | null {
  return (
    SYNONYMS[
      v
        .trim()
        .toLowerCase()
        .replace(/[\s_-]+/g, ' ')
    ] ?? null
  );
}

/**
 * Checks `entry.changefreq`.
 *
 * @example checkChangefreq(ctx) // 'Daily' → CF-001 error with lowercase fix; 'biweekly' → CF-001 error
 */
export function checkChangefreq(ctx: EntryCtx): boolean {
  const raw = ctx.entry.changefreq;
  if (raw === undefined) return false;
  const v = trimValue(raw);
  if (v === '') {
    report(
      ctx,
      'CF-001',
      'warning',
      'Empty <changefreq>: remove the element or choose one of always, hourly, daily, weekly, monthly, yearly, never.',
      'changefreq',
    );
    return false;
  }
  if (CHANGEFREQ.has(v)) {
    if (hasEdgeSpace(raw))
      report(
        ctx,
        'CF-001',
        'warning',
        `Value ${show(raw)} has surrounding whitespace; trim it.`,
        'changefreq',
      );
    return true;
  }
  if (CHANGEFREQ.has(v.toLowerCase())) {
    report(
      ctx,
      'CF-001',
      'error',
      `Invalid tag value: changefreq ${show(v)} must be lowercase (“${v.toLowerCase()}”).`,
      'changefreq',
    );
    return true;
  }
  report(
    ctx,
    'CF-001',
    'error',
    `Invalid tag value: changefreq ${show(v)} is not a keyword; choose always, hourly, daily, weekly, monthly, yearly or never.`,
    'changefreq',
  );
  return false;
}
