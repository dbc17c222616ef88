/**
 * A full garbage collection between files once the heap grew by more than 32 MB since the last
 * one (in practice after every large file): V8 otherwise lets the old space grow far past what a
 * long run keeps alive (each file's document dies once its facts are indexed), and peak memory
 * would grow with the tree. Costs a few tens of ms per 50,000-URL file. Used by the main thread
 * and by each check worker (pool.ts); undefined when `gc` cannot be reached.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export function reclaimer(): (() => void) | undefined {
  let gc: () => void;
  try {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
  let live = 0;
  return () => {
    if (process.memoryUsage().heapUsed - live < 32 * 1024 * 1024) return;
    gc();
    live = process.memoryUsage().heapUsed;
  };
}
