import type { WorkspaceState } from '../state/workspaceStore.ts';
import { useOpen } from './openFiles.ts';
import { RecentList } from './RecentList.tsx';
import { useWorkspace } from './workspace/workspaceContext.ts';

const selHasRecent = (s: WorkspaceState) => s.recent.length > 0;

import { FILE_INPUT_ID } from './TopBar.tsx';

/** What the app shows before anything is open: an invitation, not a wall of options. */
export function EmptyState({ onPaste }: { onPaste(): void }) {
  const open = useOpen();
  const hasRecent = useWorkspace(selHasRecent);
  return (
    <section className="empty" aria-labelledby="empty-title">
      <div className="empty-card">
        <h2 id="empty-title">Open a sitemap to check, fix and export it</h2>
        <p>
          Drop a file anywhere on this window: <code>.xml</code>, <code>.txt</code>, <code>.xml.gz</code>, or
          a sitemap index. Or paste XML or a list of URLs.
        </p>
        <div className="empty-actions">
          <button
            type="button"
            className="btn primary large"
            onClick={() => document.getElementById(FILE_INPUT_ID)?.click()}
          >
            Choose a file…
          </button>
          <button type="button" className="btn large" onClick={onPaste}>
            Paste
          </button>
          <button type="button" className="btn large" onClick={() => void open.sample()}>
            Try a sample
          </button>
          <button type="button" className="btn large ghost" onClick={() => void open.blank()}>
            Start empty
          </button>
        </div>
        {hasRecent ? (
          <section className="empty-recent" aria-labelledby="empty-recent-title">
            <h3 id="empty-recent-title">Recent</h3>
            <RecentList />
          </section>
        ) : null}
        <p className="privacy">Nothing is uploaded: files are read and edited in your browser.</p>
      </div>
    </section>
  );
}
