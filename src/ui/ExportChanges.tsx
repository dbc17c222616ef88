import { useMemo } from 'react';
import { type ExportChange, exportChangesOf, keptChanges } from '../state/exportChanges.ts';
import type { AppState } from '../state/types.ts';
import { useAppState } from './useAppState.ts';

/** Output choices that change what is written (OUT-007, TXT-001 lines). */
export interface OutputChoice {
  /** Lean output: leave out changefreq, priority and deprecated tags (OUT-007). */
  lean: boolean;
  /** Text lines that are not URLs: written as they were, or left out. */
  nonUrlLines: 'keep' | 'drop';
}

export const DEFAULT_OUTPUT: OutputChoice = { lean: false, nonUrlLines: 'keep' };

/** The SerializeOptions fields an output choice sets. */
export function outputOptions(o: OutputChoice) {
  return { lean: o.lean, stripDeprecated: o.lean, nonUrlLines: o.nonUrlLines };
}

const selDoc = (s: AppState) => s.doc;

function ChangeList({ changes }: { changes: readonly ExportChange[] }) {
  return (
    <ul>
      {changes.map((c) => (
        <li key={c.id}>
          {c.text} <span className="rule-id">{c.rule}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * An export that keeps the file's formatting: what it changes beyond the user's edits (what the
 * spec forbids before the root, left out: `ExportResult.changes`; each unescaped & of the file
 * written as &amp;, ENC-005: `escaped`, as the preview export counted). Nothing shows when nothing.
 */
export function KeptChanges({
  changes: left = [],
  escaped,
}: {
  changes: readonly ExportChange[] | undefined;
  escaped: number;
}) {
  const changes = [...left, ...keptChanges(escaped)];
  if (changes.length === 0) return null;
  return (
    <section className="export-changes" aria-label="What the export changes">
      <h3 className="section-title">What the export changes</h3>
      <ChangeList changes={changes} />
    </section>
  );
}
const selValidation = (s: AppState) => s.validation;

/**
 * Before download: every change the (normalized) export makes beyond the user's edits, with
 * counts, and the output choices that change it (Lean output; text lines that are not URLs).
 */
export function ExportChanges({
  format,
  value,
  onChange,
}: {
  format: string;
  value: OutputChoice;
  onChange(next: OutputChoice): void;
}) {
  const doc = useAppState(selDoc);
  const validation = useAppState(selValidation);
  const changes = useMemo(
    () =>
      doc
        ? exportChangesOf(doc, validation.validator, {
            format: format as 'xml',
            ...outputOptions(value),
          })
        : [],
    [doc, validation, format, value],
  );
  // XML holds URLs only: the choice is for a text file.
  const hasTextLines =
    doc?.kind === 'text' && format.startsWith('txt') && changes.some((c) => c.id === 'non-url');
  return (
    <section className="export-changes" aria-label="What the export changes">
      <h3 className="section-title">What the export changes</h3>
      {changes.length === 0 ? (
        <p className="hint">Nothing beyond your edits: every value is written as it is.</p>
      ) : (
        <ChangeList changes={changes} />
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={value.lean}
          disabled={format.startsWith('txt')}
          onChange={(e) => onChange({ ...value, lean: e.target.checked })}
        />
        <span>
          Lean output
          <br />
          <span className="hint">
            Leave out change frequency, priority and deprecated tags: Google ignores them (OUT-007).
          </span>
        </span>
      </label>
      {hasTextLines ? (
        <fieldset className="field radio-row">
          <legend>Lines that are not URLs</legend>
          <label>
            <input
              type="radio"
              name="non-url-lines"
              checked={value.nonUrlLines === 'keep'}
              onChange={() => onChange({ ...value, nonUrlLines: 'keep' })}
            />{' '}
            Write as they were
          </label>
          <label>
            <input
              type="radio"
              name="non-url-lines"
              checked={value.nonUrlLines === 'drop'}
              onChange={() => onChange({ ...value, nonUrlLines: 'drop' })}
            />{' '}
            Leave out
          </label>
        </fieldset>
      ) : null}
    </section>
  );
}
