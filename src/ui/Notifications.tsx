import { useEffect } from 'react';
import type { AppState } from '../state/types.ts';
import type { WorkspaceState } from '../state/workspaceStore.ts';
import { useAppState, useCommands } from './useAppState.ts';
import { useWorkspace, useWorkspaceStore } from './workspace/workspaceContext.ts';

const selNotices = (s: AppState) => s.notices;
const selSessionNotices = (s: WorkspaceState) => s.notices;
const AUTO_DISMISS_MS = 8000;
/** Notices in view at once: the newest, and any error (it waits to be dismissed); older ones fade unseen. */
const MAX_SHOWN = 2;

interface Shown {
  key: string;
  level: string;
  message: string;
  dismiss(): void;
  /** The notice's own Undo (its step while it is the last one, or the setting it reports). */
  undo?: () => void;
}

/** Non-blocking notices (of the open file's store and of the workspace), newest last; all but errors fade after a while. */
export function Notifications() {
  const notices = useAppState(selNotices);
  const commands = useCommands();
  const ws = useWorkspaceStore();
  const session = useWorkspace(selSessionNotices);
  const list: Shown[] = [
    ...session.map((n) => ({
      key: `w${n.id}`,
      level: n.level,
      message: n.message,
      dismiss: () => ws.commands.dismissNotice(n.id),
    })),
    ...notices.map((n) => ({
      key: `s${n.id}`,
      level: n.level,
      message: n.message,
      dismiss: () => commands.dismissNotice(n.id),
      undo: n.undo ? () => commands.undoNotice(n.id) : undefined,
    })),
  ];
  const shown = list.filter((n, i) => n.level === 'error' || i >= list.length - MAX_SHOWN);
  useEffect(() => {
    const timers = [
      ...session.filter((n) => n.level !== 'error').map((n) => () => ws.commands.dismissNotice(n.id)),
      ...notices.filter((n) => n.level !== 'error').map((n) => () => commands.dismissNotice(n.id)),
    ].map((fn) => setTimeout(fn, AUTO_DISMISS_MS));
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [notices, commands, session, ws]);
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {shown.map((n) => (
        <div key={n.key} className={`toast ${n.level}`}>
          <span>{n.message}</span>
          {n.undo ? (
            <button type="button" className="toast-undo" onClick={n.undo}>
              Undo
            </button>
          ) : null}
          <button type="button" aria-label="Dismiss notification" onClick={n.dismiss}>
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
