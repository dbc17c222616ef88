import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { Workspace } from '../../core/workspace.ts';
import { EDITABLE_FIELDS, FIELDS } from '../../state/columns.ts';
import { workspaceCounts } from '../../state/workspaceCounts.ts';
import type { WorkspaceState } from '../../state/workspaceStore.ts';
import { fmtInt, plural } from '../format.ts';
import { useWorkspace, useWorkspaceStore } from './workspaceContext.ts';

const ROW_H = 32;
const COLUMNS = ['File', ...EDITABLE_FIELDS.map((f) => FIELDS[f].label)];
const selModel = (s: WorkspaceState) => s.model;
const selFiles = (s: WorkspaceState) => s.files;

/** Combined rows whose URL contains `needle` (case-insensitive); all rows when it is empty. */
function matchingRows(model: Workspace, needle: string): Int32Array | null {
  const q = needle.trim().toLowerCase();
  if (q === '') return null;
  const { fileIndex, entryIndex, length } = model.combined;
  const out = new Int32Array(length);
  let n = 0;
  for (let r = 0; r < length; r++) {
    const loc = model.files[fileIndex[r]].document.entries[entryIndex[r]].loc;
    if (loc.toLowerCase().includes(q)) out[n++] = r;
  }
  return out.subarray(0, n);
}

/**
 * All URLs of the workspace in one read-only table with a File column. Virtualized: only the
 * rows on screen are rendered, read straight from each file's document (nothing is copied).
 * Editing happens in the owning file: its name button opens that file with the row selected.
 */
export function CombinedView() {
  const ws = useWorkspaceStore();
  const model = useWorkspace(selModel);
  const files = useWorkspace(selFiles);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const rows = useMemo(() => (model ? matchingRows(model, deferred) : null), [model, deferred]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows ? rows.length : (model?.combined.length ?? 0);
  const virt = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 8,
  });
  if (!model) return null;
  const { fileIndex, entryIndex } = model.combined;
  return (
    <div className="ws-combined">
      <div className="ws-combined-bar">
        <input
          type="search"
          className="ws-search"
          placeholder="Search URLs in all files"
          aria-label="Search URLs in all files"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <span className="ws-combined-count" aria-live="polite">
          {rows
            ? `${fmtInt(rows.length)} of ${plural(model.combined.length, workspaceCounts(model).rowNoun)}`
            : plural(count, workspaceCounts(model).rowNoun)}{' '}
          in {plural(files.length, 'file')}
        </span>
        <span className="ws-hint">Read-only here: click a file name to edit that URL in its file.</span>
      </div>
      <div ref={scrollRef} className="ws-scroll">
        <table className="ws-table" aria-label="All workspace URLs" aria-rowcount={count + 1}>
          <thead>
            <tr className="ws-row ws-header" aria-rowindex={1}>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="ws-cell">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="ws-rows" style={{ height: virt.getTotalSize() }}>
            {virt.getVirtualItems().map((item) => {
              const r = rows ? rows[item.index] : item.index;
              const f = fileIndex[r];
              const e = entryIndex[r];
              const entry = model.files[f].document.entries[e];
              const slot = files[f];
              return (
                <tr
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  className="ws-row"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <td className="ws-cell file">
                    <button
                      type="button"
                      className="ws-link"
                      title={`Edit this URL in ${slot?.name}`}
                      onClick={() => slot && ws.commands.reveal(slot.id, e)}
                    >
                      {slot?.name}
                    </button>
                  </td>
                  <td className="ws-cell loc" title={entry.loc}>
                    {entry.loc}
                  </td>
                  <td className="ws-cell">{entry.lastmod ?? ''}</td>
                  <td className="ws-cell">{entry.changefreq ?? ''}</td>
                  <td className="ws-cell num">{entry.priority ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
