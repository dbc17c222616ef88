import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Issue } from '../../core/model.ts';
import type { AppState } from '../../state/types.ts';
import { useGetState } from '../useAppState.ts';

/**
 * Identifies the open document across edits: edits keep the `source` object and the file name,
 * opening another file replaces them.
 */
const docKey = (s: AppState) => ({ fileName: s.fileName, source: s.doc?.source, kind: s.doc?.kind });
type DocKey = ReturnType<typeof docKey>;
const sameDocument = (a: DocKey, b: DocKey) =>
  a.fileName === b.fileName && a.source === b.source && a.kind === b.kind;

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
 * The commit target is fixed when editing starts: if the drawer switches to another row while a
 * field is being typed in (a click on the grid), the text still goes to the row it was typed for.
 */
export function EditableText(p: EditableTextProps) {
  const [draft, setDraftState] = useState<string | null>(null);
  // Mirrors `draft` for the unmount cleanup, which cannot read state.
  const pending = useRef<string | null>(null);
  const setDraft = (v: string | null) => {
    pending.current = v;
    setDraftState(v);
  };
  const getState = useGetState();
  const target = useRef({ value: p.value, commit: p.onCommit, doc: null as DocKey | null });
  const shown = draft ?? p.value;
  const list = p.issues ?? [];
  const severity = list.some((i) => i.severity === 'error')
    ? 'error'
    : list.some((i) => i.severity === 'warning')
      ? 'warning'
      : undefined;
  // A field removed while typed in (its row left the drawer) still saves what was typed.
  useEffect(
    () => () => {
      const v = pending.current;
      const t = target.current;
      if (v !== null && v !== t.value && t.doc && sameDocument(docKey(getState()), t.doc)) t.commit(v);
    },
    [getState],
  );
  const start = () => {
    target.current = { value: p.value, commit: p.onCommit, doc: docKey(getState()) };
    setDraft(p.value);
  };
  const finish = () => {
    if (draft !== null && draft !== target.current.value) {
      target.current.commit(draft);
      target.current = { ...target.current, value: draft };
    }
    setDraft(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !(p.multiline && e.shiftKey)) {
      e.preventDefault();
      finish();
    } else if (e.key === 'Escape' && draft !== null && draft !== target.current.value) {
      e.preventDefault();
      e.stopPropagation();
      setDraft(target.current.value);
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
    onFocus: start,
    onBlur: finish,
    onKeyDown,
  };
  return p.multiline ? (
    <textarea {...common} rows={2} onChange={(e) => setDraft(e.target.value)} />
  ) : (
    <input type="text" list={p.list} {...common} onChange={(e) => setDraft(e.target.value)} />
  );
}
