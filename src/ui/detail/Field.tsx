import type { Issue } from '../../core/model.ts';
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

/** An editable value with its own issues (message, rule id, fix) listed right under it. */
export function Field(p: FieldProps) {
  const own = p.own ?? issuesUnder(p.issues, p.path);
  const id = `dt-iss-${p.path.replace(/\./g, '-')}`;
  return (
    <div className="dt-field">
      <EditableText
        value={p.value}
        label={p.label}
        onCommit={p.onCommit}
        issues={own}
        describedBy={id}
        mono={p.mono ?? true}
        multiline={p.multiline}
        placeholder={p.placeholder}
      />
      <IssueList issues={own} id={id} compact />
    </div>
  );
}
