import { useEffect, useRef, useState } from 'react';
import { CHANGEFREQS, type EditableField } from '../state/columns.ts';
import { editorKeyAction } from './keyboard.ts';

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

const LABEL: Record<EditableField, string> = {
  loc: 'Edit URL',
  lastmod: 'Edit last modified',
  changefreq: 'Edit change frequency',
  priority: 'Edit priority',
};

/** An in-cell editor fitted to the field: URL text, W3C date with "Now", changefreq select, priority. */
export function CellEditor({ field, value, typed, onCommit, onCancel }: CellEditorProps) {
  const [text, setText] = useState(typed ?? value);
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const done = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    if (el instanceof HTMLInputElement && typed === null) el.select();
  }, [typed]);

  const finish = (v: string, move: { dRow: number; dCol: number } | null) => {
    if (done.current) return;
    done.current = true;
    onCommit(v, move);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    e.stopPropagation();
    const k = editorKeyAction(e);
    if (!k) return;
    e.preventDefault();
    if (k.type === 'cancel') {
      done.current = true;
      onCancel();
    } else finish(text, { dRow: k.dRow, dCol: k.dCol });
  };
  const common = {
    'aria-label': LABEL[field],
    value: text,
    onKeyDown,
    onBlur: () => finish(text, null),
  };

  if (field === 'changefreq') {
    const options = CHANGEFREQS.includes(text as (typeof CHANGEFREQS)[number]) || text === '' ? [] : [text];
    return (
      <div className="editor">
        <select {...common} ref={ref} onChange={(e) => setText(e.target.value)}>
          <option value="">(none)</option>
          {[...options, ...CHANGEFREQS].map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="editor">
      <input
        {...common}
        ref={ref}
        type="text"
        className={field === 'loc' ? 'loc-input' : undefined}
        inputMode={field === 'priority' ? 'decimal' : field === 'loc' ? 'url' : undefined}
        placeholder={field === 'lastmod' ? 'YYYY-MM-DD or 2025-06-01T14:03+02:00' : undefined}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
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
    </div>
  );
}
