import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Entry } from '../../core/model.ts';
import { CRAWL_CATEGORIES, type CrawlCategory, crawlNotes, isSearchConsole } from '../../state/crawl.ts';
import {
  CRAWL_JOINING,
  type CrawlSummary,
  crawlSummarySteps,
  workspaceCrawlSummarySteps,
} from '../../state/crawlView.ts';
import { inSlices, pauseWith } from '../../state/slices.ts';
import type { AppState, CrawlAction } from '../../state/types.ts';
import { fmtInt, plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { WorkspaceContext } from '../workspace/workspaceContext.ts';
import './crawl.css';
import { MissingPagesDialog } from './MissingPagesDialog.tsx';

const LABEL: Record<CrawlCategory, string> = {
  ok: '200 indexable',
  redirect: 'Redirect',
  error: 'Error (4xx, 5xx, no response)',
  noindex: 'Noindex',
  blocked: 'Blocked by robots.txt',
  canonicalised: 'Canonicalised',
  notCrawled: 'Not crawled',
};

/**
 * A Search Console export has no status, type or canonical: its rows are pages Google showed in
 * search, and a listed URL without a row had no impressions (it says nothing about crawling).
 */
const SEARCH_CONSOLE_LABEL: Record<CrawlCategory, string> = {
  ...LABEL,
  ok: 'In the export',
  notCrawled: 'Not in the export',
};

/** A Search Console page-indexing list: the pages of its issue(s); a URL not in it is no finding. */
const INDEXING_LABEL: Record<CrawlCategory, string> = {
  ...LABEL,
  ok: 'In the list, no finding',
  notCrawled: 'Not in the list',
};

const ACTIONS: ReadonlyArray<{ action: CrawlAction; label: string }> = [
  { action: 'remove-errors', label: 'Remove error URLs' },
  { action: 'remove-noindex', label: 'Remove noindex URLs' },
  { action: 'remove-blocked', label: 'Remove blocked URLs' },
  { action: 'replace-redirects', label: 'Replace or remove redirecting URLs' },
  { action: 'replace-canonicals', label: 'Replace or remove canonicalised URLs' },
  { action: 'add-missing', label: 'Add missing indexable pages' },
];

/** `crawlSummarySteps` in small steps, returning the summary (null without crawl data). */
function* summarySteps(
  v: AppState['validation']['validator'],
  entries: readonly Entry[],
): Generator<null, CrawlSummary | null> {
  for (const step of crawlSummarySteps(v, entries, 20_000)) {
    if (step !== null) return step;
    yield null;
  }
  return null;
}

const noSubscription = () => () => {};

const selCrawl = (s: AppState) => s.crawl;
const selDoc = (s: AppState) => s.doc;
const selValidation = (s: AppState) => s.validation;
const selActive = (s: AppState) => s.view.filters.crawl?.category;
const selJoining = (s: AppState) => s.task?.label === CRAWL_JOINING;

/**
 * The crawl audit beside the charts: listed URLs by crawl status (each count filters the table),
 * the indexable pages the sitemap misses, and the actions, each with the count it would change.
 */
export function CrawlCard() {
  const crawl = useAppState(selCrawl);
  const doc = useAppState(selDoc);
  const validation = useAppState(selValidation);
  const active = useAppState(selActive);
  const joining = useAppState(selJoining);
  const commands = useCommands();
  const ws = useContext(WorkspaceContext);
  // In a workspace the join is shared: what another file lists (Add missing pages puts them in
  // the children, not in the index shown here) changes the missing count. The model is rebuilt
  // after each change of a file, so recount then too.
  const model = useSyncExternalStore(
    ws?.subscribe ?? noSubscription,
    () => ws?.getState().model ?? null,
    () => null,
  );
  const [listing, setListing] = useState(false);
  // Each pass reads every entry: for a big document, wait for a pause in edits (and in the
  // slices of a join) instead of recounting on every change.
  const [data, setData] = useState<{
    summary: CrawlSummary | null;
    /** In a workspace of several files: every file's, each page and URL counted once. */
    all: CrawlSummary | null;
    counts: Map<CrawlAction, number>;
  } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `model` signals a change in another file
  useEffect(() => {
    // A join in slices shows its findings after its first step and at its end: counting in
    // between would count it half done (and take the page's time from it).
    if (!doc || joining) return;
    // In slices (state/slices.ts: the summary, then each action's count, each a pass over the
    // entries in steps), so a 1,000,000-row document never blocks the page with one of them.
    let stopped = false;
    const deps = {
      now: () => performance.now(),
      timers: { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout },
    };
    /** The value of stepped work run in slices, each in a task of its own (null: stopped). */
    const finish = async <T,>(steps: Iterator<unknown, T>): Promise<T | null> => {
      let last: IteratorResult<unknown, T> | null = null;
      await pauseWith(deps.timers);
      if (stopped) return null;
      const ran = await inSlices(
        deps,
        () => (last = steps.next()),
        () => {},
        () => stopped,
      );
      const end = last as IteratorResult<unknown, T> | null;
      return ran === null || stopped || !end?.done ? null : end.value;
    };
    const run = async () => {
      const summary = await finish(summarySteps(validation.validator, doc.entries));
      // A page two files list is one page: the workspace's numbers count it once.
      const files = model ? (ws?.getState().files ?? []) : [];
      const all =
        files.length > 1
          ? await finish(
              workspaceCrawlSummarySteps(
                files.map((f) => ({
                  validator: f.store.getState().validation.validator,
                  entries: f.store.getState().doc?.entries ?? [],
                })),
                20_000,
              ),
            )
          : null;
      const counts = new Map<CrawlAction, number>();
      for (const { action } of ACTIONS) {
        const n = await finish(commands.crawlActionCountSteps(action));
        if (n === null) return;
        counts.set(action, n);
      }
      if (!stopped) setData({ summary, all, counts });
    };
    const delay = setTimeout(() => void run(), doc.entries.length > 50_000 ? 400 : 0);
    return () => {
      stopped = true;
      clearTimeout(delay);
    };
  }, [doc, validation, commands, joining, model]);
  const summary = data?.summary;
  const all = data?.all ?? null;
  const counts = data?.counts ?? new Map<CrawlAction, number>();
  if (!crawl || !summary) return null;
  const searchConsole = isSearchConsole(crawl.format);
  // The reader's warnings (an unclosed quote, where) and the rows repeating a URL, once.
  const notes = crawlNotes(crawl, false);
  const label =
    crawl.format === 'search-console-indexing'
      ? INDEXING_LABEL
      : crawl.format === 'search-console'
        ? SEARCH_CONSOLE_LABEL
        : LABEL;
  const pick = (c: CrawlCategory) =>
    commands.setFilter({ crawl: active === c ? undefined : { category: c, label: `Crawl: ${label[c]}` } });
  return (
    <section className="chart-card crawl-card" aria-label="Crawl audit">
      <div className="chart-head">
        <h3>Crawl audit</h3>
        <span className="chart-note" title={crawl.fileName}>
          {crawl.fileName}: {fmtInt(crawl.rows)} {searchConsole ? 'Search Console pages' : 'crawled'}
        </span>
      </div>
      {notes.length > 0 ? (
        <ul className="crawl-notes" aria-label="About the crawl file">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <table className="summary-table crawl-summary">
        <caption className="visually-hidden">Listed URLs by crawl status</caption>
        {all ? (
          <thead>
            <tr>
              <td />
              <th scope="col">This file</th>
              <th
                scope="col"
                title="Every file of the workspace: a page or URL several files list counts once"
              >
                All files
              </th>
            </tr>
          </thead>
        ) : null}
        <tbody>
          {CRAWL_CATEGORIES.map((c) => (
            <tr key={c}>
              <th scope="row">{label[c]}</th>
              <td>
                <button
                  type="button"
                  className={active === c ? 'btn ghost small active' : 'btn ghost small'}
                  aria-pressed={active === c}
                  aria-label={`${label[c]}: ${fmtInt(summary.listed[c])} listed URLs`}
                  disabled={summary.listed[c] === 0 && active !== c}
                  onClick={() => pick(c)}
                >
                  {fmtInt(summary.listed[c])}
                </button>
              </td>
              {all ? <td className="num">{fmtInt(all.listed[c])}</td> : null}
            </tr>
          ))}
          <tr>
            <th scope="row">Indexable pages not listed</th>
            <td>
              <button
                type="button"
                className="btn ghost small"
                aria-label={`Indexable pages not listed: ${fmtInt(summary.missing)} pages`}
                title="Not rows yet: show the list, export it or add the pages"
                disabled={summary.missing === 0}
                onClick={() => setListing(true)}
              >
                {fmtInt(summary.missing)}
              </button>
            </td>
            {all ? <td className="num">{fmtInt(all.missing)}</td> : null}
          </tr>
        </tbody>
      </table>
      <div className="crawl-actions">
        {ACTIONS.map(({ action, label }) => {
          // In a workspace the pages go to the urlset files (even from the index): the list plans it.
          const n =
            action === 'add-missing' && ws?.getState().model ? summary.missing : (counts.get(action) ?? 0);
          return (
            <button
              key={action}
              type="button"
              className="btn small"
              disabled={n === 0}
              onClick={() =>
                // In a workspace the pages go to several files: the list says which first.
                action === 'add-missing' && ws?.getState().model
                  ? setListing(true)
                  : commands.runCrawlAction(action)
              }
              title={n === 0 ? 'Nothing to do' : `One undo step changing ${plural(n, 'URL')}`}
            >
              {label} ({fmtInt(n)})
            </button>
          );
        })}
      </div>
      {listing && <MissingPagesDialog onClose={() => setListing(false)} />}
    </section>
  );
}
