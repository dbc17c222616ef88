import { type KeyboardEvent, useRef, useState } from 'react';
import type { Entry, Issue } from '../../core/model.ts';
import { indexOfId } from '../../state/patch.ts';
import type { AppState, Selection } from '../../state/types.ts';
import { fmtInt } from '../format.ts';
import { useAppState } from '../useAppState.ts';
import { AlternatesTable } from './AlternatesTable.tsx';
import { ClusterView } from './ClusterView.tsx';
import { ExtrasList } from './ExtrasList.tsx';
import { issuesUnder, worst } from './fieldIssues.ts';
import { ImagesTable } from './ImagesTable.tsx';
import { NewsSection } from './NewsSection.tsx';
import { VideosSection } from './VideosSection.tsx';
import './detail.css';

type Tab = 'images' | 'videos' | 'news' | 'alternates' | 'extras';
const TABS: ReadonlyArray<{ tab: Tab; label: string }> = [
  { tab: 'images', label: 'Images' },
  { tab: 'videos', label: 'Videos' },
  { tab: 'news', label: 'News' },
  { tab: 'alternates', label: 'hreflang' },
  { tab: 'extras', label: 'Other XML' },
];

const selDoc = (s: AppState) => s.doc;
const selOrder = (s: AppState) => s.rowOrder;
const selSelection = (s: AppState) => s.selection;
const selValidation = (s: AppState) => s.validation;
const selKind = (s: AppState) => s.doc?.kind;
const NONE: readonly Issue[] = [];

function countOf(e: Entry, tab: Tab): number {
  return tab === 'extras' ? (e.extras?.length ?? 0) : (e[tab]?.length ?? 0);
}

/**
 * Follows the grid's active row, but keeps showing the same entry while the selection object is
 * unchanged: an edit that re-sorts the view must not swap the entry under the user's cursor.
 */
function usePinnedEntry(): { entry: Entry; row: number } | null {
  const doc = useAppState(selDoc);
  const order = useAppState(selOrder);
  const selection = useAppState(selSelection);
  const pin = useRef<{ sel: Selection; id: number } | null>(null);
  const active = selection.active;
  if (!doc || !active || active.row >= order.length) return null;
  if (pin.current?.sel !== selection) pin.current = { sel: selection, id: doc.entries[order[active.row]].id };
  const i = indexOfId(doc.entries, pin.current.id);
  const entry = i >= 0 ? doc.entries[i] : doc.entries[order[active.row]];
  return { entry, row: active.row };
}

/**
 * The detail drawer under the grid: the selected row's images, videos, news, hreflang alternates
 * (with the cluster view) and other extension XML, each editable with inline issues and fixes.
 * Close collapses it to a one-line bar; Escape (outside a changed field) closes it too. It starts
 * as that bar and opens by itself at the first row that has something to show.
 */
export function DetailPanel() {
  const pinned = usePinnedEntry();
  const validation = useAppState(selValidation);
  // The user's open / close, once made, holds; until then the drawer opens at the first row with
  // images, videos, news, hreflang or other XML and stays open. A row without any shows the
  // one-line bar, so a plain sitemap's grid keeps its height (and does not jump between rows).
  const [choice, setChoice] = useState<boolean | null>(null);
  const [sawData, setSawData] = useState(false);
  const [chosen, setChosen] = useState<Tab | null>(null);
  const kind = useAppState(selKind);
  if (!pinned) return null;
  const { entry, row } = pinned;
  const hasData = TABS.some((t) => countOf(entry, t.tab) > 0);
  // Index, text, feed and robots rows cannot carry extensions: no drawer unless data came along.
  if (kind !== 'urlset' && !hasData) return null;
  if (hasData && !sawData) setSawData(true);
  const open = choice ?? (sawData || hasData);
  const setOpen = setChoice;
  const issues = validation.validator.issuesOf(entry.id) ?? NONE;
  const tab = chosen ?? TABS.find((t) => countOf(entry, t.tab) > 0)?.tab ?? 'images';
  const head = (
    <div className="dt-head-text">
      <h2 className="dt-title">Details</h2>
      <span className="dt-row num">Row {fmtInt(row + 1)}</span>
      <span className="dt-loc" title={entry.loc}>
        {entry.loc || '(no URL)'}
      </span>
    </div>
  );
  if (!open) {
    return (
      <section className="dt-drawer closed" aria-label="Row details">
        <div className="dt-head">
          {head}
          <button type="button" className="btn small" onClick={() => setOpen(true)}>
            Show details
          </button>
        </div>
      </section>
    );
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const moveTab = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = TABS.findIndex((t) => t.tab === tab);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length].tab;
    setChosen(next);
    document.getElementById(`dt-tab-${next}`)?.focus();
  };
  return (
    <section className="dt-drawer" aria-label="Row details" onKeyDown={onKeyDown}>
      <div className="dt-head">
        {head}
        <div className="dt-tabs" role="tablist" aria-label="Row details sections" onKeyDown={moveTab}>
          {TABS.map((t) => {
            const n = countOf(entry, t.tab);
            const sev = worst(issuesUnder(issues, t.tab));
            return (
              <button
                key={t.tab}
                type="button"
                role="tab"
                id={`dt-tab-${t.tab}`}
                aria-selected={tab === t.tab}
                aria-controls="dt-tabpanel"
                tabIndex={tab === t.tab ? 0 : -1}
                className={n === 0 ? 'empty' : undefined}
                onClick={() => setChosen(t.tab)}
              >
                {t.label} <span className="count">{n}</span>
                {sev ? <span className={`sev ${sev}`} role="img" aria-label={`has ${sev}s`} /> : null}
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className="btn small ghost icon"
          aria-label="Close details"
          title="Close (Esc)"
          onClick={() => setOpen(false)}
        >
          ×
        </button>
      </div>
      <div className="dt-body" role="tabpanel" id="dt-tabpanel" aria-labelledby={`dt-tab-${tab}`}>
        {tab === 'images' ? <ImagesTable entry={entry} issues={issues} /> : null}
        {tab === 'videos' ? <VideosSection entry={entry} issues={issues} /> : null}
        {tab === 'news' ? <NewsSection entry={entry} issues={issues} /> : null}
        {tab === 'alternates' ? (
          <div className="dt-split">
            <AlternatesTable entry={entry} issues={issues} />
            <ClusterView entry={entry} />
          </div>
        ) : null}
        {tab === 'extras' ? <ExtrasList entry={entry} issues={issues} /> : null}
      </div>
    </section>
  );
}
