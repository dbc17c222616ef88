/**
 * Chart data for the insights panel (issue #8), from the store's state: which entries the charts
 * describe (the current view: filters and search, except the chart's own bucket filter, so the
 * other bars stay visible with the clicked one marked), and every chart of core/stats over them.
 * All passes are O(n); the UI memoizes per (document, view, validation version).
 */
import { entriesOfSlots, readRows, type Slot, slotsOf } from '../core/lazyEntries.ts';
import type { Entry, Severity, SitemapDocument } from '../core/model.ts';
import { entryBytes } from '../core/rules/size.ts';
import {
  type BucketFilter,
  type Chart,
  changefreqDistribution,
  type FileSizeBucket,
  fileSizes,
  issuesByRule,
  type LastmodChart,
  lastmodHistogram,
  priorityDistribution,
  urlsPerFolder,
} from '../core/stats.ts';
import type { AppliedPatch } from './patch.ts';
import type { ViewState } from './types.ts';
import type { ValidatorLike } from './validation.ts';
import { filterMask } from './view.ts';

/** Every chart of the panel. */
export interface InsightsCharts {
  /** How many entries the charts describe (after the view's filters). */
  entries: number;
  lastmod: LastmodChart;
  changefreq: Chart;
  priority: Chart;
  rules: Chart;
  folders: Chart;
  /** The whole document against the sitemap limits (not filtered: a file is all of it). */
  files: Chart<FileSizeBucket>;
}

/** Bytes of the urlset wrapper and XML declaration around the entries (approximate). */
const DOCUMENT_OVERHEAD = 120;

/**
 * Entries in the view, ignoring the view's own chart (`bucket`) filter and the sort. Returns the
 * document's array itself when nothing is filtered.
 *
 * @example chartEntries(state.doc, state.view, state.validation.validator).length
 */
export function chartEntries(
  doc: SitemapDocument,
  view: ViewState,
  validator: ValidatorLike,
): readonly Entry[] {
  const filters = { ...view.filters };
  delete filters.bucket;
  const mask = filterMask(doc.entries, { ...view, filters, sort: null }, validator);
  if (!mask) return doc.entries;
  // The rows' slots, so that rows kept as columns stay unmade (core/lazyEntries.ts).
  const { slots, source } = slotsOf(doc.entries);
  const out: Slot[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.push(slots[i]);
  return entriesOfSlots(out, source);
}

/**
 * Issues per rule on the given entries (document-level issues are not on any URL, so they are
 * not counted). O(n + issues).
 *
 * @example ruleCounts(entries, validator).get('LOC-001') // { severity: 'error', count: 3 }
 */
export function ruleCounts(
  entries: readonly Entry[],
  validator: ValidatorLike,
): Map<string, { severity: Severity; count: number }> {
  const out = new Map<string, { severity: Severity; count: number }>();
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    for (const issue of validator.issuesOf(rows.id(i))) {
      const row = out.get(issue.rule);
      if (row) row.count++;
      else out.set(issue.rule, { severity: issue.severity, count: 1 });
    }
  }
  return out;
}

/**
 * Estimated exported size of the whole document (XML bytes, or text lines), with the core
 * validator's per-entry estimate. Measured in full once per document (O(n)), then kept current by
 * following each applied patch in the kernel's `applyStep` (only changed entries re-measured).
 *
 * @example const size = new DocumentSize(); size.of(doc) // 1_234_567; kernel: size.follow(step)
 */
export class DocumentSize {
  private entries: readonly Entry[] | null = null;
  private kind: SitemapDocument['kind'] = 'urlset';
  private bytes = 0;

  /** Bytes of `doc` (measured in full when it is not the document last measured or followed). */
  of(doc: SitemapDocument): number {
    if (this.entries !== doc.entries || this.kind !== doc.kind) {
      let n = doc.kind === 'text' ? 0 : DOCUMENT_OVERHEAD;
      const rows = readRows(doc.entries);
      for (let i = 0; i < doc.entries.length; i++) n += entryBytes(rows.peek(i), doc.kind);
      this.entries = doc.entries;
      this.kind = doc.kind;
      this.bytes = n;
    }
    return this.bytes;
  }

  /** Follow one applied patch of the measured document (others are measured afresh when asked). */
  follow({ patch, before, after }: AppliedPatch): void {
    if (this.entries !== before.entries || this.kind !== after.kind) return;
    const kind = after.kind;
    let n = this.bytes;
    for (const r of patch.removed) n -= entryBytes(r.entry, kind);
    for (const [b, a] of patch.updated) n += entryBytes(a, kind) - entryBytes(b, kind);
    for (const a of patch.added) n += entryBytes(a.entry, kind);
    this.bytes = n;
    this.entries = after.entries;
  }
}

/** Issues per rule on every URL of the document, from the validator's running totals. O(rules + document issues). */
function documentRuleCounts(validator: ValidatorLike): Map<string, { severity: Severity; count: number }> {
  const out = new Map<string, { severity: Severity; count: number }>();
  for (const [rule, c] of validator.counts().byRule) out.set(rule, { ...c });
  for (const issue of validator.documentIssues()) {
    const row = out.get(issue.rule);
    if (row) row.count--;
  }
  return out;
}

/**
 * Every chart for the view.
 *
 * `size`: the store's `derived.size` (kept current across edits); a fresh one measures in full.
 *
 * @example buildCharts(doc, view, validator, 'sitemap.xml').folders.buckets[0].label // '/blog'
 */
export function buildCharts(
  doc: SitemapDocument,
  view: ViewState,
  validator: ValidatorLike,
  fileName: string | null,
  size: DocumentSize = new DocumentSize(),
): InsightsCharts {
  const entries = chartEntries(doc, view, validator);
  return {
    entries: entries.length,
    lastmod: lastmodHistogram(entries),
    changefreq: changefreqDistribution(entries),
    priority: priorityDistribution(entries),
    rules: issuesByRule(
      entries === doc.entries ? documentRuleCounts(validator) : ruleCounts(entries, validator),
    ),
    folders: urlsPerFolder(entries, 10),
    files: fileSizes([{ name: fileName ?? 'sitemap.xml', bytes: size.of(doc), urls: doc.entries.length }]),
  };
}

/** Two bucket filters name the same entries (for marking the active bar). */
export function sameBucket(a: BucketFilter | null | undefined, b: BucketFilter | null | undefined): boolean {
  return !!a && !!b && JSON.stringify(a) === JSON.stringify(b);
}
