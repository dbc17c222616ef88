// Zips in the worker (issue 20 case 6): inflated by the engine with progress, stopped by cancel,
// capped while inflating; the result has core readZipFiles' shape.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../core/zip.ts';
import { createEngine } from './engine.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from './protocol.ts';

const v = PROTOCOL_VERSION;
const noise = (n: number) => new Uint8Array(n).map((_, i) => (i * 7919 + (i >> 7)) % 251);

describe('engine unzip', () => {
  it('extracts members with decompress progress, in the core result shape', async () => {
    const engine = createEngine();
    const out: WorkerResponse[] = [];
    const zip = zipFiles([
      { name: 'a.xml', bytes: noise(3_000_000) },
      { name: '__proto__', bytes: new Uint8Array([60]) },
    ]);
    await engine.handle({ version: v, requestId: 1, type: 'unzip', bytes: zip }, (m) => out.push(m));
    const result = out.find((m) => m.type === 'result');
    expect(
      result?.type === 'result' &&
        result.kind === 'unzip' &&
        result.result.files.map((f) => [f.name, f.bytes.length]),
    ).toEqual([
      ['a.xml', 3_000_000],
      ['__proto__', 1],
    ]);
    const progress = out.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((m) => m.type === 'progress' && m.phase === 'decompress')).toBe(true);
  });

  it('stops when cancelled: no result is sent', async () => {
    const engine = createEngine();
    const out: WorkerResponse[] = [];
    const zip = zipSync({ 'a.xml': noise(8_000_000) }, { level: 0 });
    const running = engine.handle({ version: v, requestId: 7, type: 'unzip', bytes: zip }, (m) =>
      out.push(m),
    );
    await engine.handle({ version: v, requestId: 8, type: 'cancel', target: 7 }, (m) => out.push(m));
    await running;
    expect(out.some((m) => m.type === 'result')).toBe(false);
  });

  it('caps what a member inflates to, whatever its header declares', async () => {
    const engine = createEngine({ maxDecompressedBytes: 1_000_000 });
    const out: WorkerResponse[] = [];
    const zip = zipSync({ 'big.xml': new Uint8Array(5_000_000) });
    await engine.handle({ version: v, requestId: 2, type: 'unzip', bytes: zip }, (m) => out.push(m));
    const result = out.find((m) => m.type === 'result');
    expect(result?.type === 'result' && result.kind === 'unzip' && result.result).toEqual({
      files: [],
      skipped: [{ name: 'big.xml', reason: 'over the 1,000,000-byte limit for one archive' }],
    });
  });
});
