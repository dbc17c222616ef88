import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** Longest wait for the first frame (a hidden tab gets no animation frames), ms. */
const FRAME_WAIT_MS = 250;

/**
 * Calls `then` in a task once the page has painted its next frame (an animation frame, then a
 * task), or after FRAME_WAIT_MS if no frame comes (a hidden tab). Returns a cancel function.
 *
 * @example useEffect(() => afterNextPaint(() => setShown(true)), []);
 */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    timer ??= setTimeout(then, 0);
  };
  const frame = requestAnimationFrame(go);
  const fallback = setTimeout(go, FRAME_WAIT_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}

/**
 * False on mount, true once the page has painted the commit that mounted the caller (an animation
 * frame, then a task), set in a transition: React renders what it gates in 5 ms slices, after
 * the frame. For parts that may appear a frame later than the rest of a big first render (the
 * side panel after an open, session 8: its render, style and layout no longer land in the task
 * and the frame that first show the rows).
 *
 * @example const ready = useAfterFirstPaint(); return ready ? <Charts /> : <Placeholder />;
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setReady(true))), []);
  return ready;
}

/** `children` once the page has painted the commit that mounted this, `fallback` before. */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useAfterFirstPaint() ? children : fallback;
}
