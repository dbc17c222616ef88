import { useContext, useState } from 'react';
import { CRAWL_ACTIONS } from '../../state/crawlCommands.ts';
import type { AppState } from '../../state/types.ts';
import { fmtInt, plural } from '../format.ts';
import { useAppState, useCommands } from '../useAppState.ts';
import { WorkspaceContext } from '../workspace/workspaceContext.ts';
import { MissingPagesDialog } from './MissingPagesDialog.tsx';

const selValidation = (s: AppState) => s.validation;

/**
 * The CRAWL-006 card's action, the one its message names: "Add missing indexable pages (3)",
 * the count before it runs, one undo step (as on Charts ▸ Crawl audit). In a workspace the pages
 * go to several files: it opens the list, which says which file gets which first.
 */
export function AddMissingPages() {
  const commands = useCommands();
  const validator = useAppState(selValidation).validator;
  const ws = useContext(WorkspaceContext);
  const [listing, setListing] = useState(false);
  const n = validator.crawlJoin?.()?.missing ?? 0;
  const inWorkspace = ws !== null && ws.getState().model !== null;
  return (
    <>
      <button
        type="button"
        className="btn small"
        disabled={n === 0}
        title={n === 0 ? 'Nothing to do' : `One undo step adding ${plural(n, 'URL')}`}
        onClick={() => (inWorkspace ? setListing(true) : commands.runCrawlAction('add-missing'))}
      >
        {CRAWL_ACTIONS['add-missing'].label} ({fmtInt(n)})
      </button>
      {listing && <MissingPagesDialog onClose={() => setListing(false)} />}
    </>
  );
}
