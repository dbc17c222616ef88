// In-page helpers of `npm run bench:browser`, injected with page.addInitScript (plain JS, so no
// transpiler helpers leak into the page). Drives the store the bench build exposes as
// window.__sitemapWorkbench and measures with performance.now(), rAF and the longtask observer.
(() => {
  const longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longtasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask support: the long-task columns stay empty.
  }
  const files = new Map();
  const prepared = new Map();
  const store = () => window.__sitemapWorkbench;
  const macrotask = () =>
    new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve();
      ch.port2.postMessage(0);
    });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  /** The next frame's begin time (the rAF callback's timestamp). */
  const stamp = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const painted = async () => {
    await frame();
    await macrotask();
  };
  const tasksIn = (t0, t1) => {
    const list = longtasks.filter((t) => t.start >= t0 - 1 && t.start <= t1);
    return { count: list.length, maxMs: list.reduce((m, t) => Math.max(m, t.ms), 0) };
  };
  const gridRows = () => Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? 0);

  let openedAt = 0;

  window.__probe = {
    ready: () => Boolean(store()),
    /** Starts the clock of `longSinceOpen` for an open not made through `open` (a file input). */
    markOpen: () => {
      openedAt = performance.now();
    },
    /** Long tasks from the start of the last open until now (e.g. "drop to first scroll"). */
    longSinceOpen: () => ({ ...tasksIn(openedAt, performance.now()), ms: performance.now() - openedAt }),
    /**
     * Loads the baseline page's module (fast-xml-parser, DOMParser, our parser) into this page,
     * so a parser can be timed on the same bytes in the same page as an open.
     */
    async loadBaseline() {
      if (window.__baseline) return true;
      const html = await (await fetch('/bench/browser/baseline.html')).text();
      const src = /<script[^>]*src="([^"]+)"/.exec(html)?.[1];
      if (!src) throw new Error('baseline script not found');
      await import(src);
      return Boolean(window.__baseline);
    },
    async load(url) {
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      files.set(url, bytes);
      return bytes.length;
    },
    /** Copies a loaded file ahead for the next `open` (so a profile of the open leaves the copy out). */
    prepare(url) {
      prepared.set(url, files.get(url).slice());
    },
    /** openFile → validated → next frame painted with the grid showing every row. */
    async open(url, name) {
      const bytes = prepared.get(url) ?? files.get(url).slice();
      prepared.delete(url);
      const s = store();
      // When the open's task label and the document changed (ms from the start): where the wall went.
      const phases = [];
      let lastLabel;
      let lastDoc = s.getState().doc;
      const t0 = performance.now();
      const unsubscribe = s.subscribe(() => {
        const st = s.getState();
        const label = st.task?.label ?? null;
        const at = Math.round(performance.now() - t0);
        if (label !== lastLabel) phases.push(`${at} ${label ?? '(no task)'}`);
        if (st.doc !== lastDoc) phases.push(`${at} document set`);
        lastLabel = label;
        lastDoc = st.doc;
      });
      openedAt = t0;
      await s.commands.openFile(name, bytes);
      const tOpened = performance.now();
      unsubscribe();
      const st = s.getState();
      // A refused file (e.g. GZ-006 over the decompression cap) shows no grid: say so, do not wait.
      if (!st.doc) {
        const why = st.loadError?.error.message ?? st.notices.at(-1)?.message ?? 'no document';
        throw new Error(`${name} did not open: ${why}`);
      }
      const n = st.doc.entries.length;
      // Rows shown: the grid has them all and the open's progress no longer veils it (App.tsx).
      while (gridRows() !== n + 1 || document.querySelector('.loading.veil')) await frame();
      await painted();
      const t1 = performance.now();
      return { ms: t1 - t0, openedMs: tOpened - t0, entries: n, phases, ...tasksIn(t0, t1) };
    },
    /**
     * Frame intervals while scrolling the grid: small steps with a scrollbar jump every 10th frame.
     * Per frame: its begin time (the rAF timestamp, on the vsync grid) and the end of its
     * main-thread work (a task posted from the rAF callback runs after the frame's paint and
     * commit). A frame is shown at the first vsync after its work ends (at the earliest the one
     * after its begin), so `frames` are the intervals between the vsyncs that showed a new frame:
     * 16.7 ms when on time, 33.3 ms after a miss, whether the overrun came before the rAF
     * callbacks (the scroll event, where the canvas drawing runs) or after them. The bare rAF
     * timestamps miss the first kind: a frame begun late keeps its on-time timestamp.
     * `stamps`: those timestamp deltas; `callbacks`: the deltas of performance.now() in the rAF
     * callback (sessions 3–8's measure), which add the jitter of the work before the callback (a
     * frame at vsync can read 17–20 ms).
     */
    async scroll(frames) {
      const el = document.querySelector('.grid-scroll');
      const max = el.scrollHeight - el.clientHeight;
      const begins = [];
      const ends = [];
      const callbacks = [];
      const after = new MessageChannel();
      after.port1.onmessage = () => ends.push(performance.now());
      await painted();
      await stamp();
      let last = performance.now();
      for (let i = 0; i < frames; i++) {
        el.scrollTop = i % 10 === 9 ? Math.floor((((i * 7919) % 1000) / 1000) * max) : el.scrollTop + 900;
        const t = await stamp();
        after.port2.postMessage(0);
        const now = performance.now();
        begins.push(t);
        callbacks.push(now - last);
        last = now;
      }
      while (ends.length < frames) await macrotask();
      after.port1.close();
      const stamps = begins.slice(1).map((t, i) => t - begins[i]);
      const vsync = stamps.slice().sort((a, b) => a - b)[stamps.length >> 1];
      const shownAt = begins.map((t, i) => t + vsync * Math.max(1, Math.ceil((ends[i] - t) / vsync - 0.02)));
      const shown = [];
      for (let i = 1; i < frames; i++) {
        // A frame shown at the same vsync as the one before replaced it: that one never showed.
        if (shownAt[i] - shownAt[i - 1] > vsync / 2) shown.push(shownAt[i] - shownAt[i - 1]);
      }
      return { frames: shown, stamps, callbacks, late: begins.filter((t, i) => ends[i] - t > vsync).length };
    },
    /** Resolves once the session's autosave has nothing pending (a pending save is started now). */
    async saved() {
      const t0 = performance.now();
      await window.__sitemapWorkspace?.commands.flush();
      return performance.now() - t0;
    },
    /**
     * setCell on a visible row: work until React committed (next macrotask) and until painted.
     * Every call changes the cell (a value equal to the cell's is no edit: no patch, no commit).
     */
    async edits(count) {
      const s = store();
      const work = [];
      const toFrame = [];
      for (let i = 0; i < count; i++) {
        const st = s.getState();
        const entry = st.doc.entries[st.rowOrder[i % 12]];
        await painted();
        // Trace markers of the edit's window (scrollab.ts EDITS: its thread CPU and GC).
        console.timeStamp('sw-edit-start');
        const t0 = performance.now();
        s.commands.setCell(entry.id, 'priority', entry.priority === '0.3' ? '0.7' : '0.3');
        await macrotask();
        work.push(performance.now() - t0);
        console.timeStamp('sw-edit-end');
        await painted();
        toFrame.push(performance.now() - t0);
      }
      return { work, toFrame };
    },
    /** A view change (sort/search/filter): rowOrder computed and the grid repainted. */
    async view(kind) {
      const c = store().commands;
      c.setSort(null);
      c.setSearch('');
      c.clearFilters();
      await painted();
      const t0 = performance.now();
      if (kind === 'sort loc') c.setSort({ column: 'loc', dir: 'asc' });
      if (kind === 'sort loc desc') c.setSort({ column: 'loc', dir: 'desc' });
      if (kind === 'sort lastmod') c.setSort({ column: 'lastmod', dir: 'asc' });
      if (kind === 'sort priority') c.setSort({ column: 'priority', dir: 'desc' });
      if (kind === 'search') c.setSearch('kitchen-garden');
      if (kind === 'filter warning') c.setFilter({ severity: 'warning' });
      const rows = store().getState().rowOrder.length;
      await painted();
      const t1 = performance.now();
      return { ms: t1 - t0, rows, ...tasksIn(t0, t1) };
    },
    /**
     * A settings change (`partial`) on the open document: until a frame painted the setting, and
     * until the findings follow it (the validator changed and no task is left) and a frame painted.
     */
    async settingsChange(partial) {
      const s = store();
      await painted();
      const v0 = s.getState().validation.version;
      const t0 = performance.now();
      s.commands.setSettings(partial);
      await painted();
      const shownMs = performance.now() - t0;
      while (s.getState().task || s.getState().validation.version === v0)
        await new Promise((r) => setTimeout(r, 20));
      await painted();
      const t1 = performance.now();
      return { ms: t1 - t0, shownMs, ...tasksIn(t0, t1) };
    },
    /**
     * After a reload: waits until the saved document of `entries` rows is restored (rows in the
     * grid) and checked (no task left), then returns when each happened (ms from navigation
     * start) and the long tasks from navigation start until checked.
     */
    async restored(entries) {
      const s = () => store()?.getState();
      while (!(s()?.doc?.entries.length === entries && gridRows() === entries + 1))
        await new Promise((r) => setTimeout(r, 10));
      const rowsMs = performance.now();
      while (s().task) await new Promise((r) => setTimeout(r, 20));
      await painted();
      const t1 = performance.now();
      const checked = { ms: t1, rowsMs, counted: s().validation.validator.counts().error, ...tasksIn(0, t1) };
      // Then until the keep source is back (the file re-read for keep-formatting export), up to 60 s.
      while (!s().keepable && performance.now() - t1 < 60_000) await new Promise((r) => setTimeout(r, 20));
      const t2 = performance.now();
      return { ...checked, keep: { ms: s().keepable ? t2 : null, ...tasksIn(0, t2) } };
    },
    async exportGz(format = 'xml.gz') {
      const t0 = performance.now();
      const out = await store().commands.export({ format });
      const t1 = performance.now();
      const bytes = out.files.reduce((sum, f) => sum + f.bytes.length, 0);
      return { ms: t1 - t0, bytes, files: out.files.length, ...tasksIn(t0, t1) };
    },
    async compressionStream(url) {
      const bytes = files.get(url);
      const t0 = performance.now();
      const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
      const out = await new Response(stream).arrayBuffer();
      return { ms: performance.now() - t0, bytes: out.byteLength };
    },
  };
})();
