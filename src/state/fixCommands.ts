/**
 * The rule fixes' commands: one issue's fix, a rule's Fix all (its preview and whether to offer
 * it) and the hreflang cluster's missing return links. Each builds one patch and hands it to
 * `kernel.commit` (one undo step). This module and core/fixes.ts stay out of the page's first
 * chunk: the browser's stores load them with the panels that show a fix (fixCode.ts).
 */
import {
  type FixAllOutlook,
  type FixPlan,
  fixAll,
  fixAllOutlook,
  getFix,
  MERGE_RULES,
  planFixAll,
} from '../core/fixes.ts';
import { fmtInt, plural } from '../core/format.ts';
import type { Issue } from '../core/model.ts';
import { fieldChange } from '../core/rules/fieldPath.ts';
import { fixPatch, urlCount } from './edits.ts';
import { hreflangCluster } from './hreflangCluster.ts';
import type { Kernel } from './kernel.ts';
import type { Patch } from './patch.ts';
import { hasIdIndex, idIndexOf } from './patch.ts';
import { settingsStep } from './settingsStep.ts';
import { BIG_DOCUMENT } from './slices.ts';
import type { Commands, FixAllPreview, FixSettings } from './types.ts';

/** The commands this module makes (merged into `Commands`). */
export type FixCommands = Pick<
  Commands,
  'applyFix' | 'previewFixAll' | 'fixAllOutlook' | 'fixAll' | 'addMissingReturnLinks'
>;

/** A preview of nothing to fix. */
export const NO_PLAN: FixAllPreview = { rows: 0, removed: 0, cannot: 0, needs: {}, samples: [] };

/** Changes a Fix all preview shows as examples. */
export const FIX_ALL_SAMPLES = 3;

/** Entries a Fix all outlook reads at most (see `outlookOf`): ~0.1 ms of work per rule, per change. */
export const OUTLOOK_MAX_ENTRIES = 2_000;

/** "Fixed 12 URLs (PRIO-001). 3 left: no safe correction." — what Fix all did, and what it did not. */
export function fixAllReport(rule: string, done: number, plan: FixPlan): string {
  const changed = done - plan.removed;
  const head =
    done === 0
      ? `Nothing changed (${rule}).`
      : plan.removed > 0
        ? `Removed ${plural(plan.removed, 'row')}${changed > 0 ? ` and changed ${fmtInt(changed)}` : ''} (${rule}).`
        : `Fixed ${urlCount(done)} (${rule}).`;
  if (plan.cannot === 0) return head;
  const why: string[] = [];
  const need = (n: number, what: string) => `${fmtInt(n)} ${n === 1 ? 'needs' : 'need'} ${what}`;
  if (plan.needs.publishUrl) why.push(need(plan.needs.publishUrl, 'a publish URL (Settings)'));
  if (plan.needs.dateOrder) why.push(need(plan.needs.dateOrder, 'the day/month order'));
  const waiting = (plan.needs.publishUrl ?? 0) + (plan.needs.dateOrder ?? 0);
  const rest = plan.cannot - waiting;
  if (rest > 0)
    why.push(
      `${plural(rest, 'URL')} ${rest === 1 ? 'has' : 'have'} no safe automatic correction: edit ${rest === 1 ? 'it' : 'them'} by hand`,
    );
  return `${head} ${fmtInt(plan.cannot)} left: ${why.join('; ')}.`;
}

/** Build the fix commands over a kernel. */
export function createFixCommands(k: Kernel): FixCommands {
  /**
   * What a fix reads. `withCrawl` false leaves the crawl join out: reading it makes a validator
   * loaded from the worker's findings build itself (see `outlookOf`).
   */
  const fixContext = (withCrawl = true, given?: FixSettings) => ({
    document: k.f.doc!,
    settings: given?.dateOrder
      ? { ...k.validationSettings(), dateOrder: given.dateOrder }
      : k.validationSettings(),
    crawl: withCrawl ? (k.validator.crawlJoin?.() ?? null) : null,
  });
  /**
   * A fix's patch with the settings the user gave on the way to it (the day/month order) in the
   * same step: one Undo takes back both (`settingsStep`); the label says the setting.
   */
  const withSettings = (p: Patch, given: FixSettings | undefined): Patch => {
    const step = given ? settingsStep(k.f.settings, given) : null;
    if (!step?.settings) return p;
    return { ...p, settings: step.settings, label: `${p.label} (${step.label.toLowerCase()})` };
  };
  /**
   * Every per-row issue of a rule, including those a profile note stands for. Read from the rows
   * that have one (`entriesWithRule`): the scope findings' issues are made when read (1,000,000
   * HOST-004 rows make 1,000,000 issues), so the other rules' rows are not read at all.
   */
  const rowIssues = (rule: string): Issue[] => {
    const v = k.validator;
    const out: Issue[] = [];
    for (const id of v.entriesWithRule(rule))
      for (const i of v.issuesOf(id)) if (i.rule === rule) out.push(i);
    const quiet = k.validator.quietIssues?.(rule);
    return quiet?.length ? [...out, ...quiet] : out;
  };
  const planOf = (rule: string, issues = rowIssues(rule), given?: FixSettings): FixPlan | null => {
    if (!k.f.doc || !getFix(rule)) return null;
    return planFixAll(rule, issues, fixContext(true, given));
  };
  /**
   * The first few changes of a plan in the fix's own words (`fieldChange`): at most
   * FIX_ALL_SAMPLES updated rows, each looked up by id and its issue found by a walk over the
   * rule's issues (which the plan walked already).
   */
  const samplesOf = (plan: FixPlan, issues: readonly Issue[]): string[] => {
    const doc = k.f.doc;
    const updated = plan.result.update ?? [];
    if (!doc || updated.length === 0) return [];
    const at = idIndexOf(doc.entries);
    const out: string[] = [];
    for (const after of updated) {
      if (out.length >= FIX_ALL_SAMPLES) break;
      const before = after.id < at.length && at[after.id] >= 0 ? doc.entries[at[after.id]] : undefined;
      if (!before) continue;
      for (const i of issues) {
        if (i.entry !== after.id) continue;
        const change = fieldChange(before, after, i.field);
        if (change) {
          out.push(change);
          break;
        }
      }
    }
    return out;
  };

  // Outlooks by rule, for one document, validator state, settings and crawl.
  let outlooks: { key: unknown[]; byRule: Map<string, FixAllOutlook> } | null = null;
  /**
   * A rule's outlook, looking at no more than OUTLOOK_MAX_ENTRIES entries: the Issues panel asks
   * for every rule after each change, and a rule with few issues far down a 1,000,000-row document
   * would otherwise be a walk over every row per edit. Cut short without an answer: the button is
   * offered (its preview counts exactly). It reads only what the validator already answers
   * (`issuesOf`): the crawl join and the issues a profile note stands for (`quietIssues`) make a
   * validator that was loaded from the worker's findings build itself on the page, in one task
   * (1.1 s of CPU for the 50 MB worst case, right after its rows showed). So the crawl join is
   * read only when a crawl is attached (its attach built the validator), and a rule with no row
   * issue read keeps its button.
   */
  const outlookOf = (rule: string): FixAllOutlook => {
    const v = k.validator;
    const entries = k.f.doc?.entries ?? [];
    let cut = false;
    let seen = 0;
    function* bounded(): Generator<Issue> {
      const n = Math.min(entries.length, OUTLOOK_MAX_ENTRIES);
      for (let j = 0; j < n; j++)
        for (const i of v.issuesOf(entries[j].id))
          if (i.rule === rule) {
            seen++;
            yield i;
          }
      cut = n < entries.length;
    }
    const o = fixAllOutlook(rule, bounded(), fixContext(k.f.crawl !== null));
    return o === 'none' && (cut || seen === 0) ? 'fix' : o;
  };

  return {
    applyFix(issue: Issue, given?: FixSettings) {
      const fix = getFix(issue.rule);
      if (!k.f.doc || !fix) return false;
      const result = fix.apply(issue, fixContext(true, given));
      return result ? k.commit(withSettings(fixPatch(k.f.doc, result, fix.label), given)) : false;
    },
    previewFixAll(rule, given) {
      const issues = rowIssues(rule);
      const plan = planOf(rule, issues, given);
      return plan
        ? {
            rows: plan.rows,
            removed: plan.removed,
            cannot: plan.cannot,
            needs: plan.needs,
            samples: samplesOf(plan, issues),
            // A merge's examples name rows (core/rules/mergeSample.ts, in the Issues panel's chunk).
            ...(MERGE_RULES.has(rule)
              ? { merged: (plan.result.remove ?? []).slice(0, FIX_ALL_SAMPLES) }
              : {}),
            ...(getFix(rule)?.removes ? { removes: getFix(rule)!.removes } : {}),
          }
        : NO_PLAN;
    },
    fixAllOutlook(rule) {
      if (!k.f.doc || !getFix(rule)) return 'none';
      // A fix looks entries up by id through the document's id index, which a big document gets
      // in idle slices after it opens (kernel `indexIds`): asked before that, the outlook would
      // build it in one task (28-38 ms of CPU at 1,000,000 rows, right as the findings show). Until
      // then the button is offered, as when the outlook is cut short; not kept, so the next render
      // after the build answers.
      if (k.f.doc.entries.length >= BIG_DOCUMENT && !hasIdIndex(k.f.doc.entries)) return 'fix';
      const key = [k.f.doc.entries, k.validator.version, k.f.settings, k.f.crawl];
      if (!outlooks || outlooks.key.some((x, i) => x !== key[i])) outlooks = { key, byRule: new Map() };
      let o = outlooks.byRule.get(rule);
      if (o === undefined) {
        o = outlookOf(rule);
        outlooks.byRule.set(rule, o);
      }
      return o;
    },
    fixAll(rule, given) {
      const fix = getFix(rule);
      const plan = planOf(rule, undefined, given);
      if (!k.f.doc || !fix || !plan) return 0;
      const p = fixPatch(k.f.doc, plan.result, '');
      const n = p.updated.length + p.removed.length;
      // In the words of the preview: "3 rows removed, 1 changed" where rows go.
      const removed = p.removed.length;
      const counted =
        removed > 0
          ? `${plural(removed, 'row')} removed${p.updated.length > 0 ? `, ${fmtInt(p.updated.length)} changed` : ''}`
          : urlCount(n);
      p.label = `${fix.label} (${counted})`;
      const step = withSettings(p, given);
      const done = n > 0 && k.commit(step) ? n : 0;
      const level = done > 0 && plan.cannot === 0 ? 'info' : 'warning';
      if (done > 0) k.notifyStep(step, fixAllReport(rule, done, plan), level);
      else k.notify(level, fixAllReport(rule, done, plan));
      return done;
    },
    addMissingReturnLinks(entryId) {
      const doc = k.f.doc;
      const cluster = doc ? hreflangCluster(doc.entries, entryId) : null;
      if (!doc || !cluster) return 0;
      const issues: Issue[] = [];
      for (const m of cluster.members)
        for (const i of k.validator.issuesOf(m.id))
          if (i.rule === 'HREF-006' && i.severity === 'error') issues.push(i);
      const ctx = { document: doc, settings: k.validationSettings() };
      const p = fixPatch(doc, fixAll('HREF-006', issues, ctx), '');
      let n = 0;
      for (const [before, after] of p.updated)
        n += (after.alternates?.length ?? 0) - (before.alternates?.length ?? 0);
      p.label = `Add ${n} missing return ${n === 1 ? 'link' : 'links'}`;
      return k.commit(p) ? n : 0;
    },
  };
}
