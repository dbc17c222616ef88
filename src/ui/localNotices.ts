/**
 * Notices that only the UI knows about (e.g. "2 more files were not opened"), shown next to the
 * store's notices. A tiny external store; React reads it with useSyncExternalStore.
 */
export interface LocalNotice {
  id: number;
  message: string;
}

let notices: readonly LocalNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Show a notice; returns its id. */
export function notify(message: string): number {
  const id = nextId++;
  notices = [...notices.slice(-4), { id, message }];
  emit();
  return id;
}

/** Remove a notice. */
export function dismissLocal(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export function subscribeLocal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLocalNotices(): readonly LocalNotice[] {
  return notices;
}
