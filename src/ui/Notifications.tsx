import { useEffect } from 'react';
import type { AppState } from '../state/types.ts';
import { useAppState, useCommands } from './useAppState.ts';

const selNotices = (s: AppState) => s.notices;
const AUTO_DISMISS_MS = 8000;

/** Non-blocking notices from the store, newest last; they fade on their own after a while. */
export function Notifications() {
  const notices = useAppState(selNotices);
  const commands = useCommands();
  useEffect(() => {
    if (notices.length === 0) return;
    const timers = notices
      .filter((n) => n.level !== 'error')
      .map((n) => setTimeout(() => commands.dismissNotice(n.id), AUTO_DISMISS_MS));
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [notices, commands]);
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {notices.map((n) => (
        <div key={n.id} className={`toast ${n.level}`}>
          <span>{n.message}</span>
          <button
            type="button"
            aria-label="Dismiss notification"
            onClick={() => commands.dismissNotice(n.id)}
          >
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
