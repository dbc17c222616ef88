import { describe, expect, it } from 'vitest';
import { fmtBytes, fmtEntryCounts, fmtInt, plural } from './format.ts';

describe('format', () => {
  it('groups thousands and pluralizes', () => {
    expect(fmtInt(12345)).toBe('12,345');
    expect(plural(1, 'URL')).toBe('1 URL');
    expect(plural(12345, 'URL')).toBe('12,345 URLs');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('shows sizes in B, KB and MB', () => {
    expect(fmtBytes(512)).toBe('512 B');
    expect(fmtBytes(2048)).toBe('2.0 KB');
    expect(fmtBytes(52_428_800)).toBe('50.0 MB');
  });

  it('never shows four digits before a unit: 1006.2 KB is 1.0 MB, beside 1.1 MB', () => {
    expect(fmtBytes(Math.round(1006.2 * 1024))).toBe('1.0 MB');
    expect(fmtBytes(1_150_000)).toBe('1.1 MB');
    expect(fmtBytes(1010)).toBe('1.0 KB');
    expect(fmtBytes(999)).toBe('999 B');
    expect(fmtBytes(998 * 1024)).toBe('998.0 KB');
  });
});

describe('fmtEntryCounts', () => {
  it('says sitemaps for index entries, never URLs', () => {
    expect(fmtEntryCounts({ urls: 20, sitemaps: 2 })).toBe('20 URLs, 2 sitemaps');
    expect(fmtEntryCounts({ urls: 1, sitemaps: 0 })).toBe('1 URL');
    expect(fmtEntryCounts({ urls: 0, sitemaps: 1 })).toBe('1 sitemap');
    expect(fmtEntryCounts({ urls: 0, sitemaps: 0 })).toBe('0 URLs');
  });
});
