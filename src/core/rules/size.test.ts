import { describe, expect, it } from 'vitest';
import { plainDoc, worstDoc } from '../../../bench/generate.ts';
import { serializeSitemap } from '../serialize.ts';
import { DOCUMENT_OVERHEAD, entryBytes, escapedBytes, textLineBytes, urlBytes } from './size.ts';

describe('byte estimates (SIZE-002)', () => {
  it('counts UTF-8 bytes after escaping', () => {
    expect(escapedBytes('a&é')).toBe(8);
    expect(escapedBytes('😀')).toBe(4);
    expect(urlBytes('https://a.com/é')).toBe(20);
    expect(textLineBytes('https://a.com/é')).toBe(21);
  });

  it('gives clean fields (the fast path) the same estimate as the full count', () => {
    const e = {
      id: 0,
      loc: 'https://a.com/x?id=1',
      lastmod: '2024-01-01T10:00:00+02:00',
      changefreq: 'weekly',
      priority: '0.5',
    };
    expect(entryBytes(e, 'urlset', 15)).toBe(entryBytes(e, 'urlset'));
    expect(entryBytes(e, 'text', 15)).toBe(entryBytes(e, 'text'));
  });
  it('stays within 5 % of the bytes the exporter really writes', () => {
    for (const doc of [plainDoc(1000), plainDoc(1000, true), worstDoc(300)]) {
      const real = new TextEncoder().encode(serializeSitemap(doc) as string).length;
      let estimate = DOCUMENT_OVERHEAD;
      for (const e of doc.entries) estimate += entryBytes(e, 'urlset');
      expect(Math.abs(estimate - real) / real).toBeLessThan(0.05);
    }
  });
});
