import { describe, expect, it } from 'vitest';
import { plainDoc, worstDoc } from '../../../bench/generate.ts';
import type { Issue, SitemapDocument } from '../model.ts';
import { serializeSitemap } from '../serialize.ts';
import { checkSize, DOCUMENT_OVERHEAD, entryBytes, escapedBytes, textLineBytes, urlBytes } from './size.ts';

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

describe('checkSize: the limits per file kind', () => {
  const doc = (kind: SitemapDocument['kind'], gzip = false): SitemapDocument => ({
    kind,
    entries: [],
    nextId: 0,
    source: { fileName: 'f', bytes: 1, decodedBytes: 1, gzip, encoding: 'utf-8' },
  });
  const rules = (d: SitemapDocument, count: number, bytes: number) => {
    const out: Issue[] = [];
    checkSize(d, count, bytes, out);
    return out.map((i) => `${i.rule} ${i.severity}`);
  };

  it('SIZE-001 / SIZE-002: a urlset over 50,000 URLs or 52,428,800 bytes is an error', () => {
    expect(rules(doc('urlset'), 50_001, 1000)).toEqual(['SIZE-001 error']);
    expect(rules(doc('urlset'), 10, 52_428_801)).toEqual(['SIZE-002 error']);
    expect(rules(doc('urlset'), 40_000, 40_000_000)).toEqual([]);
    expect(rules(doc('urlset'), 50_000, 52_428_800)).toEqual(['SIZE-005 warning']);
  });

  it('SIZE-002 says the size of the file as opened, which a keep-format export writes as it is', () => {
    const opened: SitemapDocument = {
      kind: 'urlset',
      entries: [],
      nextId: 0,
      source: {
        fileName: 'm.xml',
        bytes: 224_914_037,
        decodedBytes: 224_914_037,
        gzip: false,
        encoding: 'utf-8',
      },
    };
    const out: Issue[] = [];
    checkSize(opened, 10, 258_634_242, out);
    expect(out.find((i) => i.rule === 'SIZE-002')?.message).toBe(
      'File too large: 224,914,037 bytes uncompressed as opened (about 258,634,242 if exported normalized); the limit is 52,428,800 bytes (50 MiB). Split it into several files listed in a sitemap index (export can do this).',
    );
    const { source: _none, ...made } = opened;
    const out2: Issue[] = [];
    checkSize(made, 10, 258_634_242, out2);
    expect(out2[0].message).toMatch(/^File too large: about 258,634,242 bytes when exported;/);
  });

  it('SIZE-003: a sitemap index over 50,000 children or the byte limit is an error', () => {
    expect(rules(doc('sitemapindex'), 50_001, 1000)).toEqual(['SIZE-003 error']);
    expect(rules(doc('sitemapindex'), 10, 60_000_000)).toEqual(['SIZE-003 error']);
    expect(rules(doc('sitemapindex'), 40_000, 1000)).toEqual([]);
  });

  it('SIZE-004: a gzip file over a limit is told that compression does not help', () => {
    expect(rules(doc('urlset', true), 50_001, 1000)).toEqual(['SIZE-001 error', 'SIZE-004 error']);
    expect(rules(doc('urlset', false), 50_001, 1000)).toEqual(['SIZE-001 error']);
    expect(rules(doc('urlset', true), 40_000, 1000)).toEqual([]);
  });

  it('SIZE-005: close to a limit is a warning', () => {
    expect(rules(doc('urlset'), 45_001, 1000)).toEqual(['SIZE-005 warning']);
    expect(rules(doc('urlset'), 10, 46_000_000)).toEqual(['SIZE-005 warning']);
    expect(rules(doc('urlset'), 45_000, 1000)).toEqual([]);
  });

  it('TXT-002: a text sitemap has the same limits', () => {
    expect(rules(doc('text'), 50_001, 1000)).toEqual(['TXT-002 error']);
    expect(rules(doc('text'), 10, 52_428_801)).toEqual(['TXT-002 error']);
    expect(rules(doc('text'), 10, 1000)).toEqual([]);
  });

  it('XML-007: an empty sitemap is a warning; robots.txt is not sized', () => {
    expect(rules(doc('urlset'), 0, 100)).toEqual(['XML-007 warning']);
    expect(rules(doc('robots'), 0, 100)).toEqual([]);
    expect(rules(doc('robots'), 60_000, 100)).toEqual([]);
  });
});
