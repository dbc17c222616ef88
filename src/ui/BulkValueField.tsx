import type { EditableField } from '../state/columns.ts';
import { CHANGEFREQS, w3cNow } from './CellEditor.tsx';

/** Fields bulk edit can set or clear (every editable field but the URL). */
export type BulkField = Exclude<EditableField, 'loc'>;

/** The value input fitted to the field: a changefreq select, or text with "Now" for dates. */
export function BulkValueField({
  field,
  value,
  onChange,
}: {
  field: BulkField;
  value: string;
  onChange(v: string): void;
}) {
  if (field === 'changefreq') {
    return (
      <div className="field">
        <label htmlFor="bulk-value">Value</label>
        <select id="bulk-value" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose…</option>
          {CHANGEFREQS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor="bulk-value">Value</label>
      <span className="inline-fields">
        <input
          id="bulk-value"
          type="text"
          value={value}
          inputMode={field === 'priority' ? 'decimal' : undefined}
          placeholder={field === 'priority' ? '0.0 – 1.0' : 'YYYY-MM-DD or full W3C datetime'}
          onChange={(e) => onChange(e.target.value)}
        />
        {field === 'lastmod' ? (
          <button type="button" className="btn" onClick={() => onChange(w3cNow(new Date()))}>
            Now
          </button>
        ) : null}
      </span>
    </div>
  );
}
