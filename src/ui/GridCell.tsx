import { memo } from 'react';
import type { Entry, Issue, Severity } from '../core/model.ts';
import { type ColumnId, cellText, isEditableField, showInvisible } from '../state/columns.ts';
import { severityRank } from '../state/validation.ts';

export interface GridCellProps {
  entry: Entry;
  column: ColumnId;
  /** 0-based view row. */
  row: number;
  /** 0-based visible column index. */
  col: number;
  selected: boolean;
  active: boolean;
  /** All issues of the entry (the cell picks the ones on its field). */
  issues: readonly Issue[];
  worst: Severity | undefined;
  /** id of the element describing the active cell's problems. */
  describedBy?: string;
  /** Text of a cell whose value is not in the entry (the crawl columns). */
  text?: string;
}

/** Issues whose field path starts with the column id (`images.0.loc` belongs to `images`). */
export function issuesForColumn(issues: readonly Issue[], column: ColumnId): Issue[] {
  if (column === 'issues' || column === 'row') return [];
  return issues.filter(
    (i) => i.field !== undefined && (i.field === column || i.field.startsWith(`${column}.`)),
  );
}

/** The most severe issue first. */
export function worstFirst(issues: readonly Issue[]): Issue[] {
  return issues.slice().sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
}

/** The issues column of a row: its worst severity and up to three rule ids (`+n` more), or null. */
export function issuesSummary(issues: readonly Issue[]): { severity: Severity; text: string } | null {
  if (issues.length === 0) return null;
  const top = worstFirst(issues)[0];
  const rules = [...new Set(issues.map((i) => i.rule))];
  return {
    severity: top.severity,
    text: rules.slice(0, 3).join(', ') + (rules.length > 3 ? ` +${rules.length - 3}` : ''),
  };
}

function IssuesSummary({ issues }: { issues: readonly Issue[] }) {
  const summary = issuesSummary(issues);
  if (!summary) return null;
  return (
    <span className="cell-text">
      <span className={`sev ${summary.severity}`} /> {summary.text}
    </span>
  );
}

function content(entry: Entry, column: ColumnId, row: number, props: GridCellProps) {
  if (column === 'row') {
    return (
      <>
        {props.worst ? <span className={`sev ${props.worst}`} title={props.worst} /> : null}
        <span className="num">{row + 1}</span>
      </>
    );
  }
  if (column === 'issues') return <IssuesSummary issues={props.issues} />;
  const text = props.text ?? cellText(entry, column);
  if (column === 'images' || column === 'videos' || column === 'news' || column === 'alternates') {
    return text ? <span className="badge">{text}</span> : null;
  }
  // URL, lastmod, changefreq, priority: block cells (styles.css) hold their text directly, one
  // text node per cell for the layout of every row that scrolls in.
  const shown = showInvisible(text);
  if (shown === null) return text;
  // Bidi controls and zero-width characters would hide or reorder what the cell shows.
  return shown.map((part, i) =>
    part.escape ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
      <span key={i} className="invisible-char" title="Invisible character (LOC-003)">
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}

const NO_ISSUES: readonly Issue[] = [];

/** One grid cell. Pure display: events are handled by the grid through delegation. */
export const GridCell = memo(function GridCell(props: GridCellProps) {
  const { entry, column, row, col, selected, active } = props;
  // Most rows have no issues: no filtering, sorting or strings built for them.
  const own = props.issues.length ? issuesForColumn(props.issues, column) : NO_ISSUES;
  const worst = own.length ? worstFirst(own)[0] : undefined;
  const invalid = worst?.severity === 'error';
  let className = `cell ${column}`;
  if (selected) className += ' selected';
  if (active) className += ' active';
  if (worst?.severity === 'warning') className += ' warn-cell';
  if (isEditableField(column) && cellText(entry, column) === '') className += ' empty-value';
  const title = own.length ? own.map((i) => `${i.rule}: ${i.message}`).join('\n') : undefined;
  const Tag = column === 'row' ? 'th' : 'td';
  return (
    <Tag
      scope={column === 'row' ? 'row' : undefined}
      role={column === 'row' ? undefined : 'gridcell'}
      aria-colindex={col + 1}
      aria-selected={selected}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={active && own.length ? props.describedBy : undefined}
      tabIndex={active ? 0 : -1}
      className={className}
      data-col={col}
      title={title}
    >
      {content(entry, column, row, props)}
    </Tag>
  );
});
