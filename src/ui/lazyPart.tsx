import { type ComponentType, type JSX, use } from 'react';

/** A component whose code loads on first use, plus a way to start loading it earlier. */
export interface LazyPart<P> {
  /** Renders the part; suspends (nearest `<Suspense>`) only until its chunk has loaded. */
  Component: (props: P) => JSX.Element;
  /** Start loading the chunk (hover or focus of the button that opens it); safe to call often. */
  preload(): Promise<unknown>;
}

/**
 * Wrap a dynamically imported component. Unlike `React.lazy`, a part whose chunk is already
 * loaded renders in the same pass (no fallback frame), so preloading on hover makes the first
 * open as quick as a static import. A failed load (offline before the chunk was cached) is
 * forgotten, so the next render or preload tries again.
 *
 * @example
 * const Export = lazyPart(() => import('./ExportDialog.tsx').then((m) => m.ExportDialog));
 * <button onPointerEnter={Export.preload} onClick={open}>Export…</button>
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (c) => {
        loaded = c;
        return c;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  function Component(props: P): JSX.Element {
    const C = loaded ?? use(preload());
    return <C {...props} />;
  }
  return { Component, preload };
}

/** Props spread on a button so pointing at it or focusing it starts loading what it opens. */
export function preloadOn(part: { preload(): Promise<unknown> }): {
  onPointerEnter(): void;
  onFocus(): void;
} {
  const go = () => {
    part.preload().catch(() => undefined);
  };
  return { onPointerEnter: go, onFocus: go };
}
