import { Suspense, useState } from 'react';
import type { AppState } from '../state/types.ts';
import { fmtInt } from './format.ts';
import { IssuesPanel } from './IssuesPanel.tsx';
import { InsightsTab, type InsightsTabId, insightsTabLabel } from './insights/InsightsTabs.tsx';
import { preloadOn } from './lazyPart.tsx';
import { SettingsPanelPart } from './lazyParts.ts';
import { useAppState } from './useAppState.ts';

const selValidation = (s: AppState) => s.validation;
type Tab = 'issues' | InsightsTabId | 'settings';
const TABS: readonly Tab[] = ['issues', 'tree', 'charts', 'settings'];

/** The right-hand panel: issues and settings, as two tabs. */
export function SidePanel() {
  const [tab, setTab] = useState<Tab>('issues');
  const validation = useAppState(selValidation);
  const c = validation.validator.counts();
  // The badge counts what the status bar counts: errors and warnings; notes are named apart.
  const total = c.error + c.warning;
  const badgeTitle = `${fmtInt(c.error)} errors, ${fmtInt(c.warning)} warnings, ${fmtInt(c.info)} notes`;
  const tabProps = (t: Tab) => ({
    role: 'tab',
    id: `tab-${t}`,
    'aria-selected': tab === t,
    'aria-controls': `panel-${t}`,
    tabIndex: tab === t ? 0 : -1,
    onClick: () => setTab(t),
  });
  return (
    <aside className="side" aria-label="Issues and settings">
      <div
        className="side-tabs"
        role="tablist"
        onKeyDown={(e) => {
          const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (step) setTab(TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]);
        }}
      >
        <button type="button" {...tabProps('issues')}>
          Issues{' '}
          <span className="count" title={badgeTitle}>
            {fmtInt(total)}
          </span>
        </button>
        <button type="button" {...tabProps('tree')}>
          {insightsTabLabel.tree}
        </button>
        <button type="button" {...tabProps('charts')}>
          {insightsTabLabel.charts}
        </button>
        <button type="button" {...tabProps('settings')} {...preloadOn(SettingsPanelPart)}>
          Settings
        </button>
      </div>
      <div className="side-body" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'issues' ? (
          <IssuesPanel />
        ) : tab === 'settings' ? (
          <Suspense fallback={<p className="empty-note">Loading…</p>}>
            <SettingsPanelPart.Component />
          </Suspense>
        ) : (
          <InsightsTab tab={tab} />
        )}
      </div>
    </aside>
  );
}
