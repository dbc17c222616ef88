import { stepsText } from '../state/history.ts';
import type { RecentEntry } from '../state/recent.ts';
import type { WorkspaceState } from '../state/workspaceStore.ts';
import { fmtEntryCounts, fmtWhen, plural } from './format.ts';
import { usePopover } from './usePopover.ts';
import { useWorkspace, useWorkspaceStore } from './workspace/workspaceContext.ts';

const selRecent = (s: WorkspaceState) => s.recent;

/** What the session holds: its edits and settings changes (every undo step in lists saved before they were told apart). */
function work(e: RecentEntry): string {
  if (e.settings === undefined) return plural(e.edits, 'change');
  return stepsText({ edits: e.edits, settings: e.settings }) || 'no edits';
}

function title(e: RecentEntry): string {
  if (e.files.length <= 1) return e.files[0] ?? 'Untitled sitemap';
  return `${e.files[0]} and ${plural(e.files.length - 1, 'more file')}`;
}

/** Recent sessions (documents or workspaces with their edits), newest first, each a button that reopens it. */
export function RecentList({ onPick }: { onPick?(): void }) {
  const ws = useWorkspaceStore();
  const recent = useWorkspace(selRecent);
  if (recent.length === 0) return null;
  return (
    <ul className="recent-list" aria-label="Recent">
      {recent.map((e) => (
        <li key={e.id}>
          <button
            type="button"
            className="recent-item"
            title={e.files.join(', ')}
            onClick={() => {
              onPick?.();
              void ws.commands.openRecent(e.id);
            }}
          >
            <span className="recent-name">{title(e)}</span>
            <span className="recent-meta">
              {fmtEntryCounts({ urls: e.urls, sitemaps: e.sitemaps ?? 0 })} · {work(e)} · {fmtWhen(e.savedAt)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The top bar's Recent menu (shown once something is in Recent). */
export function RecentMenu() {
  const recent = useWorkspace(selRecent);
  const { open, setOpen, ref, closeOnEscape, triggerProps } = usePopover({ closeOnFocusOut: true });
  if (recent.length === 0) return null;
  return (
    <div className="menu" ref={ref}>
      <button className="btn ghost" {...triggerProps}>
        Recent <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the popover from inside it
        <div className="menu-popover recent-popover" onKeyDown={closeOnEscape}>
          <RecentList onPick={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
