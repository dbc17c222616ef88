import { useEffect, useState } from 'react';
import type { AppState, Task } from '../state/types.ts';
import { BulkEditDialog } from './BulkEditDialog.tsx';
import { DropZone } from './DropZone.tsx';
import { DetailPanel } from './detail/DetailPanel.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { FindReplaceDialog } from './FindReplaceDialog.tsx';
import { Grid } from './Grid.tsx';
import { historyAction } from './keyboard.ts';
import { LoadErrorView } from './LoadErrorView.tsx';
import { Notifications } from './Notifications.tsx';
import { PasteDialog } from './PasteDialog.tsx';
import { RestoreBanner } from './RestoreBanner.tsx';
import { SidePanel } from './SidePanel.tsx';
import { StatusBar } from './StatusBar.tsx';
import { Toolbar } from './Toolbar.tsx';
import { TopBar } from './TopBar.tsx';
import { StoreContext, useAppState, useCommands } from './useAppState.ts';
import { useAutoHideColumns } from './useAutoHideColumns.ts';
import { useBeforeUnload } from './useBeforeUnload.ts';
import { CombinedView } from './workspace/CombinedView.tsx';
import { useWorkspaceApp, useWorkspaceView } from './workspace/useWorkspaceApp.ts';
import { WorkspaceExportDialog } from './workspace/WorkspaceExportDialog.tsx';
import { WorkspacePanel } from './workspace/WorkspacePanel.tsx';
import { WorkspaceContext } from './workspace/workspaceContext.ts';

type DialogName = 'paste' | 'export' | 'bulk' | 'find' | 'workspace-export' | null;

const selHasDoc = (s: AppState) => s.doc !== null;
const selLoadError = (s: AppState) => s.loadError;
const selTask = (s: AppState) => s.task;

function isTextInput(el: EventTarget | null): boolean {
  return el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y anywhere outside text fields (the grid handles its own). */
function useHistoryKeys() {
  const commands = useCommands();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTextInput(e.target)) return;
      const a = historyAction(e);
      if (!a) return;
      e.preventDefault();
      if (a === 'undo') commands.undo();
      else commands.redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [commands]);
}

/** Progress of long work with Cancel: the whole view while opening, a bar over the grid otherwise. */
function Loading({ task, compact = false }: { task: Task; compact?: boolean }) {
  const commands = useCommands();
  const { label, progress } = task;
  return (
    <div className={compact ? 'loading compact' : 'loading'}>
      <div className="loading-body">
        <p>
          {label}…{progress === null ? '' : ` ${Math.round(progress * 100)}%`}
        </p>
        <div
          className={progress === null ? 'progress indeterminate' : 'progress'}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress === null ? undefined : Math.round(progress * 100)}
        >
          <div
            style={progress === null ? undefined : { width: `${Math.max(2, Math.round(progress * 100))}%` }}
          />
        </div>
        {task.cancellable ? (
          <p>
            <button type="button" className="btn" onClick={() => commands.cancelTask()}>
              Cancel
            </button>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Workbench() {
  const [dialog, setDialog] = useState<DialogName>(null);
  const hasDoc = useAppState(selHasDoc);
  const loadError = useAppState(selLoadError);
  const task = useAppState(selTask);
  const { inWorkspace, all } = useWorkspaceView();
  useHistoryKeys();
  useAutoHideColumns();
  useBeforeUnload();
  const close = () => setDialog(null);
  // Opening replaces the view (the store names open tasks "Opening <file>"); export shows its
  // progress in its dialog; any other long task (re-checking a big document) is a bar over the grid.
  const opening = task !== null && (!hasDoc || task.label.startsWith('Opening'));
  const overGrid = task !== null && !opening && task.label !== 'Exporting';
  let main: React.ReactNode;
  if (all) main = <CombinedView />;
  else if (loadError) main = <LoadErrorView error={loadError} />;
  else if (opening) main = <Loading task={task} />;
  else if (hasDoc) main = <Grid />;
  else main = <EmptyState onPaste={() => setDialog('paste')} />;
  return (
    <div className="app">
      <TopBar onPaste={() => setDialog('paste')} onExport={() => setDialog('export')} />
      <RestoreBanner />
      <main className="main">
        {hasDoc && !loadError && !all ? (
          <Toolbar onBulkEdit={() => setDialog('bulk')} onFindReplace={() => setDialog('find')} />
        ) : null}
        <div className={inWorkspace ? 'workspace with-files' : 'workspace'}>
          {inWorkspace ? <WorkspacePanel onExport={() => setDialog('workspace-export')} /> : null}
          <div className="main-pane">
            {overGrid && !all && !loadError ? <Loading task={task} compact /> : null}
            {main}
            {hasDoc && !loadError && !all ? <DetailPanel /> : null}
          </div>
          {hasDoc && !loadError && !all ? <SidePanel /> : null}
        </div>
      </main>
      {all ? null : <StatusBar />}
      <DropZone />
      <Notifications />
      {dialog === 'paste' ? <PasteDialog onClose={close} /> : null}
      {dialog === 'export' ? <ExportDialog onClose={close} /> : null}
      {dialog === 'bulk' ? <BulkEditDialog onClose={close} /> : null}
      {dialog === 'find' ? <FindReplaceDialog onClose={close} /> : null}
      {dialog === 'workspace-export' ? <WorkspaceExportDialog onClose={close} /> : null}
    </div>
  );
}

/** The app: a workspace of files; the active file's store is provided to every component. */
export function App() {
  const { ws, store } = useWorkspaceApp();
  return (
    <WorkspaceContext.Provider value={ws}>
      <StoreContext.Provider value={store}>
        <Workbench />
      </StoreContext.Provider>
    </WorkspaceContext.Provider>
  );
}
