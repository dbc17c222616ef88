import { useEffect, useRef, useState } from 'react';
import {
  type CrawlField,
  type CrawlMapping,
  type CrawlReading,
  crawlFromZipFile,
  guessCrawlMapping,
  isZipFile,
  readCrawlFile,
  sniffCrawlFile,
} from '../../state/crawl.ts';
import type { AppState } from '../../state/types.ts';
import { Dialog } from '../Dialog.tsx';
import { FileField } from '../FileField.tsx';
import { fmtBytes, fmtInt } from '../format.ts';
import { MappingSelects } from '../habits/CsvImportDialog.tsx';
import { useAppState, useCommands } from '../useAppState.ts';

/** Crawl fields offered in the mapping dialog, with their labels. */
const CRAWL_FIELDS: ReadonlyArray<{ field: CrawlField; label: string }> = [
  { field: 'url', label: 'URL' },
  { field: 'status', label: 'Status code' },
  { field: 'indexability', label: 'Indexability' },
  { field: 'indexabilityStatus', label: 'Indexability status' },
  { field: 'metaRobots', label: 'Meta robots' },
  { field: 'xRobots', label: 'X-Robots-Tag' },
  { field: 'canonical', label: 'Canonical URL' },
  { field: 'redirect', label: 'Redirect target' },
  { field: 'lastmod', label: 'Last modified' },
  { field: 'contentType', label: 'Content type' },
];

const selCrawl = (s: AppState) => s.crawl;

/** Longest wait for a frame (a hidden tab paints none). */
const FRAME_WAIT_MS = 100;

/** Resolves in a task after the next frame (or after FRAME_WAIT_MS). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(go);
    setTimeout(resolve, FRAME_WAIT_MS);
  });
}

type Phase =
  | { kind: 'pick' }
  | { kind: 'map'; file: File; headers: string[] }
  | { kind: 'reading'; file: File; share: number | null; joining: number }
  | { kind: 'failed'; message: string };

/**
 * Attach crawl data: pick a CSV (or get one dropped), read it in a worker with progress and
 * Cancel, ask for the column mapping only when the export is not recognised. Attaching never
 * changes the sitemap.
 */
export function CrawlDialog({ onClose, initialFile }: { onClose(): void; initialFile?: File }) {
  const commands = useCommands();
  const attached = useAppState(selCrawl);
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const [mapping, setMapping] = useState<CrawlMapping>({});
  /** The file the dialog reads: picked in it, or dropped on the page that opened it. */
  const [chosen, setChosen] = useState<File | null>(null);
  const reading = useRef<CrawlReading | null>(null);

  const read = async (file: File, map?: CrawlMapping) => {
    setPhase({ kind: 'reading', file, share: null, joining: 0 });
    // The listed URLs go to the crawl worker, which joins them once it has parsed the file.
    const listing = commands.listCrawlUrls();
    const r = readCrawlFile(
      file,
      map,
      (done, total, step) =>
        setPhase({
          kind: 'reading',
          file,
          share: total > 0 ? done / total : null,
          joining: step === 'join' ? total : 0,
        }),
      undefined,
      listing.urls,
    );
    reading.current = r;
    try {
      const table = await r.result;
      if (reading.current !== r) return;
      reading.current = null;
      const { matches } = r;
      const { entries, positions } = listing;
      // The dialog closes first and the crawl columns appear after the next paint: the page's
      // style recalc as it stops being inert and the columns' first render are not one task.
      onClose();
      await afterPaint();
      commands.attachCrawl(
        table,
        undefined,
        matches && positions ? { table, entries, positions, matches } : undefined,
      );
    } catch (e) {
      if (reading.current !== r) return;
      reading.current = null;
      if (e instanceof Error && e.name === 'AbortError') setPhase({ kind: 'pick' });
      else
        setPhase({
          kind: 'failed',
          message: `Could not read ${file.name}: ${e instanceof Error ? e.message : e}`,
        });
    }
  };
  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setChosen(picked);
    let file = picked;
    // A Search Console export zip as downloaded: its member that is crawl data.
    if (await isZipFile(picked)) {
      const z = await crawlFromZipFile(picked, picked.name);
      if (z.crawl === null) {
        setPhase({ kind: 'failed', message: z.note });
        return;
      }
      commands.notify('info', z.note);
      file = z.crawl;
    }
    // A gzipped export (`internal_all.csv.gz`) is recognised by the CSV its start holds and
    // inflated in the crawl worker as it is read, with progress and Cancel.
    const head = await sniffCrawlFile(file);
    if (head.detected) void read(file);
    else if (head.headers.length === 0)
      setPhase({
        kind: 'failed',
        message: `${file.name} has no header row: it does not look like a CSV export.`,
      });
    else {
      setMapping(guessCrawlMapping(head.headers));
      setPhase({ kind: 'map', file, headers: head.headers });
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read the dropped file once, on open
  useEffect(() => {
    if (initialFile) void pick(initialFile);
    return () => reading.current?.cancel();
  }, []);

  const cancel = () => {
    const r = reading.current;
    reading.current = null;
    r?.cancel();
    onClose();
  };
  const busy = phase.kind === 'reading';
  return (
    <Dialog
      title="Attach crawl data"
      onClose={cancel}
      wide
      openInNextTask
      footer={
        <>
          <span className="hint">The sitemap is not changed: the crawl is joined with it for the audit.</span>
          <span className="spacer" />
          {attached && !busy ? (
            <button
              type="button"
              className="btn"
              onClick={() => {
                commands.removeCrawl();
                onClose();
              }}
            >
              Remove {attached.fileName}
            </button>
          ) : null}
          <button type="button" className="btn" onClick={cancel}>
            Cancel
          </button>
          {phase.kind === 'map' ? (
            <button
              type="button"
              className="btn primary"
              disabled={mapping.url === undefined}
              onClick={() => void read(phase.file, mapping)}
            >
              Attach
            </button>
          ) : null}
        </>
      }
    >
      <p className="hint">
        A crawler or Search Console export as CSV: Screaming Frog "Internal: All" or response codes, a Search
        Console "Pages" or page-indexing export, or any CSV with a URL column plus status, indexability,
        canonical, redirect target or last crawled. A Search Console export zip can be dropped as it is.
      </p>
      {busy ? null : (
        <FileField
          label="Crawl CSV"
          accept=".csv,.tsv,.txt,.zip,.gz,text/csv,text/tab-separated-values,text/plain,application/zip,application/gzip"
          file={chosen}
          onPick={(file) => void pick(file)}
        />
      )}
      {phase.kind === 'reading' ? (
        <div className="crawl-reading">
          <p className="hint" role="status">
            {phase.joining > 0
              ? `Joining ${phase.file.name} with ${fmtInt(phase.joining)} listed URLs…`
              : `Reading ${phase.file.name} (${fmtBytes(phase.file.size)})…`}
          </p>
          <progress aria-label={`Reading ${phase.file.name}`} max={1} value={phase.share ?? undefined} />
        </div>
      ) : null}
      {phase.kind === 'failed' ? <p className="callout error">{phase.message}</p> : null}
      {phase.kind === 'map' ? (
        <>
          <p className="callout warning">
            The columns of {phase.file.name} were not recognised. Choose which column holds what.
          </p>
          <MappingSelects<CrawlMapping>
            headers={phase.headers}
            mapping={mapping}
            onChange={setMapping}
            fields={CRAWL_FIELDS}
            legend="Crawl columns"
            required="url"
          />
        </>
      ) : null}
    </Dialog>
  );
}
