import { useDeferredValue } from 'react';
import type { WorkspaceState } from '../state/workspaceStore.ts';
import { fmtEntryCounts, fmtWhen, plural } from './format.ts';
import { useWorkspace, useWorkspaceStore } from './workspace/workspaceContext.ts';

const selRestored = (s: WorkspaceState) => s.restored;
const selOtherTab = (s: WorkspaceState) => s.otherTab;

function names(files: readonly string[]): string {
  if (files.length <= 1) return files[0] ?? 'Untitled sitemap';
  if (files.length <= 3) return `${files.slice(0, -1).join(', ')} and ${files.at(-1)}`;
  return `${files.slice(0, 2).join(', ')} and ${plural(files.length - 2, 'more file')}`;
}

/**
 * Saved work: what was restored at start-up (with Discard), or that another tab owns it (Take
 * over / Separate copy).
 */
export function RestoreBanner() {
  const ws = useWorkspaceStore();
  const restored = useWorkspace(selRestored);
  const otherTab = useWorkspace(selOtherTab);
  // The date in a render of its own, after the banner's: the first date a page formats loads the
  // locale's data (tens of ms of CPU on a loaded machine), which fell inside the restore's task.
  const savedAt = useDeferredValue(restored?.savedAt ?? null, null);
  if (otherTab === 'waiting')
    return (
      <section className="banner" aria-label="Saved work">
        <span>
          Another tab is editing your saved work. Editing here too would overwrite it: take it over (the other
          tab stops saving), or work on a separate copy that is not saved.
        </span>
        <button type="button" className="btn small primary" onClick={() => void ws.commands.takeOver()}>
          Take over here
        </button>
        <button type="button" className="btn small" onClick={() => ws.commands.separateCopy()}>
          Open a separate copy
        </button>
      </section>
    );
  if (otherTab === 'lost')
    return (
      <section className="banner" aria-label="Saved work">
        <span>Another tab took over the saved work. This tab no longer saves: export to keep its edits.</span>
      </section>
    );
  if (!restored) return null;
  const count = restored.files.length;
  const what = `${names(restored.files)} (${count > 1 ? `${plural(count, 'file')}, ` : ''}${fmtEntryCounts(restored)}, ${plural(restored.undoSteps, 'undo step')})`;
  return (
    <section className="banner" aria-label="Saved work">
      <span>
        Restored {what}
        {savedAt === null ? '' : ` from ${fmtWhen(savedAt)}`}.
      </span>
      <button type="button" className="btn small" onClick={() => void ws.commands.discardSaved()}>
        Discard saved work
      </button>
    </section>
  );
}
