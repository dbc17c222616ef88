import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipBomb } from '../../../bench/hostileInputs.ts';
import { holdsZip } from '../parse/gzip.ts';
import { parseSitemap } from '../parse.ts';
import { readZipFiles, readZipFilesAsync, readZipSteps, ZIP_PUSH_BYTES } from './zipInput.ts';

describe('readZipFiles', () => {
  it('extracts files with their folders and skips folders and system files', () => {
    const zip = zipSync({
      'sitemap.xml': strToU8('<sitemapindex/>'),
      'fr/': {},
      'fr/sitemap.xml': [strToU8('<urlset/>'), { level: 0 }],
      '__MACOSX/fr/._sitemap.xml': strToU8('junk'),
      '.DS_Store': strToU8('junk'),
    });
    const out = readZipFiles(zip);
    expect(out.files.map((f) => [f.name, new TextDecoder().decode(f.bytes)])).toEqual([
      ['sitemap.xml', '<sitemapindex/>'],
      ['fr/sitemap.xml', '<urlset/>'],
    ]);
    expect(out.skipped.map((s) => s.name)).toEqual(['__MACOSX/fr/._sitemap.xml', '.DS_Store']);
    expect(out.error).toBeUndefined();
  });

  it('stops at the size cap and reports the rest', () => {
    const zip = zipSync({ 'a.xml': new Uint8Array(600), 'b.xml': new Uint8Array(600) });
    const out = readZipFiles(zip, { maxBytes: 1000 });
    expect(out.files.map((f) => f.name)).toEqual(['a.xml']);
    expect(out.skipped).toEqual([{ name: 'b.xml', reason: 'over the 1,000-byte limit for one archive' }]);
  });

  it('takes at most maxFiles members (default 10,000) and reports the rest', () => {
    const members: Record<string, Uint8Array> = {};
    for (let i = 0; i < 10_002; i++) members[`s${i}.xml`] = strToU8('<urlset/>');
    const out = readZipFiles(zipSync(members));
    expect(out.files).toHaveLength(10_000);
    expect(out.skipped).toEqual([
      { name: 's10000.xml', reason: 'over the 10,000-file limit for one archive' },
      { name: 's10001.xml', reason: 'over the 10,000-file limit for one archive' },
    ]);
    expect(
      readZipFiles(zipSync({ 'a.xml': strToU8('a'), 'b.xml': strToU8('b') }), { maxFiles: 1 }).files,
    ).toHaveLength(1);
  });

  it('returns an error for bytes that are not a zip', () => {
    const out = readZipFiles(strToU8('<urlset/>'));
    expect(out.files).toEqual([]);
    expect(out.error).toMatch(/^Not a readable ZIP archive/);
  });
});

/** Overwrite the declared uncompressed size of every member (local headers and central directory). */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const v = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = v.getUint32(i, true);
    if (sig === 0x04034b50) v.setUint32(i + 22, size, true);
    else if (sig === 0x02014b50) v.setUint32(i + 24, size, true);
  }
  return out;
}

describe('readZipFiles on hostile archives (issue 20 cases 6, 7)', () => {
  it('a member that declares 200 bytes and inflates to 24 MB stops at the cap while inflating', () => {
    const zip = lieAboutSizes(zipSync({ 'bomb.xml': new Uint8Array(24 * 1024 * 1024) }), 200);
    expect(zip.length).toBeLessThan(200_000);
    const out = readZipFiles(zip, { maxBytes: 5_000_000 });
    expect(out.files).toEqual([]);
    expect(out.skipped).toEqual([
      { name: 'bomb.xml', reason: 'over the 5,000,000-byte limit for one archive' },
    ]);
  });

  it('a member whose inflated size differs from its declared size is not trusted', () => {
    const zip = lieAboutSizes(zipSync({ 'a.xml': new Uint8Array(1000) }), 200);
    const out = readZipFiles(zip);
    expect(out.files).toEqual([]);
    expect(out.skipped[0].reason).toBe('declares 200 bytes but inflates to 1,000; not trusted');
  });

  it('reports progress in compressed bytes and stops when cancelled', () => {
    const zip = zipSync({ 'a.xml': new Uint8Array(200_000).map((_, i) => (i * 7919) % 251) }, { level: 0 });
    const seen: number[] = [];
    let calls = 0;
    const out = readZipFiles(zip, {
      onProgress: (done, total) => {
        expect(total).toBe(zip.length);
        seen.push(done);
      },
      cancelled: () => ++calls > 3,
    });
    expect(out.cancelled).toBe(true);
    expect(out.files).toEqual([]);
    expect(seen.length).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('keeps members named __proto__ and constructor', () => {
    // A name no plain object can hold as a key, written over a same-length placeholder.
    const named = (name: string) => {
      const z = zipSync({ [name.replace(/./g, 'q')]: strToU8('<urlset/>') });
      const s = new TextDecoder('latin1').decode(z).replaceAll(name.replace(/./g, 'q'), name);
      return Uint8Array.from(s, (c) => c.charCodeAt(0));
    };
    for (const name of ['__proto__', 'constructor']) {
      expect(readZipFiles(named(name)).files.map((f) => f.name)).toEqual([name]);
    }
  });

  it('a member stopped at the cap is no longer inflated: the rest of its slices inflate nothing', () => {
    // 256 MiB declared as 200 bytes, ~256 KB of input: 16 slices of ~16 MiB each.
    const zip = zipBomb(256);
    const steps = readZipSteps(zip, { maxBytes: 20_000_000 });
    const inflated: number[] = [];
    for (let r = steps.next(); ; r = steps.next()) {
      if (r.done) {
        expect(r.value.skipped).toEqual([
          { name: 'bomb.xml', reason: 'over the 20,000,000-byte limit for one archive' },
        ]);
        break;
      }
      inflated.push(r.value);
    }
    expect(inflated.length).toBeGreaterThan(10);
    const sum = inflated.reduce((a, b) => a + b, 0);
    // The cap plus at most the one slice that crossed it (~1,032 × 16 KiB), never the 256 MiB.
    expect(sum).toBeLessThanOrEqual(20_000_000 + 1032 * ZIP_PUSH_BYTES);
    expect(inflated.slice(-5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('a worker read of a bomb pauses after each slice that inflated a lot: cancel stops it at the next slice', async () => {
    const zip = zipBomb(1024);
    let stop = false;
    let pushed = 0;
    let pauses = 0;
    const out = await readZipFilesAsync(zip, {
      onProgress: () => pushed++,
      cancelled: () => stop,
      // The cancel message arrives in the first pause.
      pause: async () => {
        pauses++;
        stop = true;
      },
    });
    expect(out).toEqual({ files: [], skipped: [], cancelled: true });
    expect(pauses).toBe(1);
    expect(pushed).toBe(1);
  });
});

describe('a zip inside a gzip (sitemaps.zip.gz)', () => {
  const zip = zipSync({ 'sitemap.xml': strToU8('<sitemapindex/>'), 'a.xml': strToU8('<urlset/>') });

  it('is told by its bytes (holdsZip) and read as the zip it holds', () => {
    expect(holdsZip(gzipSync(zip))).toBe(true);
    expect(holdsZip(zip)).toBe(true);
    expect(holdsZip(gzipSync(strToU8('<urlset/>')))).toBe(false);
    expect(holdsZip(gzipSync(gzipSync(zip)))).toBe(false);
    expect(readZipFiles(gzipSync(zip)).files.map((f) => f.name)).toEqual(['sitemap.xml', 'a.xml']);
  });

  it('stops at the same cap on inflated bytes, with GZ-006 words, reading nothing', () => {
    const big = zipSync({ 'a.xml': new Uint8Array(300_000) }, { level: 0 });
    const out = readZipFiles(gzipSync(big), { maxBytes: 200_000 });
    expect(out.files).toEqual([]);
    expect(out.error).toMatch(/inflates to more than 200,000 bytes/);
  });

  it('a gzip bomb posing as one stops at the cap after inflating little past it', () => {
    const bomb = gzipSync(new Uint8Array(20_000_000));
    let inflatedMost = 0;
    const steps = readZipSteps(bomb, { maxBytes: 1_000_000 });
    for (let r = steps.next(); ; r = steps.next()) {
      if (r.done) {
        expect(r.value.error).toMatch(/more than 1,000,000 bytes/);
        break;
      }
      inflatedMost = Math.max(inflatedMost, r.value);
    }
    expect(inflatedMost).toBeLessThan(2_000_000);
  });

  it('the sitemap reader refuses it (GZ-005) rather than reading the archive as text', () => {
    const r = parseSitemap(gzipSync(zip), { fileName: 'sitemaps.zip.gz' });
    expect(r.fatal?.rule).toBe('GZ-005');
    expect(r.fatal?.message).toMatch(/contains a ZIP archive/);
    expect(r.document.entries).toEqual([]);
  });

  it('a gzip inside it, or no zip at all, is refused saying what it is', () => {
    expect(readZipFiles(gzipSync(gzipSync(zip))).error).toMatch(
      /holds another gzip file.*decompress it once/,
    );
    expect(readZipFiles(gzipSync(strToU8('<urlset/>'))).error).toMatch(/does not hold a ZIP archive/);
  });

  it('gz members inside a zip come out as they are (each one a gzipped sitemap to parse)', () => {
    const gz = gzipSync(strToU8('<urlset/>'));
    expect(readZipFiles(zipSync({ 'a.xml.gz': gz })).files[0].bytes).toEqual(gz);
  });

  it('a cancel between slices of the gzip stops it', () => {
    let k = 0;
    // Bytes that do not compress: many 16 KiB slices of gzip input.
    let x = 2_463_534_242;
    const noise = new Uint8Array(400_000).map(() => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x & 0xff;
    });
    const out = readZipFiles(gzipSync(noise), { cancelled: () => ++k > 2 });
    expect(out.cancelled).toBe(true);
  });
});
