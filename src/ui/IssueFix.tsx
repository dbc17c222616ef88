import { useState } from 'react';
import type { FixNeed } from '../core/fixes.ts';
import type { Issue } from '../core/model.ts';
import type { DayMonthOrder } from '../core/w3cDate.ts';
import { canFix, convertToW3c, fixLabel, fixNeed, fixPreview } from '../state/rules.ts';
import { indexOfEntry } from '../state/selection.ts';
import type { Settings } from '../state/types.ts';
import { useCommands, useGetState } from './useAppState.ts';

/**
 * Asks, in place, for what a fix needs: the publish URL, or how to read day and month. With a
 * `sample` date, the two answers show the date each gives, and `fixes` says that a pick applies
 * the fix too (one undo step, `Commands.applyFix`).
 */
export function FixInput({
  need,
  onSet,
  sample,
  fixes,
}: {
  need: FixNeed;
  onSet(partial: Partial<Settings>): void;
  sample?: string;
  fixes?: boolean;
}) {
  const [url, setUrl] = useState('');
  if (need === 'dateOrder') {
    const pick = (dateOrder: DayMonthOrder) => onSet({ dateOrder });
    const as = (o: DayMonthOrder, plain: string) => {
      const c = sample === undefined ? null : convertToW3c(sample, o);
      return c ? `${plain} → ${c.assumedZone ? c.value.slice(0, 10) : c.value}` : plain;
    };
    return (
      <fieldset className="fix-input">
        <legend>
          {sample === undefined ? 'Dates like 05/01/2024 mean:' : `“${sample.trim()}” means:`}
          {fixes ? ' (converts it, one undo step)' : ''}
        </legend>
        <button type="button" className="btn small" onClick={() => pick('dmy')}>
          {as('dmy', 'Day first (5 January)')}
        </button>
        <button type="button" className="btn small" onClick={() => pick('mdy')}>
          {as('mdy', 'Month first (May 1)')}
        </button>
      </fieldset>
    );
  }
  return (
    <form
      className="fix-input"
      onSubmit={(e) => {
        e.preventDefault();
        if (url.trim()) onSet({ publishUrl: url.trim() });
      }}
    >
      <label>
        <span>Relative URLs need the publish URL:</span>
        <input
          type="url"
          aria-label="Publish URL for relative URLs"
          placeholder="https://www.example.com/sitemap.xml"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <button type="submit" className="btn small" disabled={url.trim() === ''}>
        Set
      </button>
    </form>
  );
}

/**
 * The fix of one issue: a button naming the change (`“1.5” → “1.0”`) only when the fix can run;
 * where it needs input first, the input in place; else nothing.
 */
export function IssueFix({ issue, onDone, primary }: { issue: Issue; onDone?(): void; primary?: boolean }) {
  const commands = useCommands();
  const getState = useGetState();
  const s = getState();
  const settings = { ...s.settings, now: Date.now() };
  const need = fixNeed(issue, s.doc, settings);
  if (need === 'dateOrder') {
    // The order and the conversion are one action: one step, one Undo.
    const at = issue.entry === undefined || !s.doc ? -1 : indexOfEntry(s.doc.entries, issue.entry);
    const entry = at < 0 ? undefined : s.doc?.entries[at];
    return (
      <FixInput
        need={need}
        sample={entry?.lastmod}
        fixes
        onSet={(p) => {
          if (p.dateOrder && commands.applyFix(issue, { dateOrder: p.dateOrder })) onDone?.();
        }}
      />
    );
  }
  if (need) return <FixInput need={need} onSet={(p) => commands.setSettings(p, true)} />;
  if (!canFix(issue, s.doc, settings)) return null;
  const preview = fixPreview(issue, s.doc, settings);
  const label = fixLabel(issue);
  return (
    <button
      type="button"
      className={primary ? 'btn small primary' : 'btn small'}
      title={preview ? label : undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        commands.applyFix(issue);
        onDone?.();
      }}
    >
      {preview ? `Fix: ${preview}` : label}
    </button>
  );
}
