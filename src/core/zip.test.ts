import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFiles } from './zip.ts';

describe('zipFiles', () => {
  it('bundles files that unzip to the same bytes, deterministically', () => {
    const a = new TextEncoder().encode('hello '.repeat(100));
    const b = new Uint8Array([0x1f, 0x8b, 1, 2, 3]);
    const zip = zipFiles([
      { name: 'a.xml', bytes: a },
      { name: 'b.xml.gz', bytes: b },
    ]);
    const out = unzipSync(zip);
    expect(out['a.xml']).toEqual(a);
    expect(out['b.xml.gz']).toEqual(b);
    expect(zipFiles([{ name: 'a.xml', bytes: a }])).toEqual(zipFiles([{ name: 'a.xml', bytes: a }]));
  });
});
