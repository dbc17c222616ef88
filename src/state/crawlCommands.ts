/**
 * The crawl audit's commands. Attaching, replacing and removing crawl data never changes the
 * document (no undo step; the validator joins the entries and reports the CRAWL rules); the
 * actions each make ONE labelled undo step, and the UI shows their count (`crawlActionCount`)
 * before running them.
 */

import { CRAWL_REMOVE_RULES, type CrawlFixResult, crawlFixSteps, missingPages } from '../core/crawl/fixes.ts';
import { isSearchConsole } from '../core/crawl/format.ts';
import { CrawlJoin } from '../core/crawl/join.ts';
import { CrawlPreset, type ListedUrls, listLocs } from '../core/crawl/match.ts';
import { crawlNotes } from '../core/crawl/notes.ts';
import type { CrawlTable } from '../core/crawl/table.ts';
import { fmtInt, plural } from '../core/format.ts';
import { readRows } from '../core/lazyEntries.ts';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { runSteps } from '../core/steps.ts';
import { isCrawlColumn, viewWithoutCrawl } from './columns.ts';
import { CRAWL_JOINING } from './crawlView.ts';
import { fixPatch, insertPatch, urlCount } from './edits.ts';
import type { Kernel } from './kernel.ts';
import type { Patch } from './patch.ts';
import { inNextTask, SLICE_MS } from './slices.ts';
import type { Commands, CrawlAction, MatchedCrawl } from './types.ts';

/** The rule an action fixes, and its undo label. */
export const CRAWL_ACTIONS: Readonly<Record<CrawlAction, { rule: string; label: string }>> = {
  'remove-errors': { rule: 'CRAWL-001', label: 'Remove error URLs' },
  'remove-noindex': { rule: 'CRAWL-003', label: 'Remove noindex URLs' },
  'remove-blocked': { rule: 'CRAWL-005', label: 'Remove blocked URLs' },
  'replace-redirects': { rule: 'CRAWL-002', label: 'Replace or remove redirecting URLs' },
  'replace-canonicals': { rule: 'CRAWL-004', label: 'Replace or remove canonicalised URLs' },
  'add-missing': { rule: 'CRAWL-006', label: 'Add missing indexable pages' },
};

/**
 * What a replace action did: "Replaced 2 URLs with their redirect targets (1 with lastmod from the
 * crawl's Last-Modified, 1 keeps its own: …). Removed 1 URL whose target is already listed."
 */
export function replaceReport(rule: string, result: CrawlFixResult, join: CrawlJoin): string {
  const updated = result.update ?? [];
  const removed = result.remove?.length ?? 0;
  const parts: string[] = [];
  if (updated.length > 0) {
    let dated = 0;
    for (const e of updated) {
      const m = join.match(e.loc);
      if (m !== null && join.lastmod(m.row) !== '') dated++;
    }
    const target = rule === 'CRAWL-002' ? 'redirect target' : 'canonical URL';
    const kept = updated.length - dated;
    const n = fmtInt;
    const how =
      kept === 0
        ? "lastmod from the crawl's Last-Modified"
        : dated === 0
          ? 'lastmod kept: the crawl has no Last-Modified for the target'
          : `${n(dated)} with lastmod from the crawl's Last-Modified, ${n(kept)} ${kept === 1 ? 'keeps its' : 'keep their'} own: the crawl has none for the target`;
    parts.push(
      `Replaced ${urlCount(updated.length)} with ${updated.length === 1 ? `its ${target}` : `their ${target}s`} (${how}).`,
    );
  }
  if (removed > 0) parts.push(`Removed ${urlCount(removed)} whose target is already listed.`);
  return parts.join(' ');
}

/** Task label while a big join runs in slices. */
const JOINING = CRAWL_JOINING;
/** Documents from this many entries are joined in slices. */
const SLICED_JOIN = 50_000;
/**
 * Entries per join step: a step is ~1 ms of work on an idle machine, so a slice (SLICE_MS,
 * state/slices.ts) ends well under 50 ms even when the page gets half a core.
 */
const STEP_ENTRIES = 1_000;

/** The crawl audit's commands (storeCore.ts loads this module on their first use). */
export type CrawlCommands = Pick<
  Commands,
  | 'attachCrawl'
  | 'removeCrawl'
  | 'crawlActionCount'
  | 'crawlActionCountSteps'
  | 'runCrawlAction'
  | 'missingCrawlRows'
  | 'addCrawlPages'
  | 'listCrawlUrls'
>;

/** A join run in slices by the store's task (see `createCrawlCommands`). */
interface SlicedJoin {
  /** Its number: a newer join stops an older one. */
  id: number;
  steps: Generator<number, void>;
  /** Entries of the document when it started (the progress total). */
  entries: number;
  done?: () => void;
  onCancel?: () => void;
}

/** Entries looked at per step of `crawlActionCountSteps` (~2-4 ms on an idle machine). */
const COUNT_STEP = 50_000;

/**
 * A fix of one entry (a URL lookup in the crawl, a target decoded) costs about this many entries
 * looked at: `crawlFixSteps` takes `COUNT_STEP / FIX_PER_ENTRY` entries per step.
 */
const FIX_PER_ENTRY = 25;

/** Listed URLs encoded per step of `listCrawlUrls`. */
const LIST_STEP = 2_000;

/**
 * Build the crawl commands over a kernel (and install its `rejoinCrawl`). A join runs as the
 * store's task (`runTask`: progress, Cancel).
 *
 * @example store.commands.attachCrawl(table); store.commands.crawlActionCount('remove-noindex') // 3
 */
export function createCrawlCommands(k: Kernel, runTask: Commands['runTask']): CrawlCommands {
  // A big document is joined in slices of at most SLICE_MS, so the page keeps answering; a newer
  // join makes an older one stop (the validator drops it).
  let joining = 0;
  /** A workspace's join shared by every file (see `attachCrawl`). */
  let shared: CrawlJoin | null = null;
  /**
   * The sliced join to run next, and whether the store's task is running slices now. A join that
   * starts while another one's task runs takes that task over (its progress and Cancel), rather
   * than running unseen beside it.
   */
  let running: SlicedJoin | null = null;
  let driving = false;
  const join = (
    table: CrawlTable | null,
    done?: () => void,
    matched?: MatchedCrawl,
    onCancel?: () => void,
  ) => {
    const v = k.validator;
    const timers = k.deps.timers;
    // The fixes made with the join before (and its table) go with it.
    fixes.clear();
    const n = Math.max(k.f.doc?.entries.length ?? 0, table?.rows ?? 0);
    const sliced = n >= SLICED_JOIN && timers !== undefined && v.setCrawlSteps !== undefined;
    // The crawl worker's answers, when made for this table and (CRAWL-006 candidates) this scope.
    const use = table !== null && matched?.table === table ? matched : undefined;
    const scope = v.crawlScope?.() ?? '';
    const wanted = use && use.matches.scope === scope ? use.matches.wanted : undefined;
    // Sliced, the join's CRAWL-006 candidates are found in the steps too (`CrawlJoin.prepare`),
    // and the join (its per-row arrays) is made in the first slice, not in the attach's task.
    const given = shared;
    const make = () =>
      table === null ? null : given?.table === table ? given : new CrawlJoin(table, scope, sliced, wanted);
    const preset = use ? new CrawlPreset(use.table, use.entries, use.matches.rows, use.positions) : null;
    const chunk = sliced ? STEP_ENTRIES : Number.MAX_SAFE_INTEGER;
    const steps = !v.setCrawlSteps
      ? undefined
      : sliced
        ? (function* () {
            yield* v.setCrawlSteps?.(make(), chunk, preset) ?? [];
          })()
        : v.setCrawlSteps(make(), chunk, preset);
    // A newer join stops an older one; the last one clears the task.
    const id = ++joining;
    if (!steps || !sliced || !timers) {
      running = null;
      if (steps) runSteps(steps);
      else v.setCrawl?.(make());
      if (k.f.task?.label === JOINING) k.set({ task: null });
      done?.();
      return;
    }
    running = { id, steps, entries: k.f.doc?.entries.length ?? 0, done, onCancel };
    if (driving) {
      // The running task goes on with this join: its progress starts again from here.
      const task = k.f.task;
      if (task?.label === JOINING) k.set({ task: { ...task, progress: null } });
      return;
    }
    driving = true;
    const later = (fn: () => void) => inNextTask(timers, fn);
    const work = (onProgress: (phase: string, done: number, total: number) => void, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        const stop = () => {
          driving = false;
          resolve();
        };
        const slice = () => {
          const r = running;
          if (r === null || r.id !== joining) return stop();
          if (signal.aborted) {
            r.steps.return();
            running = null;
            stop();
            r.onCancel?.();
            return;
          }
          const t0 = k.deps.now();
          const version = k.validator.version;
          for (let step = r.steps.next(); ; step = r.steps.next()) {
            if (step.done) {
              running = null;
              // Cleared here too: the task's own end comes a microtask later.
              if (k.f.task?.label === JOINING) k.set({ task: null });
              else k.set({});
              stop();
              r.done?.();
              return;
            }
            if (step.value > 0) onProgress('join', step.value, r.entries);
            // The findings changed (the first rows joined): their render, which every view of
            // the findings takes part in, ends this slice rather than following 8 ms of steps.
            if (k.deps.now() - t0 >= SLICE_MS || k.validator.version !== version) break;
          }
          later(slice);
        };
        // The attach's own render (the crawl columns appear) gets its task; the join follows.
        later(slice);
      });
    void runTask(JOINING, work).catch(() => undefined);
  };
  k.rejoinCrawl = () => join(k.f.crawl);

  /**
   * The last fix result of each rule, while the document, the findings and the join are the ones
   * it was made from: the card's count makes it in slices, so the action then only commits it.
   */
  const fixes = new Map<
    string,
    { docVersion: number; version: number; join: CrawlJoin; result: CrawlFixResult }
  >();
  /**
   * The fix of `rule` over the entries with its issue, in steps of `chunk` entries looked at (the
   * pass over a 1,000,000-entry document is the cost; the fix itself reads only those entries).
   */
  function* fixSteps(rule: string, chunk: number): Generator<number, CrawlFixResult | null> {
    const doc = k.f.doc;
    const v = k.validator;
    const crawl = v.crawlJoin?.() ?? null;
    if (!doc || !crawl) return null;
    const version = v.version;
    const docVersion = k.f.docVersion;
    const hit = fixes.get(rule);
    if (hit && hit.docVersion === docVersion && hit.version === version && hit.join === crawl)
      return hit.result;
    // Changed between the steps: the caller (the card's count) starts again anyway.
    const stale = () => k.f.docVersion !== docVersion || v.version !== version;
    const ids = v.entriesWithRuleSteps ? yield* v.entriesWithRuleSteps(rule, chunk) : v.entriesWithRule(rule);
    if (stale()) return null;
    // The entries, in document order (the first one listing a target claims it).
    let max = -1;
    for (const id of ids) if (id > max) max = id;
    const mark = new Uint8Array(max + 1);
    for (const id of ids) mark[id] = 1;
    const entries: Entry[] = [];
    const all = doc.entries;
    // Ids from the rows: only the rows with the rule's findings are made (core/lazyEntries.ts).
    const rows = readRows(all);
    for (let i = 0; i < all.length; i++) {
      const id = rows.id(i);
      if (id <= max && mark[id] === 1) entries.push(all[i]);
      if ((i + 1) % chunk === 0) {
        yield i + 1;
        if (stale()) return null;
      }
    }
    const rowOf = (e: Entry) => v.crawlRowOf?.(e.id) ?? -1;
    const result = yield* crawlFixSteps(rule, entries, crawl, rowOf, Math.max(1, chunk / FIX_PER_ENTRY));
    if (stale()) return null;
    fixes.set(rule, { docVersion, version, join: crawl, result });
    return result;
  }
  const fixResult = (rule: string) => runSteps(fixSteps(rule, Number.MAX_SAFE_INTEGER));
  /** Take the crawl data out: its join, columns, filters and sort (the document is not changed). */
  const dropCrawl = () => {
    shared = null;
    join(null);
    k.set({ crawl: null, view: viewWithoutCrawl(k.f.view) });
  };
  const sizeOf = (r: { update?: unknown[]; remove?: unknown[] } | null) =>
    (r?.update?.length ?? 0) + (r?.remove?.length ?? 0);
  /** `prepare`: also make a removal's fix (in the steps), so that running it only commits. */
  function* countSteps(action: CrawlAction, chunk: number, prepare: boolean): Generator<number, number> {
    const join = k.validator.crawlJoin?.() ?? null;
    if (!join) return 0;
    if (action === 'add-missing') {
      // A sitemap index lists sitemaps, not pages: none is added to it.
      if (k.f.doc?.kind === 'sitemapindex') return 0;
      if (prepare && join.missing > 0) yield* missingSteps(chunk);
      return join.missing;
    }
    const { rule } = CRAWL_ACTIONS[action];
    // Removals take every entry with the rule (one issue per entry): the counts say how many.
    if (CRAWL_REMOVE_RULES.has(rule)) {
      const n = k.validator.counts().byRule.get(rule)?.count ?? 0;
      if (prepare && n > 0) yield* fixSteps(rule, chunk);
      return n;
    }
    return sizeOf(yield* fixSteps(rule, chunk));
  }

  /**
   * "Add missing indexable pages" made in steps by the card's count (the pass over the crawl's
   * rows, 20,000 entry bodies at 1,000,000): while the document, the findings and the join are
   * the ones it was made from, the action only commits its patch.
   */
  let missing: { docVersion: number; version: number; join: CrawlJoin; patch: Patch } | null = null;
  const missingHit = (join: CrawlJoin) =>
    missing !== null &&
    missing.join === join &&
    missing.docVersion === k.f.docVersion &&
    missing.version === k.validator.version
      ? missing.patch
      : null;
  function* missingSteps(chunk: number): Generator<number, void> {
    const doc = k.f.doc;
    const join = k.validator.crawlJoin?.() ?? null;
    if (!doc || !join || missingHit(join)) return;
    const docVersion = k.f.docVersion;
    const version = k.validator.version;
    const stale = () => k.f.docVersion !== docVersion || k.validator.version !== version;
    const rows = yield* join.missingRowsSteps(chunk);
    if (stale()) return;
    const bodies: Array<Omit<Entry, 'id'>> = [];
    const per = Math.max(1, Math.floor(chunk / FIX_PER_ENTRY));
    for (let i = 0; i < rows.length; i += per) {
      for (const body of missingPages(join, rows.slice(i, i + per))) bodies.push(body);
      yield i + per;
      if (stale()) return;
    }
    missing = { docVersion, version, join, patch: missingPatch(doc, bodies) };
  }
  const missingPatch = (doc: SitemapDocument, bodies: Array<Omit<Entry, 'id'>>) =>
    insertPatch(
      doc,
      doc.entries.length,
      bodies,
      `${CRAWL_ACTIONS['add-missing'].label} (${urlCount(bodies.length)})`,
    );

  const addCrawlPages = (rows: readonly number[]): number => {
    const doc = k.f.doc;
    const crawl = k.validator.crawlJoin?.() ?? null;
    if (!doc || !crawl) return 0;
    if (doc.kind === 'sitemapindex') {
      k.notify('info', 'A sitemap index lists sitemaps, not pages: add the pages to a urlset file.');
      return 0;
    }
    // Another file (or an earlier click) may have listed some meanwhile: add each page once.
    const fresh = rows.filter((r) => r >= 0 && r < crawl.table.rows && crawl.listedCount(r) === 0);
    if (fresh.length === 0) return 0;
    const bodies = missingPages(crawl, fresh);
    return k.commit(missingPatch(doc, bodies)) ? bodies.length : 0;
  };

  return {
    missingCrawlRows: () => k.validator.crawlJoin?.()?.missingRows() ?? [],
    addCrawlPages,
    attachCrawl(table, sharedJoin, matched) {
      const replaced = k.f.crawl;
      shared = sharedJoin ?? null;
      const view = k.f.view;
      const hiddenColumns = view.hiddenColumns.filter((c) => !isCrawlColumn(c));
      // The session saves `crawl` with the file (workspaceStore.ts `saveStamp`). A replace shows
      // the crawl columns already: the view stays the same object (a sorted or filtered view's
      // rows are not worked out again for it).
      const same = hiddenColumns.length === view.hiddenColumns.length;
      k.set({ crawl: table, view: same ? view : { ...view, hiddenColumns } });
      // Cancel never costs the user the audit they had: a replaced crawl is joined again.
      const cancelled = () => {
        if (k.f.crawl !== table) return;
        if (replaced) {
          shared = null;
          k.set({ crawl: replaced });
          join(replaced);
          k.notify(
            'info',
            `Stopped attaching ${table.fileName}: the crawl data of ${replaced.fileName} stays attached. The sitemap itself is unchanged.`,
          );
          return;
        }
        dropCrawl();
        k.notify(
          'info',
          `Stopped attaching ${table.fileName}: no crawl data is attached. The sitemap itself is unchanged.`,
        );
      };
      join(
        table,
        () => {
          if (k.f.crawl !== table) return;
          // A file joining a workspace's shared crawl says nothing, but tells its listeners it is done.
          if (sharedJoin) return k.set({});
          attachedNotice();
          // What the reader noticed in the file (an unclosed quote, where) and rows repeating a URL.
          const notes = crawlNotes(table);
          if (notes.length > 0) k.notify('warning', `${notes.join('. ')}.`);
        },
        matched,
        cancelled,
      );
      function attachedNotice(): void {
        if (k.f.doc?.kind === 'sitemapindex') {
          k.notify(
            'info',
            `${replaced ? 'Replaced the crawl data with' : 'Attached'} ${table.fileName}: ${fmtInt(table.rows)} crawled URLs. A sitemap index lists sitemaps, not pages: the urlset files it lists carry the audit, those open here (open the others to audit them too). The sitemap itself is unchanged.`,
          );
          return;
        }
        const listed = k.f.doc ? k.f.doc.entries.length : 0;
        // By severity: the Issues tab counts errors and warnings, the status bar names notes.
        const by = { error: 0, warning: 0, info: 0 };
        for (const [rule, { severity, count }] of k.validator.counts().byRule)
          if (rule.startsWith('CRAWL-')) by[severity] += count;
        const findings = by.error + by.warning + by.info;
        const parts: string[] = [];
        if (by.error > 0) parts.push(plural(by.error, 'error'));
        if (by.warning > 0) parts.push(plural(by.warning, 'warning'));
        if (by.info > 0) parts.push(plural(by.info, 'note'));
        const which = parts.length > 0 ? `: ${parts.join(', ')}` : '';
        k.notify(
          'info',
          `${replaced ? 'Replaced the crawl data with' : 'Attached'} ${table.fileName}: ${fmtInt(table.rows)} ${isSearchConsole(table.format) ? 'Search Console pages' : 'crawled URLs'} joined with ${urlCount(listed)} listed, ${plural(findings, 'crawl finding')}${which}. The sitemap itself is unchanged.`,
        );
      }
    },
    listCrawlUrls() {
      const doc = k.f.doc;
      const timers = k.deps.timers;
      const listing: ReturnType<Commands['listCrawlUrls']> = {
        entries: doc?.entries ?? [],
        urls: Promise.resolve(null),
        positions: null,
      };
      if (!doc || doc.entries.length === 0) return listing;
      // A validator loaded from the worker's findings builds its indexes first, in these slices
      // (the scope may need them; the join would otherwise build them in one task).
      const build = timers ? k.validator.finishSteps?.() : undefined;
      let scope: string | null = build ? null : (k.validator.crawlScope?.() ?? '');
      const steps = listLocs(doc.entries, doc.nextId, LIST_STEP);
      listing.urls = new Promise<ListedUrls | null>((resolve) => {
        const slice = () => {
          const t0 = k.deps.now();
          for (;;) {
            if (scope === null) {
              if (build && !build.next().done) {
                if (k.deps.now() - t0 >= SLICE_MS) break;
                continue;
              }
              scope = k.validator.crawlScope?.() ?? '';
            }
            const r = steps.next();
            if (r.done) {
              listing.positions = r.value.positions;
              const { parts, starts, hashes } = r.value;
              return resolve({ parts, starts, hashes, scope });
            }
            if (timers && k.deps.now() - t0 >= SLICE_MS) break;
          }
          if (timers) inNextTask(timers, slice);
        };
        // Not in the caller's task: that is the drop's (the dialog, the file's sniff, the
        // workers' start), and the first slice allocates the listing's arrays (12 MB at 1M).
        if (timers) inNextTask(timers, slice);
        else slice();
      });
      return listing;
    },
    removeCrawl() {
      const table = k.f.crawl;
      if (!table) return;
      dropCrawl();
      k.notify('info', `Removed the crawl data of ${table.fileName}. The sitemap itself is unchanged.`);
    },
    crawlActionCount: (action) => runSteps(countSteps(action, Number.MAX_SAFE_INTEGER, false)),
    crawlActionCountSteps: (action) => countSteps(action, COUNT_STEP, true),
    runCrawlAction(action) {
      const doc = k.f.doc;
      const crawl = k.validator.crawlJoin?.() ?? null;
      if (!doc || !crawl) return 0;
      const { rule, label } = CRAWL_ACTIONS[action];
      if (action === 'add-missing') {
        const patch = missingHit(crawl);
        if (patch === null) return addCrawlPages(crawl.missingRows());
        return k.commit(patch) ? patch.added.length : 0;
      }
      const result = fixResult(rule);
      const n = sizeOf(result);
      if (!result || n === 0) return 0;
      if (!k.commit(fixPatch(doc, result, `${label} (${urlCount(n)})`))) return 0;
      if (!CRAWL_REMOVE_RULES.has(rule)) k.notify('info', replaceReport(rule, result, crawl));
      return n;
    },
  };
}
