import { workspaceCounts } from '../../state/workspaceCounts.ts';
import type { WorkspaceState } from '../../state/workspaceStore.ts';
import { plural } from '../format.ts';
import { useWorkspace } from './workspaceContext.ts';

const selModel = (s: WorkspaceState) => s.model;
const selCounts = (s: WorkspaceState) => s.counts;

/** The status bar of the All files view: the counts a file's status bar shows, summed over the workspace. */
export function AllFilesStatus() {
  const model = useWorkspace(selModel);
  const counts = useWorkspace(selCounts);
  const shown = workspaceCounts(model ?? null);
  let error = 0;
  let warning = 0;
  let info = 0;
  for (const c of counts) {
    error += c.error;
    warning += c.warning;
    info += c.info;
  }
  return (
    <footer className="statusbar">
      <div className="status-info" role="status" aria-label="Document status">
        <strong>{plural(shown.rows, shown.rowNoun)}</strong>
        <span>in {plural(model?.files.length ?? 0, 'file')}</span>
        <span className="errors">{plural(error, 'error')}</span>
        <span className="warnings">{plural(warning, 'warning')}</span>
        {info ? <span className="notes">{plural(info, 'note')}</span> : null}
      </div>
      <span className="status-note">Runs in your browser · nothing is uploaded</span>
    </footer>
  );
}
