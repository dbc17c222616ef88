import { useEffect, useState } from 'react';
import { EDITABLE_FIELDS, type EditableField, FIELDS } from '../state/columns.ts';
import { NEW_FIND_REPLACE } from '../state/findReplace.ts';
import { selectedRowCount } from '../state/selection.ts';
import type { AppState, FindReplaceRequest } from '../state/types.ts';
import { Dialog } from './Dialog.tsx';
import { plural } from './format.ts';
import { MigrationActions } from './MigrationActions.tsx';
import { defaultRowScope, RowScope } from './RowScope.tsx';
import { useAppState, useCommands } from './useAppState.ts';

const selRowCount = (s: AppState) => s.rowOrder.length;
const selSelection = (s: AppState) => s.selection;

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

/** Find and replace (plain or regex) with a live preview count; plus one-click migrations. */
export function FindReplaceDialog({ onClose }: { onClose(): void }) {
  const commands = useCommands();
  const rowCount = useAppState(selRowCount);
  const selected = selectedRowCount(useAppState(selSelection), rowCount);
  // The same rows Bulk edit picks: the selection when there is one, else the rows in view.
  const [req, setReq] = useState<FindReplaceRequest>(() => ({
    ...NEW_FIND_REPLACE,
    scope: defaultRowScope(selected) === 'selection' ? 'selection' : 'filtered',
  }));
  const set = (p: Partial<FindReplaceRequest>) => setReq({ ...req, ...p });
  const regexError = req.regex && req.find ? validRegex(req.find) : null;
  // Counting is a pass over every row: wait for a pause in typing (1,000,000 rows take a moment).
  const [preview, setPreview] = useState<number | null>(0);
  useEffect(() => {
    if (!req.find || regexError) {
      setPreview(0);
      return;
    }
    setPreview(null);
    const t = setTimeout(() => setPreview(commands.previewFindReplace(req)), 150);
    return () => clearTimeout(t);
  }, [req, regexError, commands]);
  const apply = () => {
    commands.findReplace(req);
    onClose();
  };
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
              : regexError
                ? 'Invalid pattern'
                : preview === null
                  ? 'Counting…'
                  : `${plural(preview, 'cell')} will change`}
          </span>
          <span className="spacer" />
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" disabled={!preview} onClick={apply}>
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
            {COLUMNS.map(([v, l]) => (
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
      <RowScope
        name="find-scope"
        scope={req.scope === 'selection' ? 'selection' : 'view'}
        selected={selected}
        inView={rowCount}
        onChange={(scope) => set({ scope: scope === 'selection' ? 'selection' : 'filtered' })}
      />
      <MigrationActions onDone={onClose} />
    </Dialog>
  );
}
