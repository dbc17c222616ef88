import { useDeferredValue, useMemo, useState } from 'react';
import type { Entry } from '../../core/model.ts';
import { type ClusterMember, hreflangCluster, hreflangClusterAcross } from '../../state/hreflangCluster.ts';
import { indexOfId } from '../../state/patch.ts';
import type { AppState } from '../../state/types.ts';
import type { WorkspaceState } from '../../state/workspaceStore.ts';
import { plural } from '../format.ts';
import { useAppState, useCommands, useGetState } from '../useAppState.ts';
import { useWorkspace, useWorkspaceStore } from '../workspace/workspaceContext.ts';

const selEntries = (s: AppState) => s.doc?.entries;
const selModel = (s: WorkspaceState) => s.model;
const selFiles = (s: WorkspaceState) => s.files;
const selActive = (s: WorkspaceState) => s.active;

function shortUrl(loc: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+(.*)$/i.exec(loc);
  return m ? m[1] || '/' : loc;
}

type Link = 'self' | 'links' | 'missing' | 'none';

function linkState(from: ClusterMember, to: ClusterMember): Link {
  if (from.key === to.key) return 'self';
  if (from.links.has(to.loc)) return 'links';
  return to.links.has(from.loc) ? 'missing' : 'none';
}

const MARK: Record<Link, string> = { self: '—', links: '✓', missing: '✗', none: '·' };

/**
 * The hreflang cluster of the selected URL: which loaded pages point to which (a matrix), the
 * return links that are missing, hrefs not loaded here, and one button adding every missing
 * return link (one undo step per edited file). In a workspace the cluster spans every open file.
 */
export function ClusterView({ entry }: { entry: Entry }) {
  const entries = useAppState(selEntries);
  const commands = useCommands();
  const getState = useGetState();
  const ws = useWorkspaceStore();
  const model = useWorkspace(selModel);
  const files = useWorkspace(selFiles);
  const active = useWorkspace(selActive);
  const [result, setResult] = useState<string | null>(null);
  // Deferred: at 1,000,000 URLs a cluster walk costs ~0.1 s, which must not hold up typing.
  const deferred = useDeferredValue(entries);
  const here = files.findIndex((f) => f.id === active);
  // In a workspace: every file's entries, the active one live (the model follows edits later).
  const docs = useMemo(
    () =>
      model !== null && here >= 0 && model.files.length === files.length
        ? model.files.map((f, k) => (k === here ? (deferred ?? []) : f.document.entries))
        : null,
    [model, files, here, deferred],
  );
  const cluster = useMemo(
    () =>
      docs
        ? hreflangClusterAcross(docs, here, entry.id)
        : deferred
          ? hreflangCluster(deferred, entry.id)
          : null,
    [docs, here, deferred, entry.id],
  );
  if (!cluster) {
    return (
      <section className="dt-cluster" aria-label="hreflang cluster">
        <h3>hreflang cluster</h3>
        <p className="dt-empty">This URL takes part in no hreflang cluster.</p>
      </section>
    );
  }
  const { members, missing, notLoaded, nearly } = cluster;
  const label = (m: ClusterMember) => m.code || '?';
  const select = (m: ClusterMember) => {
    if (docs && m.file !== here) {
      const slot = files[m.file];
      if (slot) ws.commands.reveal(slot.id, indexOfId(docs[m.file], m.id));
      return;
    }
    const id = m.id;
    const s = getState();
    const i = s.doc ? indexOfId(s.doc.entries, id) : -1;
    const row = i < 0 ? -1 : s.rowOrder.indexOf(i);
    if (row < 0) return;
    const col = s.selection.active?.col ?? 0;
    commands.setSelection({ active: { row, col }, ranges: [{ r0: row, r1: row, c0: col, c1: col }] });
  };
  const fix = () => {
    if (docs && files[here]) {
      const out = ws.commands.addMissingReturnLinks(files[here].id, entry.id);
      setResult(
        out.links > 0
          ? `Added ${plural(out.links, 'return link')} in ${out.files.join(', ')}. Ctrl+Z in ${out.files.length === 1 ? 'that file' : 'each file'} undoes it.`
          : 'No link could be added.',
      );
      return;
    }
    const n = commands.addMissingReturnLinks(entry.id);
    setResult(n > 0 ? `Added ${plural(n, 'return link')}. Ctrl+Z undoes it.` : 'No link could be added.');
  };
  const fileOf = (m: ClusterMember) => (docs && m.file !== here ? ` (${files[m.file]?.name ?? ''})` : '');
  return (
    <section className="dt-cluster" aria-label="hreflang cluster">
      <h3>
        hreflang cluster <span className="count">{plural(members.length, 'page')}</span>
      </h3>
      <table className="dt-matrix" aria-label="Who links to whom">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">Page</span>
            </th>
            {members.map((m) => (
              <th key={m.key} scope="col" title={m.loc}>
                {label(m)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((from) => (
            <tr
              key={from.key}
              className={
                from.id === entry.id && (docs === null || from.file === here) ? 'current' : undefined
              }
            >
              <th scope="row">
                <button type="button" className="dt-link" title={from.loc} onClick={() => select(from)}>
                  <span className="dt-code-chip">{label(from)}</span> {shortUrl(from.loc)}
                  {fileOf(from)}
                </button>
              </th>
              {members.map((to) => {
                const s = linkState(from, to);
                const text =
                  s === 'links'
                    ? `${label(from)} links to ${label(to)}`
                    : s === 'missing'
                      ? `${label(from)} is missing the return link to ${label(to)}`
                      : s === 'none'
                        ? `no link between ${label(from)} and ${label(to)}`
                        : 'same page';
                return (
                  <td key={to.key} className={`dt-mx ${s}`} title={text} aria-label={text}>
                    {MARK[s]}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="dt-legend">
        Rows link to columns: ✓ link present, <span className="missing">✗</span> return link missing,{' '}
        {MARK.none} no link either way.
      </p>
      {nearly.map((n) => (
        <p key={n.href} className="dt-note">
          Not listed as written: {n.href}. The sitemap lists {n.loc} ({n.why}): link to it exactly (HREF-007).
        </p>
      ))}
      {notLoaded.length ? (
        <p className="dt-note">
          Not loaded, cannot verify: {notLoaded.slice(0, 5).map(shortUrl).join(', ')}
          {notLoaded.length > 5 ? ` and ${notLoaded.length - 5} more` : ''}
        </p>
      ) : null}
      {cluster.truncated ? <p className="dt-note">Showing the first {members.length} pages.</p> : null}
      <div className="dt-cluster-actions">
        <button type="button" className="btn small primary" disabled={missing.length === 0} onClick={fix}>
          Add missing return links{missing.length ? ` (${missing.length})` : ''}
        </button>
        <span className="dt-note" role="status">
          {result ?? (missing.length === 0 && nearly.length === 0 ? 'Every loaded page links back.' : '')}
        </span>
      </div>
    </section>
  );
}
