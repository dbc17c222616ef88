/**
 * Parts of the UI that load on first use, so they stay out of the initial bundle. Buttons that
 * open one spread `preloadOn(Part)` so the chunk is usually there by the time they are clicked.
 */
import { loadFixes } from '../state/fixCode.ts';
import type { LoadError } from '../state/types.ts';
import type { GridProps } from './Grid.tsx';
import { lazyPart } from './lazyPart.tsx';

type OnClose = { onClose(): void };

/**
 * A part that shows fix buttons loads the rule fixes' code with its own (state/fixCode.ts): a
 * fix is never on screen before its command can run.
 */
const withFixes = <C>(load: Promise<C>): Promise<C> => Promise.all([load, loadFixes()]).then(([c]) => c);

/**
 * The table: not needed for the empty state; preloaded once the page is idle or a file opens.
 * Its cell tips show a finding's fix.
 */
export const GridPart = lazyPart<GridProps>(() => withFixes(import('./Grid.tsx').then((m) => m.Grid)));

/** The editing toolbar and the issues/insights side panel: shown only with a document open. */
export const ToolbarPart = lazyPart<{ onBulkEdit(): void; onFindReplace(): void }>(() =>
  import('./Toolbar.tsx').then((m) => m.Toolbar),
);
/** The issues panel: Fix and Fix all. */
export const SidePanelPart = lazyPart<Record<string, never>>(() =>
  withFixes(import('./SidePanel.tsx').then((m) => m.SidePanel)),
);

export const ExportDialogPart = lazyPart<OnClose>(() =>
  import('./ExportDialog.tsx').then((m) => m.ExportDialog),
);
export const PasteDialogPart = lazyPart<OnClose>(() =>
  import('./PasteDialog.tsx').then((m) => m.PasteDialog),
);
export const BulkEditDialogPart = lazyPart<OnClose>(() =>
  import('./BulkEditDialog.tsx').then((m) => m.BulkEditDialog),
);
export const FindReplaceDialogPart = lazyPart<OnClose>(() =>
  import('./FindReplaceDialog.tsx').then((m) => m.FindReplaceDialog),
);
export const SettingsPanelPart = lazyPart<Record<string, never>>(() =>
  import('./SettingsPanel.tsx').then((m) => m.SettingsPanel),
);
/** The row drawer: each field's findings with their fixes, the hreflang cluster's return links. */
export const DetailPanelPart = lazyPart<Record<string, never>>(() =>
  withFixes(import('./detail/DetailPanel.tsx').then((m) => m.DetailPanel)),
);
export const WorkspacePanelPart = lazyPart<{ onExport(): void }>(() =>
  import('./workspace/WorkspacePanel.tsx').then((m) => m.WorkspacePanel),
);
export const CombinedViewPart = lazyPart<Record<string, never>>(() =>
  import('./workspace/CombinedView.tsx').then((m) => m.CombinedView),
);
export const WorkspaceExportDialogPart = lazyPart<OnClose>(() =>
  import('./workspace/WorkspaceExportDialog.tsx').then((m) => m.WorkspaceExportDialog),
);

/** What a file that could not be read shows instead of the table: preloaded with the table. */
export const LoadErrorPart = lazyPart<{ error: LoadError }>(() =>
  import('./LoadErrorView.tsx').then((m) => m.LoadErrorView),
);

/** The question asked before anything replaces open work (open, drop, paste over a document). */
export const OpenPromptPart = lazyPart<Record<string, never>>(() =>
  import('./OpenPrompt.tsx').then((m) => m.OpenPrompt),
);
