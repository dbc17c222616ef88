import type { AppState } from '../state/types.ts';
import { plural } from './format.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selOffer = (s: AppState) => s.savedOffer;
const selRestored = (s: AppState) => s.restored;

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Saved work: either restored at start-up (with Discard) or offered while another file is open. */
export function RestoreBanner() {
  const offer = useAppState(selOffer);
  const restored = useAppState(selRestored);
  const commands = useCommands();
  const info = offer ?? restored;
  if (!info) return null;
  const what = `${info.fileName ?? 'Untitled sitemap'} (${plural(info.entries, 'URL')}, ${plural(info.undoSteps, 'undo step')})`;
  return (
    <section className="banner" aria-label="Saved work">
      {offer ? (
        <>
          <span>
            Saved work found: {what} from {when(info.savedAt)}.
          </span>
          <button type="button" className="btn small primary" onClick={() => commands.restoreSaved()}>
            Restore
          </button>
        </>
      ) : (
        <span>
          Restored {what} from {when(info.savedAt)}.
        </span>
      )}
      <button type="button" className="btn small" onClick={() => void commands.discardSaved()}>
        Discard saved work
      </button>
    </section>
  );
}
