import { useEffect, useRef, useState } from 'react';
import type { CsvMapping } from '../../core/csv.ts';
import {
  type CsvImportSession,
  type CsvSummary,
  columnLabel,
  countImportable,
  createCsvImportSession,
  guessMapping,
  MAPPED_FIELDS,
  previewEntries,
} from '../../state/csv.ts';
import type { AppState } from '../../state/types.ts';
import { Dialog, DialogActions } from '../Dialog.tsx';
import { fmtBytes, plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';

const selFileName = (s: AppState) => s.fileName;
const selHasDoc = (s: AppState) => s.doc !== null;

interface Loaded {
  name: string;
  summary: CsvSummary;
}

const DELIMITER_NAME: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/**
 * One select per target field, listing the CSV's columns. Also used by the crawl audit
 * (ui/crawl) with its own fields and legend.
 */
export function MappingSelects<M extends object = CsvMapping>({
  headers,
  mapping,
  onChange,
  fields = MAPPED_FIELDS as unknown as ReadonlyArray<{ field: keyof M & string; label: string }>,
  legend = 'Columns to import',
  required = 'loc',
}: {
  headers: readonly string[];
  mapping: M;
  onChange(m: M): void;
  fields?: ReadonlyArray<{ field: keyof M & string; label: string }>;
  legend?: string;
  /** The field that must be mapped (its empty option says "Choose a column"). */
  required?: string;
}) {
  return (
    <fieldset className="hb-mapping">
      <legend>{legend}</legend>
      {fields.map(({ field, label }) => (
        <label className="field" key={field}>
          <span>{label}</span>
          <select
            value={(mapping[field] as number | undefined) ?? ''}
            onChange={(e) =>
              onChange({ ...mapping, [field]: e.target.value === '' ? undefined : Number(e.target.value) })
            }
          >
            <option value="">{field === required ? 'Choose a column' : 'Not imported'}</option>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column's position is its identity
              <option key={i} value={i}>
                {columnLabel(i, h)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

function Preview({ summary, mapping }: { summary: CsvSummary; mapping: CsvMapping }) {
  const rows = previewEntries(summary.sample, mapping);
  if (rows.length === 0) {
    const where = summary.rowCount > summary.sample.rows.length ? ' among the first rows' : '';
    return <p className="empty-note">No row{where} has a URL in the chosen column.</p>;
  }
  return (
    <div className="hb-preview">
      <table className="summary-table">
        <caption>Preview: the first {plural(rows.length, 'URL')} as they will be imported</caption>
        <thead>
          <tr>
            {MAPPED_FIELDS.map(({ field, label }) => (
              <th key={field} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td className="hb-url" title={e.loc}>
                {e.loc}
              </td>
              <td>{e.lastmod ?? ''}</td>
              <td>{e.changefreq ?? ''}</td>
              <td>{e.priority ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Import a CSV (crawler / Search Console export): pick a file, map its columns, preview, import. */
export function CsvImportDialog({ onClose, initialFile }: { onClose(): void; initialFile?: File }) {
  const commands = useCommands();
  const fileName = useAppState(selFileName);
  const hasDoc = useAppState(selHasDoc);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const session = useRef<CsvImportSession | null>(null);

  const pick = async (file: File | undefined) => {
    const s = session.current;
    if (!file || !s) return;
    setLoaded(null);
    setFailure(null);
    setBusy(`Reading ${file.name} (${fmtBytes(file.size)})…`);
    try {
      const summary = await s.read(file);
      setLoaded({ name: file.name, summary });
      setMapping(guessMapping(summary.headers));
    } catch (e) {
      setFailure(`Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(null);
    }
  };
  // One parsing session (a worker holding the rows) per open dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read the initial file once, on open
  useEffect(() => {
    const s = createCsvImportSession();
    session.current = s;
    if (initialFile) void pick(initialFile);
    return () => {
      session.current = null;
      s.dispose();
    };
  }, []);

  const counts = loaded ? countImportable(loaded.summary, mapping) : { urls: 0, skipped: 0 };
  const run = async () => {
    const s = session.current;
    if (!loaded || !s) return;
    setBusy(`Importing ${plural(counts.urls, 'URL')}…`);
    try {
      const { rows, skipped } = await s.rows(mapping);
      commands.importCsvRows(rows, loaded.name, skipped);
      onClose();
    } catch (e) {
      setFailure(`Import failed: ${e instanceof Error ? e.message : String(e)}`);
      setBusy(null);
    }
  };
  const where = hasDoc ? `added at the end of ${fileName ?? 'the open sitemap'}` : 'opened as a new sitemap';
  return (
    <Dialog
      title="Import CSV"
      onClose={onClose}
      wide
      footer={
        <>
          <span className="hint">{loaded ? `URLs will be ${where}, as one undo step.` : ''}</span>
          <span className="spacer" />
          <DialogActions
            onCancel={onClose}
            onAct={() => void run()}
            disabled={counts.urls === 0 || busy !== null}
          >
            {counts.urls > 0 ? `Import ${plural(counts.urls, 'URL')}` : 'Import'}
          </DialogActions>
        </>
      }
    >
      <label className="field">
        <span>CSV file (crawler, Search Console or spreadsheet export)</span>
        <input
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={(e) => void pick(e.currentTarget.files?.[0])}
        />
      </label>
      {busy ? (
        <p className="hint" role="status">
          {busy}
        </p>
      ) : null}
      {failure ? <p className="callout error">{failure}</p> : null}
      {loaded ? (
        <ImportDetails loaded={loaded} mapping={mapping} onMapping={setMapping} counts={counts} />
      ) : null}
    </Dialog>
  );
}

function ImportDetails({
  loaded,
  mapping,
  onMapping,
  counts,
}: {
  loaded: Loaded;
  mapping: CsvMapping;
  onMapping(m: CsvMapping): void;
  counts: { urls: number; skipped: number };
}) {
  const { summary } = loaded;
  const delimiter = DELIMITER_NAME[summary.delimiter] ?? `"${summary.delimiter}"`;
  return (
    <>
      <p className="hint" role="status">
        {loaded.name}: {plural(summary.rowCount, 'data row')}, {plural(summary.headers.length, 'column')},{' '}
        {delimiter}-separated, header on row {summary.headerRow}.
        {counts.skipped > 0 ? ` ${plural(counts.skipped, 'row')} without a URL will be skipped.` : ''}
      </p>
      {summary.errors.length > 0 ? (
        <p className="callout warning">
          {plural(summary.errorCount, 'problem')} in the CSV text, e.g. row {summary.errors[0].row}:{' '}
          {summary.errors[0].message}
        </p>
      ) : null}
      <MappingSelects headers={summary.headers} mapping={mapping} onChange={onMapping} />
      {mapping.loc === undefined ? (
        <p className="callout warning">Choose the column that holds the URLs.</p>
      ) : (
        <Preview summary={summary} mapping={mapping} />
      )}
    </>
  );
}
