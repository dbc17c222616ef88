/**
 * Chromium trace events as the bench scripts read them (threads.ts, ab.ts): complete ('X') events
 * grouped by thread, and the threads' names from the trace's metadata.
 */
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
