import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gunzipAll, isGzip, isZip, looksLikeTar } from './gzip.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('container sniffing', () => {
  it('tells gzip, zip and tar by their magic bytes', () => {
    expect(isGzip(gzipSync(enc('a')))).toBe(true);
    expect(isGzip(enc('<urlset/>'))).toBe(false);
    expect(isZip(new Uint8Array([0x50, 0x4b, 3, 4]))).toBe(true);
    expect(isZip(new Uint8Array([0x50, 0x4b, 1, 2]))).toBe(false);
    const tar = new Uint8Array(512);
    tar.set(enc('ustar'), 257);
    expect(looksLikeTar(tar)).toBe(true);
    expect(looksLikeTar(new Uint8Array(512))).toBe(false);
  });
});

describe('gunzipAll', () => {
  it('inflates one member with no issue', () => {
    const r = gunzipAll(gzipSync(enc('<urlset/>')), 1000);
    expect(dec(r.data)).toBe('<urlset/>');
    expect(r).toMatchObject({ issues: [], truncated: false });
  });

  it('inflates every member of a multi-member file (GZ-004, info)', () => {
    const a = gzipSync(enc('<url'));
    const b = gzipSync(enc('set/>'));
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    const r = gunzipAll(both, 1000);
    expect(dec(r.data)).toBe('<urlset/>');
    expect(r.issues.map((i) => [i.rule, i.severity])).toEqual([['GZ-004', 'info']]);
  });

  it('keeps the data but reports a CRC mismatch (GZ-003)', () => {
    const bytes = gzipSync(enc('<urlset/>'));
    bytes[bytes.length - 8] ^= 0xff;
    const r = gunzipAll(bytes, 1000);
    expect(dec(r.data)).toBe('<urlset/>');
    expect(r.issues.map((i) => i.rule)).toEqual(['GZ-003']);
  });

  it('stops at the output cap (GZ-006) and says the result is truncated', () => {
    const r = gunzipAll(gzipSync(new Uint8Array(100_000)), 1000);
    expect(r.truncated).toBe(true);
    expect(r.data.length).toBeLessThanOrEqual(1000);
    expect(r.issues.map((i) => i.rule)).toEqual(['GZ-006']);
  });
});
