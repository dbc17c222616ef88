import { useState } from 'react';
import type { CsvColumn } from '../../core/csv.ts';
import type { AppState } from '../../state/types.ts';
import { Dialog, DialogActions } from '../Dialog.tsx';
import { baseName } from '../download.ts';
import { plural } from '../format.ts';
import { useAppState, useCommands, useGetState } from '../useAppState.ts';
import { CSV_COLUMNS, csvFileName, DEFAULT_CSV_COLUMNS, downloadCsv } from './csvDownload.ts';

const selFileName = (s: AppState) => s.fileName;
const selTotal = (s: AppState) => s.doc?.entries.length ?? 0;
const selViewCount = (s: AppState) => s.rowOrder.length;

/** Export the table as CSV: all rows or the rows in the current view, chosen columns. */
export function CsvExportDialog({ onClose }: { onClose(): void }) {
  const getState = useGetState();
  const commands = useCommands();
  const fileName = useAppState(selFileName);
  const total = useAppState(selTotal);
  const inView = useAppState(selViewCount);
  const [scope, setScope] = useState<'all' | 'view'>(inView < total ? 'view' : 'all');
  const [columns, setColumns] = useState<readonly CsvColumn[]>(DEFAULT_CSV_COLUMNS);
  const [bom, setBom] = useState(false);
  const [name, setName] = useState(csvFileName(baseName(fileName)));

  const toggle = (column: CsvColumn, on: boolean) =>
    setColumns(CSV_COLUMNS.map((c) => c.column).filter((c) => (c === column ? on : columns.includes(c))));
  const rows = scope === 'view' ? inView : total;
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    // Let "Preparing…" paint first: a million rows take a few seconds to write.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const s = getState();
        if (!s.doc) return onClose();
        const file = csvFileName(name);
        const n = downloadCsv(file, s.doc.entries, columns, scope === 'view' ? s.rowOrder : null, bom);
        commands.notify('info', `Exported ${plural(n, 'row')} to ${file}.`);
        onClose();
      }, 0),
    );
  };
  return (
    <Dialog
      title="Export CSV"
      onClose={onClose}
      footer={
        <>
          <span className="hint" role="status">
            {busy
              ? `Preparing ${plural(rows, 'row')}…`
              : `${plural(rows, 'row')}, ${plural(columns.length, 'column')}`}
          </span>
          <span className="spacer" />
          <DialogActions onCancel={onClose} onAct={download} disabled={columns.length === 0 || busy}>
            Download CSV
          </DialogActions>
        </>
      }
    >
      <fieldset className="radio-row">
        <legend>Rows</legend>
        <label>
          <input type="radio" name="csv-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          All rows ({plural(total, 'row')})
        </label>
        <label>
          <input type="radio" name="csv-scope" checked={scope === 'view'} onChange={() => setScope('view')} />
          Rows in the current view ({plural(inView, 'row')}, in view order)
        </label>
      </fieldset>
      <fieldset className="radio-row hb-columns">
        <legend>Columns</legend>
        {CSV_COLUMNS.map(({ column, label }) => (
          <label key={column}>
            <input
              type="checkbox"
              checked={columns.includes(column)}
              onChange={(e) => toggle(column, e.target.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {columns.length === 0 ? <p className="callout warning">Choose at least one column.</p> : null}
      <div className="inline-fields">
        <label className="field">
          <span>File name</span>
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="hb-check">
          <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} />
          For Excel (UTF-8 byte order mark)
        </label>
      </div>
    </Dialog>
  );
}
