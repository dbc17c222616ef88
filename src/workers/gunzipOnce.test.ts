// A gzip bomb is inflated once (issue 20): when the native inflater stops at the cap, the worker
// refuses the file with GZ-006 itself instead of handing it to the core, which would inflate the
// same bomb a second time up to the cap.
import { describe, expect, it, vi } from 'vitest';
import { gzipBomb } from '../../bench/hostileInputs.ts';

const calls = vi.hoisted(() => ({ gunzipAll: 0 }));
vi.mock('../core/parse/gzip.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../core/parse/gzip.ts')>();
  return {
    ...real,
    gunzipAll: (...args: Parameters<typeof real.gunzipAll>) => {
      calls.gunzipAll++;
      return real.gunzipAll(...args);
    },
  };
});

import { gunzipAll } from '../core/parse/gzip.ts';
import { createEngine } from './engine.ts';
import { platformDecompressionStream } from './nativeGunzip.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';

const native = platformDecompressionStream();

describe.skipIf(!native)('a gzip bomb in the worker', () => {
  it('is inflated once: the native pass stops at the cap and the file is refused with GZ-006', async () => {
    calls.gunzipAll = 0;
    const cap = 4_000_000;
    const engine = createEngine({ decompressionStream: native, maxDecompressedBytes: cap });
    const out: WorkerResponse[] = [];
    const bytes = gzipBomb(256);
    await engine.handle(
      { version: PROTOCOL_VERSION, requestId: 1, type: 'parse', bytes, fileName: 'bomb.xml.gz' },
      (m) => out.push(m),
    );
    const result = out.find((m) => m.type === 'result');
    if (result?.type !== 'result' || result.kind !== 'parse') throw new Error('no parse result');
    // Says what happened, and what to do if the file is a real (over-sized) sitemap.
    expect(result.result.fatal?.message).toBe(
      'The file inflates to more than 4,000,000 bytes, the limit for reading a gzip file; nothing was read, and no option raises the limit.',
    );
    expect(result.result.issues.map((i) => i.rule)).toEqual(['GZ-006']);
    expect(result.result.document.entries).toEqual([]);
    expect(result.result.document.source).toMatchObject({ gzip: true, bytes: bytes.length });
    expect(calls.gunzipAll).toBe(0);
  });
});

describe('the core inflater at the cap', () => {
  it('keeps nothing of a bomb: the refused prefix is not held', () => {
    const out = gunzipAll(gzipBomb(64), 3_000_000);
    expect(out.truncated).toBe(true);
    expect(out.data.length).toBe(0);
    expect(out.issues.map((i) => i.rule)).toEqual(['GZ-006']);
  });
});
