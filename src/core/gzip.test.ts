import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gzipBytes, verifyGzip } from './gzip.ts';

describe('gzipBytes', () => {
  const data = new TextEncoder().encode('<urlset>'.repeat(1000));

  it('round-trips and writes MTIME 0 and the file name', () => {
    const gz = gzipBytes(data, { filename: 'sitemap.xml', level: 9 });
    expect([...gz.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
    expect(gz[3] & 0x08).toBe(0x08);
    expect(gunzipSync(gz)).toEqual(data);
  });

  it('level 9 is no larger than level 6', () => {
    expect(gzipBytes(data, { level: 9 }).length).toBeLessThanOrEqual(gzipBytes(data).length);
  });

  it('verifyGzip detects corruption', () => {
    const gz = gzipBytes(data);
    expect(verifyGzip(gz, data)).toBe(true);
    const bad = gz.slice();
    bad[bad.length - 6] ^= 0xff;
    expect(verifyGzip(bad, data)).toBe(false);
    expect(verifyGzip(gz, data.subarray(1))).toBe(false);
  });
});
