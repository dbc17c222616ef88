import { useEffect, useId, useRef, useState } from 'react';
import { CHANGEFREQS, type EditableField, FIELDS, readTyped } from '../state/columns.ts';
import type { AppState } from '../state/types.ts';
import { DateOrderChoice } from './DateOrderChoice.tsx';
import { editorKeyAction } from './keyboard.ts';
import { useAppState } from './useAppState.ts';

/** The changefreq values the protocol defines, in order. */
export { CHANGEFREQS };

/** "Now" as a W3C datetime in the browser's time zone, to the second: 2025-06-01T14:03:00+02:00. */
export function w3cNow(date: Date): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const off = -date.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`
  );
}

export interface CellEditorProps {
  field: EditableField;
  /** The cell's current value. */
  value: string;
  /** Text typed to start editing: replaces the value. */
  typed: string | null;
  onCommit(value: string, move: { dRow: number; dCol: number } | null): void;
  onCancel(): void;
}

/** Keywords starting with what was typed (all of them for an empty box). */
export function changefreqOptions(text: string): string[] {
  const t = text.trim().toLowerCase();
  return CHANGEFREQS.filter((f) => f.startsWith(t));
}

const selOrder = (s: AppState) => s.settings.dateOrder;

/**
 * An in-cell editor fitted to the field: URL text, date with "Now", change frequency as a
 * combobox with type-ahead, priority. What is typed is read as the value meant (core
 * `readTyped`: `2024-1-5` → `2024-01-05`, `Weekly` → `weekly`, `0,8` → `0.8`); a date whose day
 * and month could be swapped asks the order once, in place.
 */
export function CellEditor({ field, value, typed, onCommit, onCancel }: CellEditorProps) {
  const [text, setText] = useState(typed ?? value);
  // Opened on a value (Enter, F2, double-click), the list shows every keyword with the current one
  // picked; it filters only once something is typed.
  const [filtering, setFiltering] = useState(typed !== null);
  const [pick, setPick] = useState(() =>
    typed === null ? (CHANGEFREQS as readonly string[]).indexOf(value.trim().toLowerCase()) : 0,
  );
  const [ask, setAsk] = useState(false);
  const order = useAppState(selOrder);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const combo = field === 'changefreq';
  const options = !combo ? [] : filtering ? changefreqOptions(text) : [...CHANGEFREQS];
  const picked = combo && pick >= 0 && pick < options.length ? options[pick] : null;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    if (typed === null) el.select();
  }, [typed]);

  const finish = (v: string, move: { dRow: number; dCol: number } | null, o = order) => {
    if (done.current) return;
    const read = readTyped(FIELDS[field].editor, v, o);
    if ('needs' in read) {
      setAsk(true);
      return;
    }
    done.current = true;
    onCommit(read.value, move);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    e.stopPropagation();
    if (combo && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const n = options.length;
      if (n > 0) setPick((p) => (e.key === 'ArrowDown' ? (p + 1) % n : (p <= 0 ? n : p) - 1));
      return;
    }
    const k = editorKeyAction(e);
    if (!k) return;
    e.preventDefault();
    if (k.type === 'cancel') {
      done.current = true;
      onCancel();
    } else finish(picked ?? text, { dRow: k.dRow, dCol: k.dCol });
  };
  const listId = `cf-options-${useId()}`;
  return (
    <div className="editor">
      <input
        ref={ref}
        type="text"
        aria-label={`Edit ${FIELDS[field].noun}`}
        value={text}
        onKeyDown={onKeyDown}
        onBlur={() => (ask ? undefined : finish(text, null))}
        className={field === 'loc' ? 'loc-input' : undefined}
        inputMode={field === 'priority' ? 'decimal' : field === 'loc' ? 'url' : undefined}
        placeholder={field === 'lastmod' ? 'YYYY-MM-DD or 2025-06-01T14:03+02:00' : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          setFiltering(true);
          setPick(e.target.value.trim() === '' ? -1 : 0);
          setAsk(false);
        }}
        {...(combo
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': options.length > 0,
              'aria-controls': listId,
              'aria-activedescendant': picked ? `${listId}-${picked}` : undefined,
            }
          : {})}
      />
      {field === 'lastmod' ? (
        <button
          type="button"
          className="btn small"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => finish(w3cNow(new Date()), null)}
        >
          Now
        </button>
      ) : null}
      {combo && options.length > 0 ? (
        <div className="editor-options" role="listbox" id={listId} aria-label="Change frequencies">
          {options.map((f) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys go through the combobox input (aria-activedescendant)
            <div
              key={f}
              id={`${listId}-${f}`}
              role="option"
              tabIndex={-1}
              aria-selected={f === picked}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => finish(f, null)}
            >
              {f}
            </div>
          ))}
        </div>
      ) : null}
      {combo && options.length === 0 && text.trim() !== '' ? (
        <p className="editor-note">Not a keyword: it will be flagged (CF-001).</p>
      ) : null}
      {ask ? (
        <fieldset className="editor-ask" aria-label="Day and month order">
          <span>{text.trim()} is:</span>
          <DateOrderChoice sample={text} keepFocus onPick={(o) => finish(text, null, o)} />
        </fieldset>
      ) : null}
    </div>
  );
}
