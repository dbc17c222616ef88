import type { AppState, Task } from '../state/types.ts';
import { fmtInt, plural } from './format.ts';
import { mainRange } from './gridSelection.ts';
import { TaskProgress, useShownAfter } from './TaskProgress.tsx';
import { useAppState, useCommands } from './useAppState.ts';

const selDoc = (s: AppState) => s.doc;
const selDocVersion = (s: AppState) => s.docVersion;
const selValidation = (s: AppState) => s.validation;
const selRows = (s: AppState) => s.rowOrder.length;
const selSelection = (s: AppState) => s.selection;
const selTask = (s: AppState) => s.task;
const selTaskLabel = (s: AppState) => s.task?.label ?? null;
const selViewPending = (s: AppState) => s.viewPending;

/** The document's counts (a polite live region that also names the work in progress). */
function DocumentStatus() {
  const doc = useAppState(selDoc);
  useAppState(selDocVersion);
  const validation = useAppState(selValidation);
  const shown = useAppState(selRows);
  const selection = useAppState(selSelection);
  const taskLabel = useAppState(selTaskLabel);
  // Named only when it takes a moment (a short one would blink).
  const viewPending = useShownAfter(useAppState(selViewPending));
  const total = doc?.entries.length ?? 0;
  const counts = doc ? validation.validator.counts() : null;
  // A text sitemap keeps lines that are not URLs (`#` comments, notes) as rows flagged TXT-001
  // (IMP-026): they are counted apart, not as URLs.
  const notUrls = doc?.kind === 'text' ? (counts?.byRule.get('TXT-001')?.count ?? 0) : 0;
  const range = mainRange(selection);
  const cells = range ? (range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1) : 0;
  return (
    <div className="status-info" role="status" aria-label="Document status">
      {taskLabel !== null && !doc ? <span>{taskLabel}…</span> : null}
      {doc ? (
        <>
          <strong>
            {plural(
              total - notUrls,
              doc.kind === 'sitemapindex' || doc.kind === 'robots' ? 'sitemap' : 'URL',
            )}
          </strong>
          {notUrls > 0 ? (
            <span>
              {notUrls === 1 ? '1 line that is not a URL' : `${fmtInt(notUrls)} lines that are not URLs`}
            </span>
          ) : null}
          {validation.behind ? (
            // Rows shown before their re-check ends (a restore): no counts until they are the document's.
            <span>Checking findings…</span>
          ) : (
            <>
              <span className="errors">{plural(counts?.error ?? 0, 'error')}</span>
              <span className="warnings">{plural(counts?.warning ?? 0, 'warning')}</span>
              {counts?.info ? <span className="notes">{plural(counts.info, 'note')}</span> : null}
            </>
          )}
          {shown !== total ? <span>Showing {fmtInt(shown)}</span> : null}
          {viewPending !== null ? <span className="view-pending">{viewPending}…</span> : null}
          {cells > 1 ? <span>{plural(cells, 'cell')} selected</span> : null}
          {taskLabel !== null ? <span className="visually-hidden">{taskLabel}…</span> : null}
        </>
      ) : taskLabel !== null ? null : (
        <span>No sitemap open</span>
      )}
    </div>
  );
}

/** Right end of the status bar: the work in progress with Cancel over a document, else the privacy note. */
export function StatusBarTask({
  task,
  hasDoc,
  onCancel,
}: {
  task: Task | null;
  hasDoc: boolean;
  onCancel(): void;
}) {
  if (task === null || !hasDoc)
    return <span className="status-note">Runs in your browser · nothing is uploaded</span>;
  return <TaskProgress task={task} onCancel={onCancel} />;
}

/**
 * The bottom bar: the document's counts, then on the right either the privacy note or, while
 * long work runs over a document (after TASK_BAR_DELAY_MS), its progress bar with Cancel.
 */
export function StatusBar() {
  const commands = useCommands();
  const hasDoc = useAppState(selDoc) !== null;
  const task = useShownAfter(useAppState(selTask));
  return (
    <footer className="statusbar">
      <DocumentStatus />
      <StatusBarTask task={task} hasDoc={hasDoc} onCancel={() => commands.cancelTask()} />
    </footer>
  );
}
