import { useEffect, useState } from 'react';
import type { Task } from '../state/types.ts';

/** Long work shows its progress only after this long, so quick work never flashes a bar. */
export const TASK_BAR_DELAY_MS = 200;

/** Whole percent of a task's progress, or null when the progress is unknown. */
export function taskPercent(task: Task): number | null {
  return task.progress === null ? null : Math.round(task.progress * 100);
}

/**
 * `value` once it has stayed non-null for `delayMs`; null before that and as soon as it is null
 * again. Progress updates of a running task (new objects) do not restart the delay.
 */
export function useShownAfter<T>(value: T | null, delayMs = TASK_BAR_DELAY_MS): T | null {
  const active = value !== null;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(t);
  }, [active, delayMs]);
  return shown ? value : null;
}

export interface TaskProgressProps {
  task: Task;
  /** Stops the work; without it no Cancel is shown (e.g. a dialog whose own Cancel stops it). */
  onCancel?(): void;
  /** 'bar': one line (status bar, dialog footer); 'view': centred, larger. */
  variant?: 'bar' | 'view';
}

/** What is happening, how far along (a progress bar, or a moving one when unknown) and Cancel. */
export function TaskProgress({ task, onCancel, variant = 'bar' }: TaskProgressProps) {
  const pct = taskPercent(task);
  return (
    <div className={`task-progress ${variant}`}>
      <span className="task-label">
        {task.label}…{pct === null ? '' : <span className="num"> {pct}%</span>}
      </span>
      <div
        className={pct === null ? 'progress indeterminate' : 'progress'}
        role="progressbar"
        aria-label={task.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
      >
        <div style={pct === null ? undefined : { transform: `scaleX(${Math.max(2, pct) / 100})` }} />
      </div>
      {task.cancellable && onCancel ? (
        <button type="button" className="btn small" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
