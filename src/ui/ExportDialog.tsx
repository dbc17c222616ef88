import { useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentKind } from '../core/model.ts';
import {
  errorsOnNonUrlLines,
  formatRefusal,
  HEADROOM,
  keepUnavailable,
  MAX_BYTES,
  MAX_URLS,
  publishDirectory,
  type TextDrops,
  textDropsOf,
} from '../state/exportChanges.ts';
import type { AppState, ExportOptions, ExportResult } from '../state/types.ts';
import { Dialog, DialogActions } from './Dialog.tsx';
import { baseName, downloadBytes } from './download.ts';
import {
  DEFAULT_OUTPUT,
  ExportChanges,
  KeptChanges,
  type OutputChoice,
  outputOptions,
} from './ExportChanges.tsx';
import { ExportDiffPreview, FormattingChoice } from './ExportDiffPreview.tsx';
import { ExportSummary, PublishUrlField, TextDropsNote } from './ExportSummary.tsx';
import { plural } from './format.ts';
import { TaskProgress, useShownAfter } from './TaskProgress.tsx';
import { useAppState, useCommands, useGetState } from './useAppState.ts';

type Format = 'xml' | 'txt' | 'xml.gz' | 'txt.gz' | 'zip';
const FORMATS: Array<[Format, string, string]> = [
  ['xml', 'XML', 'sitemap.xml, the standard'],
  ['txt', 'Text', 'One URL per line, no dates or extensions'],
  ['xml.gz', 'Gzipped XML', 'Smaller upload, same limits'],
  ['zip', 'Zip of split files', 'Split files plus a sitemap index'],
];
/** The zip's hint while there is no publish URL to list its files at (OUT-008): said before it is picked. */
const ZIP_NEEDS_URL = 'Split files plus a sitemap index, which needs a publish URL';
/** A text document can also be written as gzipped text (a .txt.gz keeps its formatting so). */
const TEXT_FORMATS: Array<[Format, string, string]> = [
  ...FORMATS.slice(0, 3),
  ['txt.gz', 'Gzipped text', 'sitemap.txt.gz: one URL per line, compressed'],
  ...FORMATS.slice(3),
];

const selFileName = (s: AppState) => s.fileName;
const selDoc = (s: AppState) => s.doc;
const NO_DROPS: TextDrops = { rows: 0, fields: [] };
const selKeepable = (s: AppState) => s.keepable;
const selValidation = (s: AppState) => s.validation;
const selPublishUrl = (s: AppState) => s.settings.publishUrl;
const selExportTask = (s: AppState) => (s.task?.label === EXPORTING ? s.task : null);
/** The store's label for export work. */
const EXPORTING = 'Exporting';

/** Bytes in the "MB per file" field's MB (decimal, as SIZE-005's 45,000,000 bytes are). */
const MB = 1_000_000;

/**
 * The opened file's own format (so that keeping its formatting needs no change), else XML; XML
 * too when the document holds values a text file would leave out, or is an index (OUT-009).
 */
function initialFormat(
  fileName: string | null,
  keepable: boolean,
  drops: TextDrops,
  kind: DocumentKind | undefined,
): Format {
  if (!keepable || !fileName || drops.rows > 0) return 'xml';
  if (kind !== undefined && formatRefusal(kind, 'txt') !== null) return 'xml';
  if (/\.txt$/i.test(fileName)) return 'txt';
  if (/\.txt\.gz$/i.test(fileName)) return 'txt.gz';
  return /\.gz$/i.test(fileName) ? 'xml.gz' : 'xml';
}

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

/** Cancel (closing the dialog) stops the preview it was preparing (a big document takes seconds). */
function useCancelExportOnClose() {
  const commands = useCommands();
  const getState = useGetState();
  useEffect(
    () => () => {
      if (getState().task?.label === EXPORTING) commands.cancelTask();
    },
    [commands, getState],
  );
}

/**
 * The publish URL moved to the site root, same file name: `https://a.example/maps/s.xml` →
 * `https://a.example/s.xml`; null when it is not an http(s) URL or already at the root.
 */
export function siteRootUrl(publishUrl: string): string | null {
  try {
    const u = new URL(publishUrl.trim());
    if (!/^https?:$/.test(u.protocol)) return null;
    const root = new URL(`./${u.pathname.slice(u.pathname.lastIndexOf('/') + 1)}`, u.origin).href;
    return root === u.href ? null : root;
  } catch {
    return null;
  }
}

/** One split limit: a number from 1 to `max` (the protocol's per-file limit). */
function LimitField(props: {
  label: string;
  max: number;
  value: number;
  step?: number | 'any';
  onChange(value: number): void;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type="number"
        min={1}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </label>
  );
}

/** Export: format, layout, split limits, file name, sizes before download, explicit OK for errors. */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const commands = useCommands();
  const fileName = useAppState(selFileName);
  const validation = useAppState(selValidation);
  const errors = validation.validator.counts().error;
  // Split files need the publish URL for the index: preview again when it changes.
  const publishUrl = useAppState(selPublishUrl);
  const keepable = useAppState(selKeepable);
  const doc = useAppState(selDoc);
  const textDoc = doc?.kind === 'text';
  // What a text file would leave out: counted once for a text document, or when Text is chosen.
  const docDrops = useMemo(() => (doc && textDoc ? textDropsOf(doc) : NO_DROPS), [doc, textDoc]);
  const [format, setFormat] = useState<Format>(() => initialFormat(fileName, keepable, docDrops, doc?.kind));
  const drops = useMemo(
    () => (textDoc ? docDrops : doc && format.startsWith('txt') ? textDropsOf(doc) : NO_DROPS),
    [doc, textDoc, format, docDrops],
  );
  // A document opened from a file keeps that file's formatting unless the user normalizes, or
  // the output is not the file's own format (then the choice says why, and what changes shows).
  const [keep, setKeep] = useState(true);
  const unavailable = keepUnavailable(doc?.kind, keepable, format);
  const keepFormat = keepable && keep && unavailable === null;
  const [pretty, setPretty] = useState(true);
  // Split where SIZE-005 is satisfied (core limits.ts), so the files pass the app's own check.
  const [maxUrls, setMaxUrls] = useState<number>(HEADROOM.maxUrls);
  const [maxMb, setMaxMb] = useState(HEADROOM.maxBytes / MB);
  const [name, setName] = useState(baseName(fileName));
  const [confirmed, setConfirmed] = useState(false);
  const [dropConfirmed, setDropConfirmed] = useState(false);
  const [output, setOutput] = useState<OutputChoice>(DEFAULT_OUTPUT);
  const [result, setResult] = useState<ExportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // Stops the pending or running preview: Download makes its own export, which a preview started
  // after it (the blur of a field commits it on the button's press) must not abort.
  const stopPreview = useRef<() => void>(() => {});
  const [failure, setFailure] = useState<string | null>(null);
  const task = useShownAfter(useAppState(selExportTask));
  useCancelExportOnClose();
  // The publish URL as typed: Download commits it even when the field never lost focus.
  const typedUrl = useRef<string | null>(null);
  // The same, as state: the preview (and its OUT-008 note) follows the field while it is typed.
  const [draftUrl, setDraftUrl] = useState<string | null>(null);
  const previewUrl = format === 'zip' ? (draftUrl?.trim() ?? publishUrl) : publishUrl;
  /**
   * The latest preview's files and the options they were made with, set together. Download reads
   * this, not the `result` state: a click can land before the render that shows a new preview, and
   * the options and files it compares must come from the same preview.
   */
  const latest = useRef<{ options: string; result: ExportResult } | null>(null);
  const optionsFor = (url: string): ExportOptions => ({
    keepFormat,
    format,
    pretty,
    ...outputOptions(output),
    baseName: name.trim() || 'sitemap',
    publishUrl: url || undefined,
    split: { maxUrls: Math.max(1, maxUrls), maxBytes: Math.max(1, Math.round(maxMb * MB)) },
  });

  useEffect(() => {
    let live = true;
    // The same shape as optionsFor (Download compares the two to reuse this preview).
    const options: ExportOptions = {
      keepFormat,
      format,
      pretty,
      ...outputOptions(output),
      baseName: name.trim() || 'sitemap',
      publishUrl: previewUrl || undefined,
      split: { maxUrls: Math.max(1, maxUrls), maxBytes: Math.max(1, Math.round(maxMb * MB)) },
    };
    setBusy(true);
    const t = setTimeout(() => {
      commands
        .export(options, 'preview')
        .then((r) => {
          if (!live) return;
          latest.current = { options: JSON.stringify(options), result: r };
          setResult(r);
          setFailure(null);
        })
        .catch((e: unknown) => {
          if (!live) return;
          setResult(null);
          setFailure(isAbort(e) ? null : e instanceof Error ? e.message : String(e));
        })
        .finally(() => live && setBusy(false));
    }, 350);
    const stop = () => {
      live = false;
      clearTimeout(t);
    };
    stopPreview.current = stop;
    return stop;
  }, [format, pretty, maxUrls, maxMb, name, commands, previewUrl, keepFormat, output]);

  // A text file (also a text file kept as .txt.gz) leaves the other values out: an explicit OK.
  const textOut = format.startsWith('txt') || Boolean(result?.dropped);
  const dropping = textOut && drops.rows > 0;
  // The export says (TXT-001 note) when it leaves the text lines that are not URLs out (always in
  // XML): their errors do not go into the file, so they need no "export anyway".
  const linesLeftOut = Boolean(result?.issues.some((i) => i.rule === 'TXT-001'));
  const leftOutErrors = useMemo(
    () => (doc && linesLeftOut ? errorsOnNonUrlLines(doc, validation.validator) : 0),
    [doc, validation, linesLeftOut],
  );
  const errorsOut = Math.max(0, errors - leftOutErrors);
  const needsConfirm = (errorsOut > 0 && !confirmed) || (dropping && !dropConfirmed);
  const download = async () => {
    stopPreview.current();
    setBusy(false);
    setDownloading(true);
    try {
      await downloadNow();
    } finally {
      setDownloading(false);
    }
  };
  const downloadNow = async () => {
    let out: ExportResult | undefined = latest.current?.result;
    // Download takes the fields as they are now: a publish URL typed but not committed, or any
    // field changed since the last preview, is exported afresh first.
    const url = format === 'zip' ? (typedUrl.current?.trim() ?? publishUrl) : publishUrl;
    const options = optionsFor(url);
    if (JSON.stringify(options) !== latest.current?.options) {
      setBusy(true);
      out = await commands
        .export(options, 'preview')
        .catch((e: unknown) => {
          if (!isAbort(e)) setFailure(e instanceof Error ? e.message : String(e));
          return undefined;
        })
        .finally(() => setBusy(false));
    }
    const files = out?.files;
    // Never close as if it had worked: with nothing to download the dialog stays and says so.
    if (!out || !files || files.length === 0) {
      setFailure((f) => f ?? 'nothing to download yet — wait for the preview, then try again.');
      return;
    }
    // Committed after the export: committing first would start a preview that aborts it.
    if (url !== publishUrl) commands.setSettings({ publishUrl: url });
    for (const f of files) downloadBytes(f.name, f.mime, f.bytes);
    // A file that left values out (text) keeps the document marked unexported.
    commands.markExported(out);
    onClose();
  };
  // HOST-004 on split files: the fix is one click, the index (and so its children) at the site root.
  // From the URL the preview was made with (typed, maybe not yet committed).
  const rootUrl = result?.issues.some((i) => i.rule === 'HOST-004') ? siteRootUrl(previewUrl) : null;
  // A zip's index lists its files at absolute URLs (OUT-008): without a publish URL it has none.
  // Said up front, at the field that fixes it, not after the preview (nor after the download).
  const noIndexUrl = doc?.kind !== 'sitemapindex' && publishDirectory(previewUrl) === null;
  const noIndexNote = format === 'zip' && noIndexUrl;
  const publishAtRoot = rootUrl ? (
    <button
      type="button"
      className="btn small"
      onClick={() => {
        typedUrl.current = rootUrl;
        // The preview follows the draft while one is typed: it moves to the root too.
        setDraftUrl(rootUrl);
        commands.setSettings({ publishUrl: rootUrl });
      }}
    >
      Publish at {rootUrl}
    </button>
  ) : null;
  return (
    <Dialog
      title="Export sitemap"
      onClose={onClose}
      wide
      footer={
        <>
          {busy && task ? (
            <TaskProgress task={{ ...task, label: 'Preparing' }} />
          ) : (
            <span className="hint">
              {busy ? 'Preparing…' : result ? plural(result.files.length, 'file') : ''}
            </span>
          )}
          <span className="spacer" />
          <DialogActions
            onCancel={onClose}
            onAct={() => void download()}
            // Not disabled while a preview refreshes: Download exports afresh when the fields
            // changed, and a press that blurs the URL field (which starts a refresh) must still
            // land as a click.
            disabled={!result || result.files.length === 0 || downloading || needsConfirm}
          >
            Download
          </DialogActions>
        </>
      }
    >
      <fieldset className="radio-cards">
        <legend>Format</legend>
        {(textDoc ? TEXT_FORMATS : FORMATS).map(([f, label, hint]) => {
          // A format that cannot hold the document (an index as text, OUT-009): greyed, with why.
          const unfit = doc ? formatRefusal(doc.kind, f) : null;
          return (
            <label key={f} className={unfit ? 'unfit' : undefined} title={unfit?.reason}>
              <input
                type="radio"
                name="export-format"
                checked={format === f}
                disabled={unfit !== null}
                onChange={() => setFormat(f)}
              />
              <span>
                {label}
                <small>
                  {unfit
                    ? `${unfit.short} (${unfit.rule})`
                    : f === 'zip' && noIndexUrl
                      ? ZIP_NEEDS_URL
                      : hint}
                </small>
              </span>
            </label>
          );
        })}
      </fieldset>
      {textDoc && drops.rows > 0 && !textOut ? (
        <p className="callout info" data-testid="export-text-reason">
          Text holds URLs only: {plural(drops.rows, 'row')} {drops.rows === 1 ? 'has' : 'have'}{' '}
          {drops.fields.join(' / ')} values — exporting as XML keeps them.
        </p>
      ) : null}
      {keepable ? <FormattingChoice keep={keep} onChange={setKeep} unavailable={unavailable} /> : null}
      <div className="inline-fields">
        {/* Only what applies: a kept file has its own layout and stays one file; text has no layout. */}
        {format.startsWith('txt') || keepFormat ? null : (
          <fieldset className="field radio-row">
            <legend>Layout</legend>
            <label>
              <input type="radio" name="export-layout" checked={pretty} onChange={() => setPretty(true)} />{' '}
              Pretty
            </label>
            <label>
              <input type="radio" name="export-layout" checked={!pretty} onChange={() => setPretty(false)} />{' '}
              Compact
            </label>
          </fieldset>
        )}
        <label className="field">
          <span>File name</span>
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        {keepFormat ? null : (
          <>
            <LimitField label="URLs per file" max={MAX_URLS} value={maxUrls} onChange={setMaxUrls} />
            <LimitField
              label="MB per file"
              max={MAX_BYTES / MB}
              step="any"
              value={maxMb}
              onChange={setMaxMb}
            />
          </>
        )}
      </div>
      {format === 'zip' ? (
        <PublishUrlField
          onDraft={(url) => {
            typedUrl.current = url;
            setDraftUrl(url);
          }}
        />
      ) : null}
      {noIndexNote ? (
        <p className="callout warning" data-testid="export-zip-no-index">
          Without a publish URL the zip holds no sitemap index: an index lists its files at absolute URLs
          (OUT-008). Enter above the URL the index will be published at, for example
          https://www.example.com/sitemap.xml (it is kept as the publish URL in Settings).
        </p>
      ) : null}
      {/* Also when keeping was asked but could not be done (the preview says why): it normalized. */}
      {keepFormat && !result?.keepNote ? (
        <KeptChanges
          changes={busy ? undefined : result?.changes}
          escaped={busy ? 0 : (result?.escaped ?? 0)}
        />
      ) : (
        <ExportChanges format={format} value={output} onChange={setOutput} />
      )}
      {failure ? <p className="callout error">Export failed: {failure}</p> : null}
      {dropping ? (
        <TextDropsNote drops={drops} confirmed={dropConfirmed} onConfirm={setDropConfirmed} />
      ) : null}
      <ExportSummary
        // The note above says what text leaves out: not again as the serializer's TXT-006 warning.
        // Nor the lines left out, which "What the export changes" names.
        // Nor the missing index, which the note at the publish URL says.
        result={
          result && (dropping || (linesLeftOut && !keepFormat) || noIndexNote)
            ? {
                ...result,
                issues: result.issues.filter(
                  (i) =>
                    !(dropping && i.rule === 'TXT-006') &&
                    !(!keepFormat && i.rule === 'TXT-001') &&
                    !(noIndexNote && i.rule === 'OUT-008'),
                ),
              }
            : result
        }
        errors={errorsOut}
        confirmed={confirmed}
        onConfirm={setConfirmed}
        actions={rootUrl && format === 'zip' ? { 'HOST-004': publishAtRoot } : undefined}
      />
      {keepable ? <ExportDiffPreview result={busy ? null : result} /> : null}
    </Dialog>
  );
}
