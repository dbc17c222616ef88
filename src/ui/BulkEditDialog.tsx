import { useState } from 'react';
import {
  type DayMonthOrder,
  EDITABLE_FIELDS,
  FIELDS,
  readTypedCells,
  visibleColumns,
} from '../state/columns.ts';
import { selectedEntryIds, selectedRowCount } from '../state/selection.ts';
import type { AppState } from '../state/types.ts';
import { type BulkField, BulkValueField } from './BulkValueField.tsx';
import { DateOrderChoice } from './DateOrderChoice.tsx';
import { Dialog, DialogActions } from './Dialog.tsx';
import { plural } from './format.ts';
import { defaultRowScope, RowScope, type RowScopeChoice } from './RowScope.tsx';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

const BULK_FIELDS = EDITABLE_FIELDS.filter((f): f is BulkField => f !== 'loc');
const selRowCount = (s: AppState) => s.rowOrder.length;
const selSelection = (s: AppState) => s.selection;
const selDateOrder = (s: AppState) => s.settings.dateOrder;

/** The field of the active cell when bulk edit can set it (the user selected that column), else lastmod. */
function startField(s: AppState): BulkField {
  const a = s.selection.active;
  const column = a ? visibleColumns(s.view.hiddenColumns)[a.col] : undefined;
  return BULK_FIELDS.find((f) => f === column) ?? 'lastmod';
}

function viewEntryIds(s: AppState): number[] {
  const out: number[] = new Array(s.rowOrder.length);
  const entries = s.doc?.entries ?? [];
  for (let i = 0; i < s.rowOrder.length; i++) out[i] = entries[s.rowOrder[i]].id;
  return out;
}

/** Set or clear lastmod / changefreq / priority on the selected rows or on every row in view. */
export function BulkEditDialog({ onClose }: { onClose(): void }) {
  const commands = useCommands();
  const getState = useGetState();
  const rowCount = useAppState(selRowCount);
  const selected = selectedRowCount(useAppState(selSelection), rowCount);
  const [field, setField] = useState<BulkField>(() => startField(getState()));
  const [mode, setMode] = useState<'set' | 'clear'>('set');
  const [value, setValue] = useState('');
  const [scope, setScope] = useState<RowScopeChoice>(() => defaultRowScope(selected));
  const dateOrder = useAppState(selDateOrder);
  // The typed date whose day/month order is asked before applying.
  const [ask, setAsk] = useState<string | null>(null);
  const count = scope === 'selection' ? selected : rowCount;
  // The value is read as the cell editor reads what is typed (`15/01/2024` → `2024-01-15`).
  const apply = (order: DayMonthOrder | undefined = dateOrder) => {
    let v: string | undefined;
    if (mode === 'set') {
      const read = readTypedCells([{ field, value }], order);
      if ('needs' in read) return setAsk(read.sample);
      v = read.cells[0].value;
    }
    const s = getState();
    const ids = scope === 'selection' ? selectedEntryIds(s) : viewEntryIds(s);
    commands.bulkSet(field, v, ids);
    onClose();
  };
  const changeValue = (v: string) => {
    setValue(v);
    setAsk(null);
  };
  return (
    <Dialog
      title="Bulk edit"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onAct={() => apply()}
          disabled={count === 0 || (mode === 'set' && value.trim() === '')}
        >
          {mode === 'set' ? 'Set' : 'Clear'} {FIELDS[field].noun} on {plural(count, 'URL')}
        </DialogActions>
      }
    >
      <div className="inline-fields">
        <label className="field">
          <span>Field</span>
          <select
            value={field}
            onChange={(e) => {
              setField(e.target.value as BulkField);
              changeValue('');
            }}
          >
            {BULK_FIELDS.map((f) => (
              <option key={f} value={f}>
                {FIELDS[f].label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Action</span>
          <select value={mode} onChange={(e) => setMode(e.target.value as 'set' | 'clear')}>
            <option value="set">Set to a value</option>
            <option value="clear">Clear (remove the element)</option>
          </select>
        </label>
      </div>
      {mode === 'set' ? <BulkValueField field={field} value={value} onChange={changeValue} /> : null}
      {mode === 'set' && ask !== null ? (
        <fieldset className="fix-input" aria-label="Day and month order">
          <legend>{ask} is:</legend>
          <DateOrderChoice sample={ask} onPick={(o) => apply(o)} />
        </fieldset>
      ) : null}
      <RowScope name="bulk-scope" scope={scope} selected={selected} inView={rowCount} onChange={setScope} />
    </Dialog>
  );
}
