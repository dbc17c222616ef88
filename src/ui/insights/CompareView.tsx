import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DiffField, DiffRow } from '../../core/compare.ts';
import type { Entry } from '../../core/model.ts';
import {
  CHANGE_LABEL,
  COMPARE_FILTERS,
  type CompareFilter,
  type CompareSession,
  compareCsv,
  countOf,
  DIFF_FIELDS,
  parseCompareFile,
  rowsOf,
  startCompare,
  summarizeField,
} from '../../state/insightsCompare.ts';
import type { AppState } from '../../state/types.ts';
import { useModal } from '../Dialog.tsx';
import { downloadBytes } from '../download.ts';
import { fmtInt, plural } from '../format.ts';
import { useAppState } from '../useAppState.ts';
import './insights.css';

const ROW_H = 52;
const selDoc = (s: AppState) => s.doc;
const selFileName = (s: AppState) => s.fileName;

type Load = { state: 'reading' } | { state: 'error'; message: string } | { state: 'ready'; other: Entry[] };

/** Parse the other file once (in the sitemap worker). */
function useOtherFile(file: { name: string; bytes: Uint8Array }): Load {
  const [load, setLoad] = useState<Load>({ state: 'reading' });
  useEffect(() => {
    const ctrl = new AbortController();
    // The client takes ownership of the bytes it is given: hand it a copy.
    parseCompareFile(file.name, file.bytes.slice(), undefined, ctrl.signal).then(
      (doc) => setLoad({ state: 'ready', other: doc.entries }),
      (e: Error) => {
        if (e.name !== 'AbortError') setLoad({ state: 'error', message: e.message });
      },
    );
    return () => ctrl.abort();
  }, [file]);
  return load;
}

function fieldText(e: Entry | undefined, f: DiffField): string {
  if (!e) return '';
  return summarizeField(e, f) || '(none)';
}

function rowDetail(row: DiffRow, session: CompareSession): string {
  if (row.change === 'added') return `Only in ${session.after.name}`;
  if (row.change === 'removed') return `Only in ${session.before.name}`;
  const parts: string[] = [];
  if (row.before && row.after && row.before.loc !== row.after.loc) parts.push(`→ ${row.after.loc}`);
  for (const f of row.fields) parts.push(`${f}: ${fieldText(row.before, f)} → ${fieldText(row.after, f)}`);
  return parts.join(' · ');
}

function DiffList({ rows, session }: { rows: readonly DiffRow[]; session: CompareSession }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virt = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 8,
  });
  if (rows.length === 0) return <p className="empty-note">No differences in this category.</p>;
  return (
    <div ref={scrollRef} className="diff-scroll">
      <ul className="diff-list" aria-label="Differences" style={{ height: virt.getTotalSize() }}>
        {virt.getVirtualItems().map((item) => {
          const row = rows[item.index];
          const loc = (row.before ?? row.after)!.loc;
          return (
            <li key={item.index} className="diff-row" style={{ transform: `translateY(${item.start}px)` }}>
              <span className={`diff-kind ${row.change}`}>{CHANGE_LABEL[row.change]}</span>
              <span className="diff-url" title={loc}>
                {loc}
              </span>
              <span className="diff-detail">{rowDetail(row, session)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Categories({
  session,
  filter,
  onFilter,
}: {
  session: CompareSession;
  filter: CompareFilter;
  onFilter(f: CompareFilter): void;
}) {
  return (
    <fieldset className="diff-cats">
      <legend className="visually-hidden">Show</legend>
      {COMPARE_FILTERS.map((f) => {
        const n = countOf(session.diff, f);
        return (
          <button
            key={f}
            type="button"
            className={filter === f ? `diff-cat ${f} on` : `diff-cat ${f}`}
            aria-pressed={filter === f}
            disabled={n === 0 && f !== 'all'}
            onClick={() => onFilter(f)}
          >
            {CHANGE_LABEL[f]} <span className="num">{fmtInt(n)}</span>
          </button>
        );
      })}
    </fieldset>
  );
}

function FieldSummary({ session }: { session: CompareSession }) {
  const changed = DIFF_FIELDS.filter((f) => session.diff.fieldCounts[f] > 0);
  if (changed.length === 0) return null;
  return (
    <p className="diff-fields">
      Fields changed:{' '}
      {changed.map((f, i) => (
        <span key={f}>
          {i > 0 ? ', ' : ''}
          {f} <span className="num">{fmtInt(session.diff.fieldCounts[f])}</span>
        </span>
      ))}
    </p>
  );
}

function Summary({ session }: { session: CompareSession }) {
  return (
    <p className="diff-summary">
      <strong>{session.before.name}</strong> ({plural(session.before.count, 'URL')}) compared with{' '}
      <strong>{session.after.name}</strong> ({plural(session.after.count, 'URL')}):{' '}
      {plural(session.diff.rows.length, 'difference')}, {fmtInt(session.diff.counts.unchanged)} unchanged.
    </p>
  );
}

/** The comparison of the open document with another sitemap, over the editor. */
export function CompareView({
  file,
  onClose,
}: {
  file: { name: string; bytes: Uint8Array };
  onClose(): void;
}) {
  const doc = useAppState(selDoc);
  const fileName = useAppState(selFileName) ?? 'Open document';
  const load = useOtherFile(file);
  const [swapped, setSwapped] = useState(false);
  const [filter, setFilter] = useState<CompareFilter>('all');
  const { ref, titleId } = useModal();
  const session = useMemo(() => {
    if (load.state !== 'ready' || !doc) return null;
    const open = { name: fileName, entries: doc.entries };
    const other = { name: file.name, entries: load.other };
    return swapped ? startCompare(other, open) : startCompare(open, other);
  }, [load, doc, fileName, file.name, swapped]);
  const rows = useMemo(() => (session ? rowsOf(session.diff, filter) : []), [session, filter]);
  const exportCsv = () => {
    if (!session) return;
    const csv = compareCsv(session, filter);
    downloadBytes(csv.name, 'text/csv;charset=utf-8', new TextEncoder().encode(csv.text));
  };
  return (
    <dialog
      ref={ref}
      className="dlg compare-dlg"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dlg-head">
        <h2 id={titleId}>Compare with {file.name}</h2>
        <button type="button" className="btn ghost small" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </div>
      <div className="dlg-body compare-body">
        {load.state === 'reading' ? <p className="empty-note">Reading {file.name}…</p> : null}
        {load.state === 'error' ? (
          <p className="empty-note" role="alert">
            {load.message}
          </p>
        ) : null}
        {session ? (
          <>
            <Summary session={session} />
            <Categories session={session} filter={filter} onFilter={setFilter} />
            <FieldSummary session={session} />
            <DiffList rows={rows} session={session} />
          </>
        ) : null}
      </div>
      <div className="dlg-foot">
        {session ? (
          <button type="button" className="btn ghost" onClick={() => setSwapped(!swapped)}>
            Swap sides
          </button>
        ) : null}
        <span className="spacer" />
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={!session || rows.length === 0}
          onClick={exportCsv}
        >
          Export differences as CSV
        </button>
      </div>
    </dialog>
  );
}
