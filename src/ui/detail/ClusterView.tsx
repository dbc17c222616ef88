import { useDeferredValue, useMemo, useState } from 'react';
import type { Entry } from '../../core/model.ts';
import { type ClusterMember, hreflangCluster } from '../../state/hreflangCluster.ts';
import { indexOfId } from '../../state/patch.ts';
import type { AppState } from '../../state/types.ts';
import { plural } from '../format.ts';
import { useAppState, useCommands, useGetState } from '../useAppState.ts';

const selEntries = (s: AppState) => s.doc?.entries;

function shortUrl(loc: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+(.*)$/i.exec(loc);
  return m ? m[1] || '/' : loc;
}

type Link = 'self' | 'links' | 'missing' | 'none';

function linkState(from: ClusterMember, to: ClusterMember): Link {
  if (from.id === to.id) return 'self';
  if (from.links.has(to.loc)) return 'links';
  return to.links.has(from.loc) ? 'missing' : 'none';
}

const MARK: Record<Link, string> = { self: '—', links: '✓', missing: '✗', none: '·' };

/**
 * The hreflang cluster of the selected URL: which loaded pages point to which (a matrix), the
 * return links that are missing, hrefs not loaded here, and one button adding every missing
 * return link (one undo step).
 */
export function ClusterView({ entry }: { entry: Entry }) {
  const entries = useAppState(selEntries);
  const commands = useCommands();
  const getState = useGetState();
  const [result, setResult] = useState<string | null>(null);
  // Deferred: at 1,000,000 URLs a cluster walk costs ~0.1 s, which must not hold up typing.
  const deferred = useDeferredValue(entries);
  const cluster = useMemo(
    () => (deferred ? hreflangCluster(deferred, entry.id) : null),
    [deferred, entry.id],
  );
  if (!cluster) {
    return (
      <section className="dt-cluster" aria-label="hreflang cluster">
        <h3>hreflang cluster</h3>
        <p className="dt-empty">This URL takes part in no hreflang cluster.</p>
      </section>
    );
  }
  const { members, missing, notLoaded } = cluster;
  const label = (m: ClusterMember) => m.code || '?';
  const select = (id: number) => {
    const s = getState();
    const i = s.doc ? indexOfId(s.doc.entries, id) : -1;
    const row = i < 0 ? -1 : s.rowOrder.indexOf(i);
    if (row < 0) return;
    const col = s.selection.active?.col ?? 0;
    commands.setSelection({ active: { row, col }, ranges: [{ r0: row, r1: row, c0: col, c1: col }] });
  };
  const fix = () => {
    const n = commands.addMissingReturnLinks(entry.id);
    setResult(n > 0 ? `Added ${plural(n, 'return link')}. Ctrl+Z undoes it.` : 'No link could be added.');
  };
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
              <th key={m.id} scope="col" title={m.loc}>
                {label(m)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((from) => (
            <tr key={from.id} className={from.id === entry.id ? 'current' : undefined}>
              <th scope="row">
                <button type="button" className="dt-link" title={from.loc} onClick={() => select(from.id)}>
                  <span className="dt-code-chip">{label(from)}</span> {shortUrl(from.loc)}
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
                  <td key={to.id} className={`dt-mx ${s}`} title={text} aria-label={text}>
                    {MARK[s]}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="dt-legend">
        Rows link to columns. ✓ link present · <span className="missing">✗</span> return link missing
      </p>
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
          {result ?? (missing.length === 0 ? 'Every loaded page links back.' : '')}
        </span>
      </div>
    </section>
  );
}
