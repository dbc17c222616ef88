// In-page helper of the `workspace` section of `npm run bench:browser` (bench/browser/workspace.ts),
// evaluated after probe.js: opens several files as one workspace through the workspace store the
// bench build exposes as window.__sitemapWorkspace, and waits until every file is parsed and
// validated, the workspace model is built and the active file's grid has painted.
(() => {
  const files = [];
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const macrotask = () =>
    new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve();
      ch.port2.postMessage(0);
    });
  const gridRows = () => Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? 0);
  const longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longtasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask' });

  window.__wsProbe = {
    /** Fetch the files to open (urls: served paths; the name is the last path segment). */
    async load(urls) {
      files.length = 0;
      let bytes = 0;
      for (const url of urls) {
        const b = new Uint8Array(await (await fetch(url)).arrayBuffer());
        files.push({ name: url.split('/').pop(), bytes: b });
        bytes += b.length;
      }
      return bytes;
    },
    async open() {
      const ws = window.__sitemapWorkspace;
      const list = files.map((f) => ({ name: f.name, bytes: f.bytes.slice() }));
      const t0 = performance.now();
      const out = await ws.commands.open(list);
      const tOpened = performance.now();
      const st = ws.getState();
      let urls = 0;
      let busy = 0;
      for (const slot of st.files) {
        const s = slot.store.getState();
        urls += s.doc?.entries.length ?? 0;
        if (s.task !== null) busy++;
      }
      const active = ws.activeStore().getState().doc?.entries.length ?? 0;
      // The grid shows the active file (the index); give up after 60 s rather than hang.
      while (gridRows() !== active + 1 && performance.now() - tOpened < 60_000) await frame();
      await frame();
      await macrotask();
      const t1 = performance.now();
      const tasks = longtasks.filter((t) => t.start >= t0 - 1 && t.start <= t1);
      return {
        ms: t1 - t0,
        openedMs: tOpened - t0,
        mode: out.mode,
        activeRows: active,
        gridRows: gridRows(),
        files: st.files.length,
        urls,
        busy,
        model: st.model === null ? 0 : st.model.files.length,
        count: tasks.length,
        maxMs: tasks.reduce((m, t) => Math.max(m, t.ms), 0),
      };
    },
    /**
     * After `open`: wait until no file has a task left (re-checks that follow the model, e.g. a
     * child's host scope against the URL its index gives it; at most 120 s). Long tasks meanwhile.
     */
    async settle() {
      const ws = window.__sitemapWorkspace;
      const t0 = performance.now();
      const busy = () => ws.getState().files.some((slot) => slot.store.getState().task !== null);
      while (busy() && performance.now() - t0 < 120_000) await frame();
      await macrotask();
      const t1 = performance.now();
      const tasks = longtasks.filter((t) => t.start >= t0 - 1 && t.start <= t1);
      return {
        settleMs: t1 - t0,
        settleCount: tasks.length,
        settleMaxMs: tasks.reduce((m, t) => Math.max(m, t.ms), 0),
      };
    },
  };
})();
