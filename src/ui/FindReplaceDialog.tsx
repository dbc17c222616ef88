import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { absentColumns, EDITABLE_FIELDS, type EditableField, FIELDS } from '../state/columns.ts';
import { NEW_FIND_REPLACE } from '../state/findReplace.ts';
import { selectedRowCount } from '../state/selection.ts';
import type { AppState, FindReplaceRequest } from '../state/types.ts';
import { type FileCount, previewAcross, replaceAcross } from '../state/workspaceFindReplace.ts';
import type { WorkspaceSlot } from '../state/workspaceStore.ts';
import { Dialog } from './Dialog.tsx';
import { plural } from './format.ts';
import { MigrationActions } from './MigrationActions.tsx';
import { defaultRowScope, RowScope } from './RowScope.tsx';
import { useAppState, useCommands } from './useAppState.ts';
import { WorkspaceContext } from './workspace/workspaceContext.ts';

const selRowCount = (s: AppState) => s.rowOrder.length;
const selSelection = (s: AppState) => s.selection;
const selKind = (s: AppState) => s.doc?.kind;

const COLUMNS: Array<[FindReplaceRequest['column'], string]> = [
  ['all', 'All columns'],
  ...EDITABLE_FIELDS.map((f): [EditableField, string] => [f, FIELDS[f].label]),
];

function validRegex(find: string): string | null {
  try {
    new RegExp(find);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const NO_FILES: readonly WorkspaceSlot[] = [];
const noSubscription = () => () => undefined;

/** The workspace's files and the active one's name (none outside a workspace provider). */
function useWorkspaceFiles() {
  const ws = useContext(WorkspaceContext);
  const subscribe = useCallback((l: () => void) => (ws ? ws.subscribe(l) : noSubscription()), [ws]);
  const files = useSyncExternalStore(subscribe, () => ws?.getState().files ?? NO_FILES);
  const active = useSyncExternalStore(subscribe, () => ws?.getState().active ?? null);
  return { ws, files, active: files.find((f) => f.id === active)?.name ?? null };
}

/**
 * Find and replace (plain or regex) with a live preview count; plus one-click migrations. In a
 * workspace: in this file, or in all files (every row of each, counted per file first; one step
 * that Undo takes back in every file, state/workspaceFindReplace.ts).
 */
export function FindReplaceDialog({ onClose }: { onClose(): void }) {
  const commands = useCommands();
  const rowCount = useAppState(selRowCount);
  const kind = useAppState(selKind);
  const selected = selectedRowCount(useAppState(selSelection), rowCount);
  const { ws, files, active } = useWorkspaceFiles();
  // With the workspace's combined view shown there is no one file: all files.
  const [across, setAcross] = useState(() => files.length > 1 && active === null);
  const acrossFiles = across && files.length > 1;
  // In one index, no changefreq or priority to look in (its `<sitemap>` has only loc and lastmod).
  const absent = acrossFiles ? [] : absentColumns(kind);
  // The same rows Bulk edit picks: the selection when there is one, else the rows in view.
  const [req, setReq] = useState<FindReplaceRequest>(() => ({
    ...NEW_FIND_REPLACE,
    scope: defaultRowScope(selected) === 'selection' ? 'selection' : 'filtered',
  }));
  const set = (p: Partial<FindReplaceRequest>) => setReq({ ...req, ...p });
  const regexError = req.regex && req.find ? validRegex(req.find) : null;
  // Counting is a pass over every row: wait for a pause in typing (1,000,000 rows take a moment).
  const [preview, setPreview] = useState<number | null>(0);
  const [perFile, setPerFile] = useState<FileCount[] | null>(null);
  useEffect(() => {
    if (!req.find || regexError) {
      setPreview(0);
      setPerFile(null);
      return;
    }
    setPreview(null);
    // A big file is counted in slices (the page answers meanwhile); a newer request stops it.
    let stale = false;
    const stop = () => stale;
    const t = setTimeout(() => {
      if (!acrossFiles) {
        void commands.previewFindReplace(req, stop).then((n) => {
          if (!stale && n !== null) setPreview(n);
        });
        return;
      }
      void previewAcross(files, req, stop).then((counts) => {
        if (stale || counts === null) return;
        setPerFile(counts);
        setPreview(counts.reduce((sum, f) => sum + f.cells, 0));
      });
    }, 150);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [req, regexError, commands, acrossFiles, files]);
  // Replacing scans again (in slices when big): the dialog says so and closes when it is done.
  const [replacing, setReplacing] = useState(false);
  const apply = async () => {
    setReplacing(true);
    try {
      if (acrossFiles && ws) await replaceAcross(files, req, ws.activeStore());
      else await commands.findReplace(req);
    } finally {
      onClose();
    }
  };
  const changing = perFile?.filter((f) => f.cells > 0).length ?? 0;
  return (
    <Dialog
      title="Find and replace"
      onClose={onClose}
      wide
      footer={
        <>
          <span className="preview-count" role="status">
            {!req.find
              ? ''
              : replacing
                ? 'Replacing…'
                : regexError
                  ? 'Invalid pattern'
                  : preview === null
                    ? 'Counting…'
                    : `${plural(preview, 'cell')} will change${acrossFiles ? ` in ${plural(changing, 'file')}` : ''}`}
          </span>
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn primary"
            disabled={!preview || replacing}
            onClick={() => void apply()}
          >
            Replace all
          </button>
        </>
      }
    >
      <div className="inline-fields">
        <label className="field">
          <span>Find</span>
          <input
            type="text"
            value={req.find}
            spellCheck={false}
            onChange={(e) => set({ find: e.target.value })}
          />
        </label>
        <label className="field">
          <span>Replace with</span>
          <input
            type="text"
            value={req.replace}
            spellCheck={false}
            onChange={(e) => set({ replace: e.target.value })}
          />
        </label>
      </div>
      {regexError ? <p className="callout error">{regexError}</p> : null}
      <div className="inline-fields">
        <label className="field">
          <span>In</span>
          <select
            value={req.column}
            onChange={(e) => set({ column: e.target.value as EditableField | 'all' })}
          >
            {COLUMNS.filter(([v]) => !absent.includes(v as EditableField)).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="check">
        <input type="checkbox" checked={req.regex} onChange={(e) => set({ regex: e.target.checked })} />
        <span>Regular expression ($1, $2 … in the replacement)</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={req.caseSensitive}
          onChange={(e) => set({ caseSensitive: e.target.checked })}
        />
        <span>Match case</span>
      </label>
      {files.length > 1 ? (
        <fieldset className="radio-cards">
          <legend>Files</legend>
          <label>
            <input
              type="radio"
              name="find-files"
              checked={!across}
              disabled={active === null}
              onChange={() => setAcross(false)}
            />
            <span>
              This file<small>{active ?? 'none shown: the workspace view'}</small>
            </span>
          </label>
          <label>
            <input type="radio" name="find-files" checked={across} onChange={() => setAcross(true)} />
            <span>
              All files<small>{plural(files.length, 'file')}, every row; one undo step</small>
            </span>
          </label>
        </fieldset>
      ) : null}
      {acrossFiles ? (
        <table className="summary-table find-counts" aria-label="Cells to change per file">
          <thead>
            <tr>
              <th>File</th>
              <th className="r">Cells to change</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => {
              const n = perFile?.find((c) => c.id === f.id)?.cells;
              return (
                <tr key={f.id}>
                  <td>{f.name}</td>
                  <td className="r">{!req.find || n === undefined ? '–' : n.toLocaleString('en-US')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <RowScope
          name="find-scope"
          scope={req.scope === 'selection' ? 'selection' : 'view'}
          selected={selected}
          inView={rowCount}
          onChange={(scope) => set({ scope: scope === 'selection' ? 'selection' : 'filtered' })}
        />
      )}
      <MigrationActions onDone={onClose} />
    </Dialog>
  );
}
