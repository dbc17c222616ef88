/**
 * Test helpers for the gzip stream paths. Test-only: nothing in the app imports this module.
 */
import type { GzipStreamCtor } from './exportGzip.ts';

/**
 * A stream constructor that runs `ctor` and pipes its output through a fresh transformer from
 * `make()` per stream, e.g. to corrupt or inspect what a real (de)compressor writes.
 *
 * @example piped(native.compress, () => ({ transform: (c, out) => out.enqueue(c) }))
 */
export function piped(ctor: GzipStreamCtor, make: () => Transformer<Uint8Array, Uint8Array>): GzipStreamCtor {
  return class {
    readable: ReadableStream<Uint8Array>;
    writable: WritableStream<Uint8Array>;
    constructor(format: 'gzip') {
      const inner = new ctor(format);
      this.writable = inner.writable;
      this.readable = inner.readable.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(make()));
    }
  };
}
