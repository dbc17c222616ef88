import { useContext, useMemo } from 'react';
import type { CrawlFormat } from '../../core/crawl/detect.ts';
import { describePlan, type MissingPagesPlan } from '../../state/crawlWorkspace.ts';
import type { AppState } from '../../state/types.ts';
import { Dialog } from '../Dialog.tsx';
import { baseName, downloadBlob } from '../download.ts';
import { fmtInt } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { WorkspaceContext } from '../workspace/workspaceContext.ts';

/** URLs listed in the dialog; the downloads hold all of them. */
const SHOWN = 200;

const selValidator = (s: AppState) => s.validation.validator;
const selName = (s: AppState) => s.fileName;
const selIndex = (s: AppState) => s.doc?.kind === 'sitemapindex';

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * What the list holds, saying only what the export says: Screaming Frog gives status, type,
 * indexability and canonical; another crawl export may lack some of them; a Search Console export
 * has none (its rows are pages Google showed in search).
 */
function missingText(format: CrawlFormat, n: number): string {
  const pages = `${fmtInt(n)} ${n === 1 ? 'page' : 'pages'}`;
  const are = n === 1 ? 'is' : 'are';
  const rest = "in the sitemap's scope, and listed in no file.";
  if (format === 'search-console-indexing')
    return `${pages} of the Search Console page-indexing export ${are} indexed by Google, ${rest}`;
  if (format === 'search-console')
    return `${pages} of the Search Console export ${are} shown in Google Search, ${rest} The export has no status, content type or canonical columns: check ${n === 1 ? 'it' : 'them'} before you add ${n === 1 ? 'it' : 'them'}.`;
  if (format === 'generic')
    return `${pages} of the crawl ${are} 200, not marked noindex, non-indexable, blocked, non-HTML or canonicalised elsewhere by the columns the export has, ${rest}`;
  return `${pages} of the crawl ${are} 200, HTML, indexable and canonical to ${n === 1 ? 'itself' : 'themselves'}, ${rest}`;
}

/**
 * The indexable pages of the crawl no file lists (CRAWL-006): the list, its export as CSV or text,
 * and adding them — in a workspace each to the file whose folder it belongs to (the plan is shown
 * before anything changes), or all to the open file.
 */
export function MissingPagesDialog({ onClose }: { onClose(): void }) {
  const commands = useCommands();
  const validator = useAppState(selValidator);
  const fileName = useAppState(selName);
  // A sitemap index lists sitemaps, not pages: it never receives them.
  const isIndex = useAppState(selIndex);
  const ws = useContext(WorkspaceContext);
  const join = validator.crawlJoin?.() ?? null;
  const inWorkspace = ws !== null && ws.getState().model !== null;
  const { rows, plan, fileOf } = useMemo(() => {
    const plan: MissingPagesPlan | null = inWorkspace ? (ws?.commands.planMissingPages() ?? null) : null;
    const fileOf = new Map<number, string>();
    for (const g of plan?.groups ?? []) for (const r of g.rows) fileOf.set(r, g.name);
    return { rows: commands.missingCrawlRows(), plan, fileOf };
  }, [commands, ws, inWorkspace]);
  if (!join) return null;
  const n = rows.length;
  const many = (plan?.groups.length ?? 0) > 1;
  const download = (kind: 'csv' | 'txt') => {
    const lines =
      kind === 'txt'
        ? rows.map((r) => `${join.url(r)}\n`)
        : [
            `URL,Last Modified${plan ? ',File' : ''}\n`,
            ...rows.map(
              (r) =>
                `${csvCell(join.url(r))},${csvCell(join.lastmod(r))}${plan ? `,${csvCell(fileOf.get(r) ?? '')}` : ''}\n`,
            ),
          ];
    const type = kind === 'csv' ? 'text/csv;charset=utf-8' : 'text/plain;charset=utf-8';
    downloadBlob(`${baseName(fileName)}-missing-pages.${kind}`, new Blob(lines, { type }));
  };
  const addByPlan = () => {
    if (plan && ws) ws.commands.addMissingPages(plan);
    else commands.addCrawlPages(rows);
    onClose();
  };
  const addHere = () => {
    commands.addCrawlPages(rows);
    onClose();
  };
  return (
    <Dialog
      title="Indexable pages not listed"
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="btn" disabled={n === 0} onClick={() => download('csv')}>
            Download CSV
          </button>
          <button type="button" className="btn" disabled={n === 0} onClick={() => download('txt')}>
            Download text
          </button>
          {many && fileName && !isIndex && (
            <button type="button" className="btn" onClick={addHere}>
              Add all to {fileName} ({fmtInt(n)})
            </button>
          )}
          <button type="button" className="btn primary" disabled={n === 0} onClick={addByPlan}>
            {many ? `Add to their files (${fmtInt(n)})` : `Add all (${fmtInt(n)})`}
          </button>
          <button type="button" className="btn ghost" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <p>{missingText(join.table.format, n)}</p>
      {plan && plan.groups.length > 0 && (
        <p className="crawl-plan">
          Adding puts each page in the file whose folder it belongs to: {describePlan(plan)}
          {many ? ' (one undo step in each file).' : ' (one undo step).'}
        </p>
      )}
      <ol className="crawl-missing-list" aria-label="Pages not listed">
        {rows.slice(0, SHOWN).map((r) => (
          <li key={r}>
            <span className="url">{join.url(r)}</span>
            {plan && <span className="crawl-file-tag">{fileOf.get(r)}</span>}
          </li>
        ))}
      </ol>
      {n > SHOWN && <p className="hint">…and {fmtInt(n - SHOWN)} more: the downloads hold all of them.</p>}
    </Dialog>
  );
}
