import type { AppState } from '../state/types.ts';
import { fmtInt, plural } from './format.ts';
import { mainRange } from './gridSelection.ts';
import { useAppState } from './useAppState.ts';

const selDoc = (s: AppState) => s.doc;
const selDocVersion = (s: AppState) => s.docVersion;
const selValidation = (s: AppState) => s.validation;
const selRows = (s: AppState) => s.rowOrder.length;
const selSelection = (s: AppState) => s.selection;
const selTask = (s: AppState) => s.task;

/** The bottom bar (a polite live region): URL count, errors and warnings, view and selection. */
export function StatusBar() {
  const doc = useAppState(selDoc);
  useAppState(selDocVersion);
  const validation = useAppState(selValidation);
  const shown = useAppState(selRows);
  const selection = useAppState(selSelection);
  const task = useAppState(selTask);
  const total = doc?.entries.length ?? 0;
  const counts = doc ? validation.validator.counts() : null;
  const range = mainRange(selection);
  const cells = range ? (range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1) : 0;
  return (
    <div className="statusbar" role="status" aria-label="Document status">
      {task ? (
        <span>
          {task.label}
          {task.progress !== null ? ` ${Math.round(task.progress * 100)}%` : '…'}
        </span>
      ) : null}
      {doc ? (
        <>
          <strong>{plural(total, doc.kind === 'sitemapindex' ? 'sitemap' : 'URL')}</strong>
          <span className="errors">{plural(counts?.error ?? 0, 'error')}</span>
          <span className="warnings">{plural(counts?.warning ?? 0, 'warning')}</span>
          {shown !== total ? <span>Showing {fmtInt(shown)}</span> : null}
          {cells > 1 ? <span>{plural(cells, 'cell')} selected</span> : null}
        </>
      ) : task ? null : (
        <span>No sitemap open</span>
      )}
      <span className="spacer" />
      <span>Runs in your browser · nothing is uploaded</span>
    </div>
  );
}
