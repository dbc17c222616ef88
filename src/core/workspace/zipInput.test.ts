import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZipFiles } from './zipInput.ts';

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

  it('returns an error for bytes that are not a zip', () => {
    const out = readZipFiles(strToU8('<urlset/>'));
    expect(out.files).toEqual([]);
    expect(out.error).toMatch(/^Not a readable ZIP archive/);
  });
});
