import type { ExportResult } from '../state/types.ts';
import { droppedText } from './ExportSummary.tsx';
import { plural } from './format.ts';

/**
 * Keep the file's formatting or normalize: the choice, shown only for documents opened from a
 * file. `unavailable`: why this output is always normalized (the choice shows Normalize, disabled).
 */
export function FormattingChoice({
  keep,
  onChange,
  unavailable = null,
  whose = "the file's",
}: {
  keep: boolean;
  onChange(keep: boolean): void;
  unavailable?: string | null;
  /** Whose formatting is kept: "the file's", or "each file's" in a workspace export. */
  whose?: string;
}) {
  const kept = keep && unavailable === null;
  return (
    <fieldset className="field radio-row" disabled={unavailable !== null}>
      <legend>Formatting</legend>
      <label>
        <input type="radio" name="export-formatting" checked={kept} onChange={() => onChange(true)} /> Keep{' '}
        {whose} formatting
      </label>
      <label>
        <input type="radio" name="export-formatting" checked={!kept} onChange={() => onChange(false)} />{' '}
        Normalize
      </label>
      {unavailable !== null ? <p className="hint">{unavailable}</p> : null}
    </fieldset>
  );
}

/** "3 entries changed: 7 lines" and the first hunks of the diff to the opened file. */
export function ExportDiffPreview({ result }: { result: ExportResult | null }) {
  if (!result) return null;
  const d = result.diff;
  return (
    <section className="export-diff" aria-label="Changes to the opened file">
      {result.keepNote ? (
        <p className="callout info">
          The file's formatting cannot be kept: {result.keepNote}. Normalized instead.
        </p>
      ) : null}
      {result.wholeEntries ? (
        <p className="callout info">
          {plural(result.wholeEntries, 'entry', 'entries')} with images, videos, news or alternates added or
          removed {result.wholeEntries === 1 ? 'is' : 'are'} written whole, those elements in the normalized
          form.
        </p>
      ) : null}
      {d ? (
        <>
          <p className="hint" data-testid="export-diff-summary">
            {result.dropped
              ? `Left out: ${droppedText(result.dropped)} (text holds URLs only). ${d.lines === 0 ? 'Every line comes back as it was.' : `${plural(d.lines, 'line')} changed (−${d.removedLines} +${d.addedLines}).`}`
              : d.lines === 0
                ? 'No changes: the file comes back byte for byte.'
                : `${plural(d.entries, 'entry', 'entries')} changed: ${plural(d.lines, 'line')} (−${d.removedLines} +${d.addedLines})${d.coarse ? ', rewritten as a whole' : ''}`}
          </p>
          {d.preview ? (
            <pre className="diff-preview" data-testid="export-diff-preview">
              {d.preview.split('\n').map((line, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
                  key={i}
                  className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'hunk'}
                >
                  {line}
                  {'\n'}
                </span>
              ))}
            </pre>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
