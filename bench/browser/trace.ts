/**
 * Chromium trace events as the bench scripts read them (threads.ts, ab.ts, crawlab.ts): complete
 * ('X') events grouped by thread, and the threads' names from the trace's metadata; CDP CPU
 * profiles' frames named by the build's source maps.
 */
import { readFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration, when the event records it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    src_func?: string;
    src_file?: string;
    data?: { functionName?: string; type?: string };
  };
}

/** `pid:tid` → thread name, from the 'thread_name' metadata events. */
export function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  return names;
}

/** Complete events with a duration, by `pid:tid`, in trace order. */
export function eventsByThread(events: readonly TraceEvent[]): Map<string, TraceEvent[]> {
  const by = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${e.pid}:${e.tid}`;
    const list = by.get(key);
    if (list) list.push(e);
    else by.set(key, [e]);
  }
  return by;
}

/** A node of a CDP CPU profile. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
/** A CDP CPU profile (`Profiler.stop`). */
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Names a profile frame of the build in `dist` served at `base` by its source map:
 * `function src/path.ts:line`.
 */
export function labeler(dist: string, base: string): (f: ProfileNode['callFrame']) => string {
  const maps = new Map<string, TraceMap | null>();
  return (f) => {
    if (!f.url || f.lineNumber < 0) return f.functionName || '(anon)';
    if (!maps.has(f.url)) {
      try {
        maps.set(f.url, new TraceMap(readFileSync(`${f.url.replace(base, dist).split('?')[0]}.map`, 'utf8')));
      } catch {
        maps.set(f.url, null);
      }
    }
    const map = maps.get(f.url);
    if (!map) return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    const pos = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
    const src = (pos.source ?? '?').replace(/^.*?(src|node_modules)\//, '$1/');
    return `${pos.name ?? f.functionName ?? '(anon)'} ${src}:${pos.line}`;
  };
}
