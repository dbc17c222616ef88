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

describe('zipFiles names (issue 20 case 7)', () => {
  it('keeps a member named __proto__ (no plain-object map of names)', async () => {
    const { readZipFiles } = await import('./workspace/zipInput.ts');
    const bytes = new TextEncoder().encode('<urlset/>');
    const zip = zipFiles([
      { name: '__proto__', bytes },
      { name: 'constructor', bytes },
      { name: 'a.xml', bytes },
    ]);
    expect(readZipFiles(zip).files.map((f) => f.name)).toEqual(['__proto__', 'constructor', 'a.xml']);
  });
});
