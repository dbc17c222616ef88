import { Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { AppState, Task } from '../state/types.ts';
import { AfterFirstPaint, afterNextPaint } from './AfterFirstPaint.tsx';
import { DropZone } from './DropZone.tsx';
import { EmptyState } from './EmptyState.tsx';
import { useGridViewportHint } from './gridViewportHint.ts';
import { historyAction } from './keyboard.ts';
import { preloadOn } from './lazyPart.tsx';
import {
  BulkEditDialogPart,
  CombinedViewPart,
  DetailPanelPart,
  ExportDialogPart,
  FindReplaceDialogPart,
  GridPart,
  LoadErrorPart,
  OpenPromptPart,
  PasteDialogPart,
  SidePanelPart,
  ToolbarPart,
  WorkspaceExportDialogPart,
  WorkspacePanelPart,
} from './lazyParts.ts';
import { Notifications } from './Notifications.tsx';
import { RestoreBanner } from './RestoreBanner.tsx';
import { StatusBar } from './StatusBar.tsx';
import { TaskProgress, useShownAfter } from './TaskProgress.tsx';
import { TopBar } from './TopBar.tsx';
import { StoreContext, useAppState, useCommands } from './useAppState.ts';
import { useAutoHideColumns } from './useAutoHideColumns.ts';
import { AllFilesStatus } from './workspace/AllFilesStatus.tsx';
import { useWorkspaceApp, useWorkspaceView } from './workspace/useWorkspaceApp.ts';
import { useWorkspace, WorkspaceContext } from './workspace/workspaceContext.ts';

type DialogName = 'paste' | 'export' | 'bulk' | 'find' | 'workspace-export' | null;

const selHasDoc = (s: AppState) => s.doc !== null;
const selLoadError = (s: AppState) => s.loadError;
const selTask = (s: AppState) => s.task;
const selBusy = (s: AppState) => s.task !== null;

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

/**
 * Opening with nothing open: the progress and Cancel in the middle of the view. `veil`: the same
 * view over the editor's first frame, in the same place (Workbench's `veiled`).
 */
function Loading({ last, veil = false }: { last: { current: Task | null }; veil?: boolean }) {
  const commands = useCommands();
  const task = useAppState(selTask);
  // The open's last progress stays while the document's first render runs in the background,
  // and over the editor's first frame.
  if (task !== null) last.current = task;
  const shown = task ?? last.current;
  if (shown === null) return null;
  return (
    <div className={veil ? 'loading veil' : 'loading'}>
      <TaskProgress task={shown} onCancel={() => commands.cancelTask()} variant="view" />
    </div>
  );
}

/** Start loading a part's code when the page is next idle, or at once. */
function usePreload(part: { preload(): Promise<unknown> }, when: 'idle' | 'now') {
  useEffect(() => {
    const load = () => void part.preload().catch(() => undefined);
    if (when === 'now') return load();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(load, 500);
    return () => clearTimeout(t);
  }, [part, when]);
}

function Workbench() {
  const [dialog, setDialog] = useState<DialogName>(null);
  const hasDoc = useAppState(selHasDoc);
  const loadError = useAppState(selLoadError);
  const running = useAppState(selBusy);
  const busy = useShownAfter(running || null) !== null;
  const { inWorkspace, all } = useWorkspaceView();
  useHistoryKeys();
  useAutoHideColumns();
  // An open with nothing open: the grid's first render takes its viewport height from here.
  const pane = useRef<HTMLDivElement>(null);
  useGridViewportHint(pane, running && !hasDoc);
  const close = () => setDialog(null);
  // A document opened with nothing open is first rendered in the background (React renders it
  // in 5 ms slices and commits it once): the view before it (progress or start page) stays until
  // then, instead of the whole editor being built in the task that received the document.
  const docShown = useDeferredValue(hasDoc) && hasDoc;
  const before = useRef<'loading' | 'empty'>('empty');
  const lastTask = useRef<Task | null>(null);
  // With nothing open, opening fills the view; with a document open, long work is a bar with
  // Cancel in the status bar and the document stays in view until the new one is ready.
  const editing = docShown && !loadError && !all;
  // An editor that replaces the open's progress view is shown in two frames, not one: the first
  // styles, lays out and paints the toolbar, the grid's header and its first rows under the
  // progress view (the veil, where that view stood), the next one the other rows, without the
  // veil; the side panel follows a frame later (AfterFirstPaint). No frame shows the grid
  // without its rows (session 12: the frame that did all of it at once was the longest task of
  // a big open).
  const [revealed, setRevealed] = useState(false);
  if (!docShown && revealed) setRevealed(false);
  const veiled = editing && !revealed && before.current === 'loading' && !inWorkspace;
  useEffect(() => (veiled ? afterNextPaint(() => setRevealed(true)) : undefined), [veiled]);
  // The table, the row drawer, the toolbar and the side panel are needed as soon as a file
  // opens: fetch them once the first screen is up, or at once when a file starts opening (the
  // drawer must not appear late and shrink the table under the user's first keystrokes).
  const when = running || hasDoc ? 'now' : 'idle';
  usePreload(GridPart, when);
  usePreload(DetailPanelPart, when);
  usePreload(ToolbarPart, when);
  usePreload(SidePanelPart, when);
  usePreload(LoadErrorPart, when);
  usePreload(OpenPromptPart, when);
  const asking = useWorkspace((w) => w.ask !== null);
  let main: React.ReactNode;
  if (all) main = <CombinedViewPart.Component />;
  else if (loadError) main = <LoadErrorPart.Component error={loadError} />;
  else if (docShown) main = <GridPart.Component veiled={veiled} />;
  else if (hasDoc ? before.current === 'loading' : busy) main = <Loading last={lastTask} />;
  else main = <EmptyState onPaste={() => setDialog('paste')} />;
  if (!hasDoc) before.current = busy ? 'loading' : 'empty';
  return (
    <div className="app">
      <TopBar onPaste={() => setDialog('paste')} onExport={() => setDialog('export')} />
      <RestoreBanner />
      <main className="main">
        {editing ? (
          <Suspense fallback={<div className="toolbar" aria-busy="true" />}>
            <ToolbarPart.Component
              onBulkEdit={() => setDialog('bulk')}
              onFindReplace={() => setDialog('find')}
            />
          </Suspense>
        ) : null}
        <div className={inWorkspace ? 'workspace with-files' : 'workspace'}>
          {inWorkspace ? (
            <Suspense fallback={<aside className="ws-panel-placeholder" aria-busy="true" />}>
              <WorkspacePanelPart.Component onExport={() => setDialog('workspace-export')} />
            </Suspense>
          ) : null}
          <div ref={pane} className="main-pane" {...(editing ? preloadOn(DetailPanelPart) : undefined)}>
            <Suspense fallback={<div className="grid-placeholder" aria-busy="true" />}>{main}</Suspense>
            {editing ? (
              <Suspense fallback={null}>
                <DetailPanelPart.Component />
              </Suspense>
            ) : null}
          </div>
          {veiled ? (
            <aside className="side" aria-busy="true" />
          ) : editing ? (
            // After the rows are on screen: not in the task nor the frames of a big open's first render.
            <AfterFirstPaint fallback={<aside className="side" aria-busy="true" />}>
              <Suspense fallback={<aside className="side" aria-busy="true" />}>
                <SidePanelPart.Component />
              </Suspense>
            </AfterFirstPaint>
          ) : null}
        </div>
        {veiled ? <Loading last={lastTask} veil /> : null}
      </main>
      {all ? <AllFilesStatus /> : <StatusBar />}
      <DropZone />
      <Notifications />
      {asking ? (
        <Suspense fallback={null}>
          <OpenPromptPart.Component />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'paste' ? <PasteDialogPart.Component onClose={close} /> : null}
        {dialog === 'export' ? <ExportDialogPart.Component onClose={close} /> : null}
        {dialog === 'bulk' ? <BulkEditDialogPart.Component onClose={close} /> : null}
        {dialog === 'find' ? <FindReplaceDialogPart.Component onClose={close} /> : null}
        {dialog === 'workspace-export' ? <WorkspaceExportDialogPart.Component onClose={close} /> : null}
      </Suspense>
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
