import { useEffect, useRef, useState } from 'react';
import type { CsvMapping } from '../../core/csv.ts';
import {
  type CsvImportPlan,
  type CsvImportSession,
  type CsvSummary,
  columnLabel,
  countImportable,
  createCsvImportSession,
  csvImportPlan,
  guessMapping,
  MAPPED_FIELDS,
  previewEntries,
} from '../../state/csv.ts';
import type { AppState } from '../../state/types.ts';
import { Dialog, DialogActions } from '../Dialog.tsx';
import { FileField } from '../FileField.tsx';
import { fmtBytes, plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';

const selFileName = (s: AppState) => s.fileName;
const selDoc = (s: AppState) => s.doc;

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
  const doc = useAppState(selDoc);
  const hasDoc = doc !== null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** The file the dialog reads: picked in it, or dropped on the page that opened it. */
  const [picked, setPicked] = useState<File | null>(null);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const session = useRef<CsvImportSession | null>(null);
  /** How the rows meet the open document's URLs (null: nothing open, or not counted yet). */
  const [plan, setPlan] = useState<{ loc: number; plan: CsvImportPlan } | null>(null);
  /** The user's choice; until then update when most rows match a listed URL. */
  const [chosen, setChosen] = useState<'update' | 'append' | null>(null);

  const pick = async (file: File | undefined) => {
    const s = session.current;
    if (!file || !s) return;
    setPicked(file);
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
  // The URLs of the chosen column against the open document's, before anything runs.
  const loc = mapping.loc;
  useEffect(() => {
    const s = session.current;
    if (!loaded || !s || !doc || loc === undefined) return;
    let live = true;
    s.rows({ loc }).then(
      ({ rows }) => {
        if (live) setPlan({ loc, plan: csvImportPlan(doc, rows) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loaded, doc, loc]);
  const current = plan && plan.loc === loc ? plan.plan : null;
  const planning = hasDoc && loc !== undefined && current === null;
  const mode =
    current && current.matching > 0
      ? (chosen ?? (current.matching * 2 > current.total ? 'update' : 'append'))
      : 'append';
  const run = async () => {
    const s = session.current;
    if (!loaded || !s) return;
    setBusy(`Importing ${plural(counts.urls, 'URL')}…`);
    try {
      const { rows, skipped } = await s.rows(mapping);
      commands.importCsvRows(rows, loaded.name, skipped, mode);
      onClose();
    } catch (e) {
      setFailure(`Import failed: ${e instanceof Error ? e.message : String(e)}`);
      setBusy(null);
    }
  };
  const file = fileName ?? 'the open sitemap';
  const what = !hasDoc
    ? 'URLs will be opened as a new sitemap'
    : mode === 'update'
      ? `Rows of ${file} with the same URL will be updated, new URLs added at its end`
      : `URLs will be added at the end of ${file}`;
  return (
    <Dialog
      title="Import CSV"
      onClose={onClose}
      wide
      footer={
        <>
          <span className="hint">{loaded ? `${what}, as one undo step.` : ''}</span>
          <span className="spacer" />
          <DialogActions
            onCancel={onClose}
            onAct={() => void run()}
            disabled={counts.urls === 0 || busy !== null || planning}
          >
            {counts.urls > 0 ? `Import ${plural(counts.urls, 'URL')}` : 'Import'}
          </DialogActions>
        </>
      }
    >
      <FileField
        label="CSV file (crawler, Search Console or spreadsheet export)"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
        file={picked}
        onPick={(file) => void pick(file)}
      />
      {busy ? (
        <p className="hint" role="status">
          {busy}
        </p>
      ) : null}
      {failure ? <p className="callout error">{failure}</p> : null}
      {loaded ? (
        <ImportDetails loaded={loaded} mapping={mapping} onMapping={setMapping} counts={counts} />
      ) : null}
      {loaded && current && current.matching > 0 ? (
        <MatchChoice plan={current} file={file} mode={mode} onMode={setChosen} />
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

/**
 * Update or append, when some imported URLs are listed already (this app's own CSV export back
 * from a spreadsheet lists every one): the counts of each choice, before it runs.
 */
function MatchChoice({
  plan,
  file,
  mode,
  onMode,
}: {
  plan: CsvImportPlan;
  file: string;
  mode: 'update' | 'append';
  onMode(m: 'update' | 'append'): void;
}) {
  const { matching, added, total } = plan;
  return (
    <fieldset className="hb-mode">
      <legend>
        {plural(matching, 'URL')} of {plural(total, 'row')} {matching === 1 ? 'is' : 'are'} already in {file}
      </legend>
      <label>
        <input type="radio" name="csv-mode" checked={mode === 'update'} onChange={() => onMode('update')} />
        <span>
          Update matching rows (by loc) and add new ones
          <span className="hint">
            {' '}
            — {plural(matching, 'row')} updated, {plural(added, 'URL')} added
          </span>
        </span>
      </label>
      <label>
        <input type="radio" name="csv-mode" checked={mode === 'append'} onChange={() => onMode('append')} />
        <span>
          Append every row
          <span className="hint">
            {' '}
            — {plural(total, 'URL')} added, {plural(matching, 'URL')} then listed twice (LOC-006)
          </span>
        </span>
      </label>
    </fieldset>
  );
}
