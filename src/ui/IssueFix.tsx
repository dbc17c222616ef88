import { useState } from 'react';
import type { FixNeed } from '../core/fixes.ts';
import type { Issue } from '../core/model.ts';
import type { DayMonthOrder } from '../core/w3cDate.ts';
import { canFix, fixLabel, fixNeed, fixPreview } from '../state/rules.ts';
import type { Settings } from '../state/types.ts';
import { useCommands, useGetState } from './useAppState.ts';

/** Asks, in place, for what a fix needs: the publish URL, or how to read day and month. */
export function FixInput({ need, onSet }: { need: FixNeed; onSet(partial: Partial<Settings>): void }) {
  const [url, setUrl] = useState('');
  if (need === 'dateOrder') {
    const pick = (dateOrder: DayMonthOrder) => onSet({ dateOrder });
    return (
      <fieldset className="fix-input">
        <legend>Dates like 05/01/2024 mean:</legend>
        <button type="button" className="btn small" onClick={() => pick('dmy')}>
          Day first (5 January)
        </button>
        <button type="button" className="btn small" onClick={() => pick('mdy')}>
          Month first (May 1)
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
