/**
 * Test-data builders for state tests and benchmarks. Deterministic: the same arguments always
 * build the same data.
 */
import type { Entry, Issue, ParseResult, SitemapDocument } from '../core/model.ts';
import { issueLine } from '../core/testing/issues.ts';
import { ROOT, type UrlTree } from '../core/tree.ts';
import type { SitemapClient, WorkerLike } from '../workers/client.ts';
import { createEngine, type EngineOptions } from '../workers/engine.ts';
import type { Timers } from './persist.ts';

/**
 * One entry with sensible defaults; `overrides` win.
 *
 * @example makeEntry(3, { priority: '0.8' }) // { id: 3, loc: 'https://www.example.com/page-3', priority: '0.8' }
 */
export function makeEntry(id: number, overrides: Partial<Entry> = {}): Entry {
  return { id, loc: `https://www.example.com/page-${id}`, ...overrides };
}

const FREQS = ['daily', 'weekly', 'monthly', 'yearly'];
const SECTIONS = ['blog', 'shop', 'docs', 'news', 'about'];

/**
 * A urlset of `n` entries with ids 0..n-1 and varied, realistic values: five path sections,
 * dates spread over 2023–2024, four changefreqs, priorities 0.1–1.0 and every 7th entry with
 * no optional fields. Built with a small LCG so it is the same on every run.
 *
 * @example makeDocument(1000).entries.length // 1000
 */
export function makeDocument(n: number, seed = 1): SitemapDocument {
  const entries: Entry[] = new Array(n);
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  for (let i = 0; i < n; i++) {
    const section = SECTIONS[Math.floor(rand() * SECTIONS.length)];
    const entry: Entry = {
      id: i,
      loc: `https://www.example.com/${section}/item-${Math.floor(rand() * n * 10)}`,
    };
    if (i % 7 !== 0) {
      const month = 1 + Math.floor(rand() * 12);
      const day = 1 + Math.floor(rand() * 28);
      entry.lastmod = `${2023 + (i % 2)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      entry.changefreq = FREQS[Math.floor(rand() * FREQS.length)];
      entry.priority = 1 + Math.floor(rand() * 10) === 10 ? '1.0' : `0.${1 + Math.floor(rand() * 9)}`;
    }
    entries[i] = entry;
  }
  return { kind: 'urlset', entries, nextId: n };
}

/**
 * A `SitemapClient` stand-in: `parse` answers with `parseResult(bytes, name)` (default: a
 * document of 10 entries), `serialize` with one file per call. Records every call.
 */
export function fakeClient(
  parseResult: (bytes: Uint8Array, name: string) => ParseResult = () => ({
    kind: 'urlset',
    document: makeDocument(10),
    issues: [],
    fatal: null,
  }),
): SitemapClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async parse(bytes, name, _onProgress, signal) {
      calls.push(`parse ${name}`);
      await Promise.resolve();
      if (signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      return parseResult(bytes, name);
    },
    async serialize(doc, options) {
      calls.push(`serialize ${options.format ?? 'xml'}`);
      const bytes = new TextEncoder().encode(doc.entries.map((e) => e.loc).join('\n'));
      return {
        files: [
          {
            name: 'sitemap.xml',
            mime: 'application/xml',
            bytes,
            entries: doc.entries.length,
            uncompressedBytes: bytes.length,
          },
        ],
        issues: [],
      };
    },
  };
}

/**
 * A URL tree as text, node by node (prefix or label, then count, errors, warnings), for comparing
 * a tree kept up to date by patches with a fresh build.
 *
 * @example expect(treeShape(kept)).toEqual(treeShape(buildUrlTree(entries, issuesOf)));
 */
export function treeShape(tree: UrlTree): string[] {
  const out: string[] = [];
  const walk = (n: number) => {
    for (const c of tree.childrenOf(n)) {
      const info = tree.node(c);
      out.push(`${tree.prefixOf(c) ?? info.label}:${info.count}:${info.errorCount}:${info.warningCount}`);
      walk(c);
    }
  };
  walk(ROOT);
  return out;
}

/**
 * A worker stand-in running the real engine (`options` on top of no native streams), messages
 * structured-cloned both ways as `postMessage` does; every request's type (with " +validate" when
 * it asks for validation) is pushed to `requests`.
 *
 * @example createSitemapClient({ createWorker: () => engineWorker(requests, { splitFrom: 1_000 }) })
 */
export function engineWorker(requests: string[], options: EngineOptions = {}): WorkerLike {
  const engine = createEngine({ decompressionStream: null, gzipStreams: null, ...options });
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      const req = structuredClone(message) as Parameters<typeof engine.handle>[0];
      requests.push(`${req.type}${'validate' in req && req.validate ? ' +validate' : ''}`);
      queueMicrotask(
        () =>
          void engine.handle(req, (out) => {
            const copy = structuredClone(out);
            setTimeout(() => w.onmessage?.({ data: copy } as MessageEvent), 0);
          }),
      );
    },
    terminate() {},
  };
  return w;
}

/** The findings a validator holds for `entries` (document-level and each entry's), one line each, sorted. */
export function findingLines(
  validator: { documentIssues(): readonly Issue[]; issuesOf(id: number): readonly Issue[] },
  entries: readonly Entry[],
): string[] {
  const out = validator.documentIssues().map(issueLine);
  for (const e of entries) for (const i of validator.issuesOf(e.id)) out.push(issueLine(i));
  return out.sort();
}

/** The page's own timers (`setTimeout` / `clearTimeout`), for tests that let time pass for real. */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Timers whose tasks run only when the test says: `step` runs the next queued task (after letting
 * pending promises settle; false when none came), `settle` runs them until none is left and
 * returns how many ran.
 */
export function manualTimers(): { timers: Timers; step(): Promise<boolean>; settle(): Promise<number> } {
  const queued: Array<() => void> = [];
  const step = async () => {
    for (let i = 0; i < 50 && queued.length === 0; i++) await Promise.resolve();
    const fn = queued.shift();
    fn?.();
    return fn !== undefined;
  };
  const settle = async () => {
    let tasks = 0;
    while (await step()) tasks++;
    return tasks;
  };
  return { timers: { setTimeout: (fn) => queued.push(fn), clearTimeout: () => undefined }, step, settle };
}
