import { type KeyboardEvent, useState } from 'react';
import type { Issue } from '../../core/model.ts';

export interface EditableTextProps {
  value: string;
  label: string;
  /** Called once per finished edit (blur or Enter) when the text changed. */
  onCommit(value: string): void;
  issues?: readonly Issue[];
  /** id of the element listing this field's issues (aria-describedby). */
  describedBy?: string;
  mono?: boolean;
  placeholder?: string;
  multiline?: boolean;
  list?: string;
}

/**
 * A text field that commits on blur or Enter (one undo step per finished edit, never per
 * keystroke); Escape restores the stored value. Marked aria-invalid when it has errors or warnings.
 */
export function EditableText(p: EditableTextProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? p.value;
  const list = p.issues ?? [];
  const severity = list.some((i) => i.severity === 'error')
    ? 'error'
    : list.some((i) => i.severity === 'warning')
      ? 'warning'
      : undefined;
  const finish = () => {
    if (draft !== null && draft !== p.value) p.onCommit(draft);
    setDraft(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !(p.multiline && e.shiftKey)) {
      e.preventDefault();
      finish();
    } else if (e.key === 'Escape' && draft !== null && draft !== p.value) {
      e.preventDefault();
      e.stopPropagation();
      setDraft(p.value);
    }
  };
  const common = {
    'aria-label': p.label,
    'aria-invalid': severity ? ('true' as const) : undefined,
    'data-severity': severity,
    'aria-describedby': p.issues?.length ? p.describedBy : undefined,
    className: `dt-input${p.mono ? ' mono' : ''}`,
    value: shown,
    placeholder: p.placeholder,
    spellCheck: false,
    onFocus: () => setDraft(p.value),
    onBlur: finish,
    onKeyDown,
  };
  return p.multiline ? (
    <textarea {...common} rows={2} onChange={(e) => setDraft(e.target.value)} />
  ) : (
    <input type="text" list={p.list} {...common} onChange={(e) => setDraft(e.target.value)} />
  );
}
