import { lazy, Suspense } from 'react';
import './insights.css';

/** Side-panel tabs this folder provides. */
export type InsightsTabId = 'tree' | 'charts';

/** Tab titles. */
export const insightsTabLabel: Record<InsightsTabId, string> = { tree: 'Tree', charts: 'Charts' };

// Loaded on first use, so neither is in the initial bundle.
const TreePanel = lazy(() => import('./TreePanel.tsx').then((m) => ({ default: m.TreePanel })));
const ChartsPanel = lazy(() => import('./ChartsPanel.tsx').then((m) => ({ default: m.ChartsPanel })));

/** The body of an insights tab, loaded on demand. */
export function InsightsTab({ tab }: { tab: InsightsTabId }) {
  return (
    <Suspense fallback={<p className="empty-note">Loading…</p>}>
      {tab === 'tree' ? <TreePanel /> : <ChartsPanel />}
    </Suspense>
  );
}
