import { type ReactNode, useSyncExternalStore } from 'react';
import type { ChildRef, SeverityCounts, Workspace } from '../../core/workspace.ts';
import { workspaceCounts } from '../../state/workspaceCounts.ts';
import type { OpeningItem, WorkspaceSlot, WorkspaceState } from '../../state/workspaceStore.ts';
import { fmtBytes, fmtEntryCounts, fmtInt, plural } from '../format.ts';
import { preloadOn } from '../lazyPart.tsx';
import { WorkspaceExportDialogPart } from '../lazyParts.ts';
import { TaskProgress, useShownAfter } from '../TaskProgress.tsx';
import { CrossFileIssues } from './CrossFileIssues.tsx';
import { useWorkspace, useWorkspaceStore } from './workspaceContext.ts';
import './workspace.css';

const selModel = (s: WorkspaceState) => s.model;
const selFiles = (s: WorkspaceState) => s.files;
const selCounts = (s: WorkspaceState) => s.counts;
const selActive = (s: WorkspaceState) => s.active;
const selOpening = (s: WorkspaceState) => s.opening;

function Badges({ counts }: { counts: SeverityCounts | undefined }) {
  if (!counts) return null;
  return (
    <span className="ws-badges">
      {counts.error > 0 ? (
        <span className="ws-badge error" title={plural(counts.error, 'error')}>
          {fmtInt(counts.error)}
          <span className="visually-hidden"> {counts.error === 1 ? 'error' : 'errors'}</span>
        </span>
      ) : null}
      {counts.warning > 0 ? (
        <span className="ws-badge warning" title={plural(counts.warning, 'warning')}>
          {fmtInt(counts.warning)}
          <span className="visually-hidden"> {counts.warning === 1 ? 'warning' : 'warnings'}</span>
        </span>
      ) : null}
      {counts.error === 0 && counts.warning === 0 ? (
        <span className="ws-badge ok" title="No errors or warnings">
          ✓<span className="visually-hidden"> no errors or warnings</span>
        </span>
      ) : null}
    </span>
  );
}

interface FileItemProps {
  model: Workspace;
  slot: WorkspaceSlot;
  position: number;
  counts: SeverityCounts | undefined;
  active: boolean;
  nested?: boolean;
}

/** A calm dot after the name of a file whose edits are not exported (the title bar says "• edited" for the shown one). */
function EditedMark({ slot }: { slot: WorkspaceSlot }) {
  const { store } = slot;
  const edited = useSyncExternalStore(store.subscribe, () => store.getState().dirty);
  if (!edited) return null;
  return (
    <span className="ws-edited" title="edited, not exported">
      <span aria-hidden="true">•</span>
      <span className="visually-hidden"> (edited, not exported)</span>
    </span>
  );
}

function FileItem({ model, slot, position, counts, active, nested }: FileItemProps) {
  const ws = useWorkspaceStore();
  const file = model.files[position];
  const { urls, decodedBytes, fatal } = file.summary;
  const what = file.kind === 'sitemapindex' ? plural(urls, 'sitemap') : plural(urls, 'URL');
  return (
    <li className={nested ? 'ws-file nested' : 'ws-file'}>
      <button
        type="button"
        className="ws-file-btn"
        aria-current={active ? 'true' : undefined}
        onClick={() => ws.commands.setActive(slot.id)}
      >
        <span className="ws-file-name" title={file.name}>
          <span
            className={`ws-kind ${file.kind === 'sitemapindex' ? 'index' : 'child'}`}
            aria-hidden="true"
          />
          {file.name}
          <EditedMark slot={slot} />
        </span>
        <span className="ws-file-meta">
          {what}
          {decodedBytes > 0 ? ` · ${fmtBytes(decodedBytes)}` : ''}
          {fatal ? ' · not well-formed' : ''}
          {file.role === 'extra' ? <span className="ws-tag">extra</span> : null}
          <Badges counts={counts} />
        </span>
      </button>
    </li>
  );
}

/** A child's path without host and leading slash (`fr/sitemap.xml`): same-name children stay apart. */
function childPath(loc: string): string {
  let path = loc;
  try {
    path = new URL(loc).pathname;
  } catch {}
  return path.replace(/^\/+/, '') || loc;
}

function MissingItem({ refs }: { refs: ChildRef }) {
  return (
    <li className="ws-file nested missing">
      <div className="ws-file-btn" title={`${refs.loc} was not supplied: open it to add it to the workspace`}>
        <span className="ws-file-name">
          <span className="ws-kind missing" aria-hidden="true" />
          {childPath(refs.loc)}
        </span>
        <span className="ws-file-meta">
          <span className="ws-tag missing">missing</span> not supplied
        </span>
      </div>
    </li>
  );
}

/**
 * An index entry that several open files of the same name could be, with nothing in them to
 * tell which (`ChildRef.candidates`): never guessed, the user picks the file.
 */
function UndecidedItem({ refs, files }: { refs: ChildRef; files: readonly WorkspaceSlot[] }) {
  const ws = useWorkspaceStore();
  const id = `ws-choose-${refs.index}-${refs.entryId}`;
  return (
    <li className="ws-file nested missing undecided">
      <div className="ws-file-btn">
        <span className="ws-file-name" title={refs.loc}>
          <span className="ws-kind missing" aria-hidden="true" />
          {refs.loc}
        </span>
        <label className="ws-file-meta" htmlFor={id}>
          <span className="ws-tag missing">which file?</span> open files share its name
        </label>
        <select
          id={id}
          className="ws-choose"
          value=""
          onChange={(e) => {
            if (e.target.value !== '') ws.commands.chooseChild(Number(e.target.value), refs.loc);
          }}
        >
          <option value="">Choose the file…</option>
          {(refs.candidates ?? []).map((f) => (
            <option key={files[f].id} value={files[f].id}>
              {files[f].name}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}

/** One file being added (or the cross-file checks): a bar with Cancel once it runs > 200 ms. */
function OpeningProgress({ item }: { item: OpeningItem }) {
  const shown = useShownAfter(item);
  if (shown === null) return null;
  const task = { label: shown.label, progress: shown.progress, cancellable: shown.cancel !== undefined };
  return <TaskProgress task={task} onCancel={shown.cancel} />;
}

/** Index → children tree, then the files no index names (extra). */
function FileTree({ model, files }: { model: Workspace; files: readonly WorkspaceSlot[] }) {
  const counts = useWorkspace(selCounts);
  const active = useWorkspace(selActive);
  const item = (f: number, nested: boolean) => (
    <FileItem
      key={`${files[f].id}-${nested}`}
      model={model}
      slot={files[f]}
      position={f}
      counts={counts[f]}
      active={active === files[f].id}
      nested={nested}
    />
  );
  const shown = new Set<number>();
  const rows: ReactNode[] = [];
  for (const i of model.indexes) {
    shown.add(i);
    rows.push(item(i, false));
    const seen = new Set<number | string>();
    model.children.forEach((ref) => {
      if (ref.index !== i || ref.file === i) return;
      const key = ref.file ?? ref.loc;
      if (seen.has(key)) return;
      seen.add(key);
      if (ref.file === null && ref.candidates)
        rows.push(<UndecidedItem key={`undecided-${i}-${ref.entryId}`} refs={ref} files={files} />);
      else if (ref.file === null) rows.push(<MissingItem key={`missing-${i}-${ref.entryId}`} refs={ref} />);
      else {
        shown.add(ref.file);
        rows.push(item(ref.file, true));
      }
    });
  }
  const rest = files.map((_, f) => f).filter((f) => !shown.has(f));
  return (
    <>
      <ul className="ws-tree" aria-label="Files by index">
        {rows}
      </ul>
      {rest.length > 0 ? (
        <>
          <h3 className="ws-sub">Not named by an index</h3>
          <ul className="ws-tree" aria-label="Files not named by an index">
            {rest.map((f) => item(f, false))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The workspace's left panel: all-files view, file tree, cross-file issues, export and close. */
export function WorkspacePanel({ onExport }: { onExport(): void }) {
  const ws = useWorkspaceStore();
  const model = useWorkspace(selModel);
  const files = useWorkspace(selFiles);
  const active = useWorkspace(selActive);
  const opening = useWorkspace(selOpening);
  if (!model) return null;
  const counts = workspaceCounts(model);
  const rows = plural(counts.rows, counts.rowNoun);
  return (
    <aside className="ws-panel" aria-label="Workspace">
      <div className="ws-head">
        <h2>Workspace</h2>
        <span className="ws-head-meta">
          {plural(files.length, 'file')} · {fmtEntryCounts(counts)}
        </span>
      </div>
      <button
        type="button"
        className="ws-all"
        aria-current={active === 'all' ? 'true' : undefined}
        onClick={() => ws.commands.setActive('all')}
      >
        All files <span className="ws-file-meta">{rows} in one table</span>
      </button>
      {opening.length > 0 ? (
        <div className="ws-opening">
          {opening.map((item) => (
            <OpeningProgress key={item.key} item={item} />
          ))}
        </div>
      ) : null}
      <FileTree model={model} files={files} />
      {model.missing.some((m) => !m.candidates) ? (
        <p className="ws-note">Open the missing files (or drop them here) to add them to the workspace.</p>
      ) : null}
      <CrossFileIssues model={model} files={files} />
      <div className="ws-actions">
        <button
          type="button"
          className="btn primary"
          onClick={onExport}
          {...preloadOn(WorkspaceExportDialogPart)}
        >
          Export workspace…
        </button>
        <button type="button" className="btn ghost" onClick={() => void ws.commands.close()}>
          Close workspace
        </button>
      </div>
    </aside>
  );
}
