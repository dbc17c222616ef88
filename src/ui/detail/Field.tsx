import { useState } from 'react';
import type { Issue } from '../../core/model.ts';
import type { DayMonthOrder } from '../../core/w3cDate.ts';
import { readTyped } from '../../state/columns.ts';
import type { AppState } from '../../state/types.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { EditableText } from './EditableText.tsx';
import { issuesUnder } from './fieldIssues.ts';
import { IssueList } from './IssueList.tsx';

export interface FieldProps {
  /** Issue field path of the value, e.g. `images.0.loc`. */
  path: string;
  /** All issues of the entry; the field shows those under `path` unless `own` is given. */
  issues: readonly Issue[];
  own?: readonly Issue[];
  label: string;
  value: string;
  onCommit(v: string): void;
  mono?: boolean;
  multiline?: boolean;
  placeholder?: string;
}

const selOrder = (s: AppState) => s.settings.dateOrder;
const DATE_FIELD = /(^|\.)(lastmod|publication_date|expiration_date)(\.\d+)?$/;

/**
 * An editable value with its own issues (message, rule id, fix) listed right under it. Date
 * fields read what is typed like the grid does (`2024-1-5` → `2024-01-05`, the day/month order
 * asked once).
 */
export function Field(p: FieldProps) {
  const own = p.own ?? issuesUnder(p.issues, p.path);
  const id = `dt-iss-${p.path.replace(/\./g, '-')}`;
  const order = useAppState(selOrder);
  const commands = useCommands();
  const [pending, setPending] = useState<string | null>(null);
  const isDate = DATE_FIELD.test(p.path);
  const commit = (v: string, o: DayMonthOrder | undefined = order) => {
    if (!isDate) return p.onCommit(v);
    const read = readTyped('date', v, o);
    if ('needs' in read) return setPending(v);
    setPending(null);
    p.onCommit(read.value);
  };
  return (
    <div className="dt-field">
      <EditableText
        value={p.value}
        label={p.label}
        onCommit={(v) => commit(v)}
        issues={own}
        describedBy={id}
        mono={p.mono ?? true}
        multiline={p.multiline}
        placeholder={p.placeholder}
      />
      {pending !== null ? (
        <fieldset className="fix-input" aria-label="Day and month order">
          <legend>{pending} is:</legend>
          {(['dmy', 'mdy'] as const).map((o) => (
            <button
              key={o}
              type="button"
              className="btn small"
              onClick={() => {
                commands.setSettings({ dateOrder: o });
                commit(pending, o);
              }}
            >
              {o === 'dmy' ? 'Day/month' : 'Month/day'}
            </button>
          ))}
        </fieldset>
      ) : null}
      <IssueList issues={own} id={id} compact />
    </div>
  );
}
