import type { AppState } from '../state/types.ts';
import { HabitsControls } from './habits/HabitsControls.tsx';
import { CompareButton } from './insights/CompareButton.tsx';
import { preloadOn } from './lazyPart.tsx';
import { ExportDialogPart, PasteDialogPart } from './lazyParts.ts';
import { useOpen } from './openFiles.ts';
import { RecentMenu } from './RecentList.tsx';
import { useAppState, useCommands } from './useAppState.ts';

/** id of the file input, so other "Open" buttons can click it. */
export const FILE_INPUT_ID = 'open-sitemap-file';

const selHistory = (s: AppState) => s.history;
const selHasDoc = (s: AppState) => s.doc !== null;
const selFileName = (s: AppState) => s.fileName;
const selDirty = (s: AppState) => s.dirty;

export interface TopBarProps {
  onPaste(): void;
  onExport(): void;
}

/** App name, open / paste / new / sample, undo and redo that say what they do, export. */
export function TopBar({ onPaste, onExport }: TopBarProps) {
  const commands = useCommands();
  const open = useOpen();
  const history = useAppState(selHistory);
  const hasDoc = useAppState(selHasDoc);
  const fileName = useAppState(selFileName);
  const dirty = useAppState(selDirty);
  return (
    <header className="topbar">
      <h1 className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-text">Sitemap Workbench</span>
      </h1>
      <label className="btn file-button">
        Open…
        <input
          id={FILE_INPUT_ID}
          type="file"
          multiple
          aria-label="Open sitemap file"
          onChange={(e) => {
            const input = e.currentTarget;
            if (input.files?.length) void open.files(input.files).finally(() => (input.value = ''));
          }}
        />
      </label>
      <RecentMenu />
      <button type="button" className="btn" onClick={onPaste} {...preloadOn(PasteDialogPart)}>
        Paste…
      </button>
      <button type="button" className="btn" onClick={() => void open.blank()}>
        New sitemap
      </button>
      <button type="button" className="btn ghost" onClick={() => void open.sample()}>
        Try a sample
      </button>
      <CompareButton />
      {fileName ? (
        <span className="doc-name" title={fileName}>
          {fileName}
          {dirty ? ' • edited' : ''}
        </span>
      ) : null}
      <div className="topbar-end">
        <button
          type="button"
          className="btn ghost history-btn"
          disabled={!history.canUndo}
          onClick={() => commands.undo()}
          title={`${history.undoLabel ? `Undo: ${history.undoLabel}` : 'Undo'} (Ctrl+Z)`}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          {history.undoLabel ? `Undo: ${history.undoLabel}` : 'Undo'}
        </button>
        <button
          type="button"
          className="btn ghost history-btn"
          disabled={!history.canRedo}
          onClick={() => commands.redo()}
          title={`${history.redoLabel ? `Redo: ${history.redoLabel}` : 'Redo'} (Ctrl+Shift+Z or Ctrl+Y)`}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        >
          {history.redoLabel ? `Redo: ${history.redoLabel}` : 'Redo'}
        </button>
        <HabitsControls />
        <span className="divider" />
        <button
          type="button"
          className="btn primary"
          disabled={!hasDoc}
          onClick={onExport}
          {...preloadOn(ExportDialogPart)}
        >
          Export…
        </button>
      </div>
    </header>
  );
}
