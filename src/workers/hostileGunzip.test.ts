// gzip bombs in the browser path (issue 20 case 5): the native inflater is fed in slices with
// backpressure and stops at the cap, so a bomb is not inflated whole before the cap is checked.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipBomb } from '../../bench/hostileInputs.ts';

const GUNZIP_WRITE_BYTES = 16384;

import { type DecompressionStreamCtor, nativeGunzip, platformDecompressionStream } from './nativeGunzip.ts';

const MiB = 1024 * 1024;

/** The platform stream, counting the compressed bytes written into it. */
function counting(native: DecompressionStreamCtor, written: { n: number }): DecompressionStreamCtor {
  return class {
    readable: ReadableStream<Uint8Array>;
    writable: WritableStream<Uint8Array>;
    constructor(format: 'gzip') {
      const ds = new native(format);
      this.readable = ds.readable;
      const w = ds.writable.getWriter();
      this.writable = new WritableStream<Uint8Array>(
        {
          async write(chunk) {
            written.n += chunk.length;
            await w.write(chunk);
          },
          close: () => w.close(),
          abort: (r) => w.abort(r),
        },
        new CountQueuingStrategy({ highWaterMark: 1 }),
      );
    }
  };
}

const native = platformDecompressionStream();

describe.skipIf(!native)('native gunzip of a bomb', () => {
  it('a 4 GiB bomb (~4 MB) stops at the cap having read only a few slices of its input', async () => {
    const bomb = gzipBomb(4096);
    const written = { n: 0 };
    const out = await nativeGunzip(bomb, 8_000_000, counting(native!, written));
    expect(out).toBe('over-cap');
    expect(bomb.length).toBeGreaterThan(3 * MiB);
    // 8 MB of output needs ~8 KB of input; allow a few slices in flight, never the whole file.
    expect(written.n).toBeLessThanOrEqual(8 * GUNZIP_WRITE_BYTES);
  });

  it('a cancel stops the inflate at the next output chunk, long before the cap', async () => {
    const bomb = gzipBomb(4096);
    const written = { n: 0 };
    let polls = 0;
    // The request is cancelled while the first output chunk is read.
    const out = await nativeGunzip(bomb, 200_000_000, counting(native!, written), () => ++polls >= 1);
    expect(out).toBe('cancelled');
    expect(polls).toBe(1);
    // Up to the cap this bomb would take ~190 KB of input; a cancel stops it within a few slices.
    expect(written.n).toBeLessThanOrEqual(8 * GUNZIP_WRITE_BYTES);
  });

  it('a file under the cap still inflates whole and exactly', async () => {
    const small = new Uint8Array(gzipSync(Buffer.alloc(3 * MiB, 0x61)));
    const out = await nativeGunzip(small, 10 * MiB, native!);
    expect(out?.length).toBe(3 * MiB);
  });
});
