import { useState } from 'react';
import { type CsvMapping, guessMapping, type ParsedCsv, parseCsv } from '../../core/csv.ts';
import type { AppState } from '../../state/types.ts';
import { Dialog } from '../Dialog.tsx';
import { plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { columnLabel, countImportable, importBodies, MAPPED_FIELDS, previewEntries } from './csvImport.ts';

const selFileName = (s: AppState) => s.fileName;
const selHasDoc = (s: AppState) => s.doc !== null;

interface Loaded {
  name: string;
  parsed: ParsedCsv;
}

const DELIMITER_NAME: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

function MappingSelects({
  parsed,
  mapping,
  onChange,
}: {
  parsed: ParsedCsv;
  mapping: CsvMapping;
  onChange(m: CsvMapping): void;
}) {
  return (
    <fieldset className="hb-mapping">
      <legend>Columns to import</legend>
      {MAPPED_FIELDS.map(({ field, label }) => (
        <label className="field" key={field}>
          <span>{label}</span>
          <select
            value={mapping[field] ?? ''}
            onChange={(e) =>
              onChange({ ...mapping, [field]: e.target.value === '' ? undefined : Number(e.target.value) })
            }
          >
            <option value="">{field === 'loc' ? 'Choose a column' : 'Not imported'}</option>
            {parsed.headers.map((h, i) => (
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

function Preview({ parsed, mapping }: { parsed: ParsedCsv; mapping: CsvMapping }) {
  const rows = previewEntries(parsed, mapping);
  if (rows.length === 0) return <p className="empty-note">No row has a URL in the chosen column.</p>;
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
export function CsvImportDialog({ onClose }: { onClose(): void }) {
  const commands = useCommands();
  const fileName = useAppState(selFileName);
  const hasDoc = useAppState(selHasDoc);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [readError, setReadError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      const parsed = parseCsv(await file.text());
      setLoaded({ name: file.name, parsed });
      setMapping(guessMapping(parsed.headers));
      setReadError(null);
    } catch (e) {
      setLoaded(null);
      setReadError(e instanceof Error ? e.message : String(e));
    }
  };
  const counts = loaded ? countImportable(loaded.parsed, mapping) : { urls: 0, skipped: 0 };
  const run = () => {
    if (!loaded) return;
    const { rows, skipped } = importBodies(loaded.parsed, mapping);
    commands.importCsvRows(rows, loaded.name, skipped);
    onClose();
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
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" disabled={counts.urls === 0} onClick={run}>
            {counts.urls > 0 ? `Import ${plural(counts.urls, 'URL')}` : 'Import'}
          </button>
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
      {readError ? <p className="callout error">Could not read the file: {readError}</p> : null}
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
  const { parsed } = loaded;
  const delimiter = DELIMITER_NAME[parsed.delimiter] ?? `"${parsed.delimiter}"`;
  return (
    <>
      <p className="hint" role="status">
        {loaded.name}: {plural(parsed.rows.length, 'data row')}, {plural(parsed.headers.length, 'column')},{' '}
        {delimiter}-separated, header on row {parsed.headerRow}.
        {counts.skipped > 0 ? ` ${plural(counts.skipped, 'row')} without a URL will be skipped.` : ''}
      </p>
      {parsed.errors.length > 0 ? (
        <p className="callout warning">
          {plural(parsed.errors.length, 'problem')} in the CSV text, e.g. row {parsed.errors[0].row}:{' '}
          {parsed.errors[0].message}
        </p>
      ) : null}
      <MappingSelects parsed={parsed} mapping={mapping} onChange={onMapping} />
      {mapping.loc === undefined ? (
        <p className="callout warning">Choose the column that holds the URLs.</p>
      ) : (
        <Preview parsed={parsed} mapping={mapping} />
      )}
    </>
  );
}
