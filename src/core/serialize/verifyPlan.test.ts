// The verifier learns what the serializer wrote from the serializer's own plan (issue 20): the
// entries each file holds, not options it re-interprets.
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { serializeFiles } from '../serialize.ts';

const text = (lines: string) => parseSitemap(lines, { fileName: 'sitemap.txt' }).document;

describe('export of a text sitemap checked against what the writer planned', () => {
  it('a row whose URL was cleared is left out of an XML export, which is not blocked', () => {
    const doc = text('https://a.example/1\nhttps://a.example/2\nhttps://a.example/3\n');
    const edited = { ...doc, entries: doc.entries.map((e, i) => (i === 1 ? { ...e, loc: '' } : e)) };
    for (const format of ['xml', 'txt'] as const) {
      const out = serializeFiles(edited, { format });
      expect(out.issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([]);
      expect(out.files).toHaveLength(1);
      const back = parseSitemap(out.files[0].bytes).document.entries.map((e) => e.loc);
      expect(back).toEqual(['https://a.example/1', 'https://a.example/3']);
    }
  });

  it('lines that are not URLs, left out on request, are not expected back; kept ones are', () => {
    const doc = text('# products\nhttps://a.example/1\n');
    for (const format of ['xml', 'txt'] as const) {
      for (const nonUrlLines of ['drop', 'keep'] as const) {
        const out = serializeFiles(doc, { format, nonUrlLines });
        expect(out.issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([]);
        expect(out.files).toHaveLength(1);
      }
    }
  });
});
