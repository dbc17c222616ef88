import { stepsText } from '../state/history.ts';
import type { WorkspaceState } from '../state/workspaceStore.ts';
import { Dialog } from './Dialog.tsx';
import { plural } from './format.ts';
import { useWorkspace, useWorkspaceStore } from './workspace/workspaceContext.ts';

const selAsk = (s: WorkspaceState) => s.ask;

function list(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= 4) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, 3).join(', ')} and ${plural(names.length - 3, 'more file')}`;
}

/**
 * Asked before anything replaces open work: Add to workspace (where that makes sense), Replace,
 * or Cancel, saying which files have edits that were not exported and where Replace puts them:
 * in Recent (reopen them from there), or nowhere (lost).
 */
export function OpenPrompt() {
  const ws = useWorkspaceStore();
  const ask = useWorkspace(selAsk);
  if (!ask) return null;
  const answer = (choice: 'add' | 'replace' | 'cancel') => void ws.commands.answer(choice);
  const lost = ask.lost.map((f) => `${f.name} (${stepsText(f) || 'edited'})`);
  return (
    <Dialog
      title={`Open ${list(ask.incoming)}?`}
      onClose={() => answer('cancel')}
      footer={
        <>
          <button type="button" className="btn" onClick={() => answer('cancel')}>
            Cancel
          </button>
          <span className="spacer" />
          {ask.canAdd ? (
            <button type="button" className="btn primary" onClick={() => answer('add')}>
              Add to workspace
            </button>
          ) : null}
          <button
            type="button"
            className={
              ask.lost.length > 0 && !ask.keptInRecent ? 'btn danger' : ask.canAdd ? 'btn' : 'btn primary'
            }
            onClick={() => answer('replace')}
          >
            Replace
          </button>
        </>
      }
    >
      <p>
        {list(ask.open)} {ask.open.length === 1 ? 'is' : 'are'} open.{' '}
        {ask.canAdd
          ? `Add the new ${ask.incoming.length === 1 ? 'file' : 'files'} to ${ask.open.length === 1 ? 'it' : 'them'} as one workspace, or replace ${ask.open.length === 1 ? 'it' : 'them'}?`
          : `Replace ${ask.open.length === 1 ? 'it' : 'them'}?`}
      </p>
      {ask.lost.length > 0 && ask.keptInRecent ? (
        <p className="callout info" role="alert">
          Edits not exported yet: {list(lost)}. Replacing keeps them in Recent: reopen{' '}
          {ask.open.length === 1 ? 'the file' : 'the workspace'} from there to go on.
        </p>
      ) : ask.lost.length > 0 ? (
        <p className="callout error" role="alert">
          Replacing loses edits that were not exported: {list(lost)}.
        </p>
      ) : (
        <p className="hint">Nothing is lost by replacing: no open file has edits that were not exported.</p>
      )}
    </Dialog>
  );
}
