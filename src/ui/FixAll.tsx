import { useState } from 'react';
import type { FixNeed } from '../core/fixes.ts';
import { mergeSample } from '../state/rules.ts';
import type { FixAllPreview, FixSettings } from '../state/types.ts';
import { fmtInt, plural } from './format.ts';
import { FixInput } from './IssueFix.tsx';
import { useCommands, useGetState } from './useAppState.ts';

/** Why some issues stay: the counts of a preview in words. */
function leftText(p: FixAllPreview): string {
  const waiting = (p.needs.publishUrl ?? 0) + (p.needs.dateOrder ?? 0);
  const plain = p.cannot - waiting;
  const parts: string[] = [];
  if (plain > 0)
    parts.push(
      `${fmtInt(plain)} ${plain === 1 ? 'has' : 'have'} no safe automatic correction (edit by hand)`,
    );
  const need = (k: number, what: string) => `${fmtInt(k)} ${k === 1 ? 'needs' : 'need'} ${what}`;
  if (p.needs.publishUrl) parts.push(need(p.needs.publishUrl, 'the publish URL'));
  if (p.needs.dateOrder) parts.push(need(p.needs.dateOrder, 'the day/month order'));
  return parts.join('; ');
}

/** What the fix will do, as counted: "change 2 rows and remove 1 row", "remove 1 row". */
function planText(p: FixAllPreview): string {
  const changed = p.rows - p.removed;
  const parts: string[] = [];
  if (changed > 0) parts.push(`change ${plural(changed, 'row')}`);
  if (p.removed > 0) parts.push(`remove ${plural(p.removed, 'row')}`);
  const why = p.removed > 0 && p.removes ? `: ${p.removed === 1 ? p.removes.one : p.removes.many}` : '';
  return parts.join(' and ') + why;
}

/**
 * "Fix all" of one rule in two steps: first how many rows it will change and how many issues it
 * cannot fix (asking in place for a publish URL or day/month order when that is what is missing),
 * then one labelled undo step whose result is reported as a notice. Offered only where a row can be
 * fixed, now or once the missing setting is given (`Commands.fixAllOutlook`).
 */
export function FixAll({ rule, count, label }: { rule: string; count?: number; label?: string }) {
  const commands = useCommands();
  const getState = useGetState();
  const [preview, setPreview] = useState<FixAllPreview | null>(null);
  // The day/month order picked on the way: set by Apply, with the fix, as one undo step.
  const [given, setGiven] = useState<FixSettings | undefined>(undefined);
  const close = () => {
    setPreview(null);
    setGiven(undefined);
  };
  // No button where no row has a safe correction (it could only say so once clicked).
  if (preview === null && commands.fixAllOutlook(rule) === 'none') return null;
  if (preview === null) {
    return (
      <button
        type="button"
        className="btn small"
        aria-label={count === undefined ? undefined : `Fix all ${rule} (${fmtInt(count)})`}
        onClick={() => setPreview(commands.previewFixAll(rule))}
      >
        {label ? `${label}…` : 'Fix all…'}
      </button>
    );
  }
  const doc = getState().doc;
  const samples =
    preview.merged && doc ? preview.merged.flatMap((id) => mergeSample(doc, id) ?? []) : preview.samples;
  const needs = (Object.keys(preview.needs) as FixNeed[]).filter((n) => (preview.needs[n] ?? 0) > 0);
  return (
    <fieldset className="fix-all-plan" aria-label={`Fix all ${rule}`}>
      <p>
        {preview.rows > 0 ? `Will ${planText(preview)}.` : 'No row can be fixed automatically.'}
        {preview.cannot > 0 ? ` ${fmtInt(preview.cannot)} left: ${leftText(preview)}.` : ''}
      </p>
      {samples.length > 0 ? (
        <ul className="fix-all-samples" aria-label="Examples">
          {samples.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            <li key={i}>{s}</li>
          ))}
          {(preview.merged ? preview.removed : preview.rows - preview.removed) > samples.length ? (
            <li className="more" aria-hidden="true">
              …
            </li>
          ) : null}
        </ul>
      ) : null}
      {given?.dateOrder ? (
        <p className="hint">
          Dates read {given.dateOrder === 'dmy' ? 'day first' : 'month first'}: set with this fix, in the same
          undo step.
        </p>
      ) : null}
      {needs.map((n) => (
        <FixInput
          key={n}
          need={n}
          onSet={(p) => {
            if (n === 'dateOrder' && p.dateOrder) {
              const next = { dateOrder: p.dateOrder };
              setGiven(next);
              setPreview(commands.previewFixAll(rule, next));
              return;
            }
            commands.setSettings(p, true);
            setPreview(commands.previewFixAll(rule, given));
          }}
        />
      ))}
      <div className="fix-all-actions">
        {preview.rows > 0 ? (
          <button
            type="button"
            className="btn small primary"
            onClick={() => {
              commands.fixAll(rule, given);
              close();
            }}
          >
            {preview.removed === preview.rows
              ? `Remove ${plural(preview.rows, 'row')}`
              : `Apply to ${plural(preview.rows, 'row')}`}
          </button>
        ) : null}
        <button type="button" className="btn small ghost" onClick={close}>
          {preview.rows > 0 ? 'Cancel' : 'Close'}
        </button>
      </div>
    </fieldset>
  );
}
