/** What formats can hold a document (OUT-009) and where an export splits by default (OUT-008, SIZE-005). */
import { describe, expect, it } from 'vitest';
import { HEADROOM } from '../limits.ts';
import type { SitemapDocument } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { serializeFiles } from '../serialize.ts';
import { validateDocument } from '../validate.ts';
import { formatRefusal } from './exportFit.ts';

const index: SitemapDocument = {
  kind: 'sitemapindex',
  entries: [
    { id: 0, loc: 'https://a.example/pages.xml' },
    { id: 1, loc: 'https://a.example/posts.xml' },
  ],
  nextId: 2,
};

describe('a sitemap index is never written as text (OUT-009)', () => {
  it('refuses text, gzipped text and a zip of text for an index or a robots.txt; XML is fine', () => {
    for (const kind of ['sitemapindex', 'robots'] as const) {
      expect(formatRefusal(kind, 'txt')?.rule, kind).toBe('OUT-009');
      expect(formatRefusal(kind, 'txt.gz')?.rule, kind).toBe('OUT-009');
      expect(formatRefusal(kind, 'zip', 'txt')?.rule, kind).toBe('OUT-009');
      expect(formatRefusal(kind, 'xml'), kind).toBeNull();
      expect(formatRefusal(kind, 'xml.gz'), kind).toBeNull();
      expect(formatRefusal(kind, 'zip'), kind).toBeNull();
    }
    for (const kind of ['urlset', 'text', 'feed'] as const)
      expect(formatRefusal(kind, 'txt'), kind).toBeNull();
  });

  it('serializeFiles writes no file for an index as text, and says why (an OUT-009 error)', () => {
    for (const format of ['txt', 'txt.gz'] as const) {
      const { files, issues } = serializeFiles(index, { format });
      expect(files, format).toEqual([]);
      expect(
        issues.map((i) => [i.rule, i.severity]),
        format,
      ).toEqual([['OUT-009', 'error']]);
      expect(issues[0].message, format).toContain('sitemap index');
    }
    const zip = serializeFiles(index, { format: 'zip', childFormat: 'txt' });
    expect(zip.files).toEqual([]);
    expect(serializeFiles(index, { format: 'xml' }).files).toHaveLength(1);
  });
});

describe('an export splits where SIZE-005 is satisfied (45,000 URLs) unless told otherwise', () => {
  const many = (n: number): SitemapDocument => ({
    kind: 'urlset',
    entries: Array.from({ length: n }, (_, i) => ({ id: i, loc: `https://a.example/p/${i}` })),
    nextId: n,
  });

  it('45,001 URLs become two files plus an index, and no written file draws SIZE-005', () => {
    const { files } = serializeFiles(many(HEADROOM.maxUrls + 1), {
      publishUrl: 'https://a.example/sitemap.xml',
    });
    expect(files.map((f) => [f.name, f.entries])).toEqual([
      ['sitemap-1.xml', 45_000],
      ['sitemap-2.xml', 1],
      ['sitemap.xml', 2],
    ]);
    for (const f of files) {
      const parsed = parseSitemap(f.bytes, { fileName: f.name });
      const rules = validateDocument(parsed.document, { now: 0 }).map((i) => i.rule);
      expect(rules, f.name).not.toContain('SIZE-005');
    }
  });

  it('an explicit limit up to 50,000 is the caller’s choice', () => {
    const { files } = serializeFiles(many(HEADROOM.maxUrls + 1), { split: { maxUrls: 50_000 } });
    expect(files.map((f) => f.entries)).toEqual([45_001]);
  });
});
