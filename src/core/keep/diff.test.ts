import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { serializeSitemap } from '../serialize.ts';
import { diffOfOps, exportDiff } from './diff.ts';
import { keepFormat } from './keepFormat.ts';
import { keepSourceOf } from './source.ts';

const real = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/real', name));

/** The Normalize diff of `bytes` after `edit` changes the parsed document, as the dialog makes it. */
function normalizedDiff(bytes: Uint8Array, edit: (d: ReturnType<typeof parseSitemap>['document']) => void) {
  const { document } = parseSitemap(bytes);
  const lines = document.entries.map((e) => e.line as number);
  edit(document);
  const out = new TextEncoder().encode(serializeSitemap(document));
  const diff = exportDiff(bytes, out, false, lines, 0);
  if (!diff) throw new Error('no diff');
  return diff;
}

describe('exportDiff (Normalize)', () => {
  it('counts the one edited entry of a one-line file, not every entry on that line', () => {
    const oneline = real('docusaurus-polygon-edge-docs-oneline.xml');
    const diff = normalizedDiff(oneline, (d) => {
      d.entries[5] = { ...d.entries[5], priority: '0.9' };
    });
    expect(parseSitemap(oneline).document.entries.length).toBe(23);
    expect(diff.entries).toBe(1);
    // Unedited, the normalized layout changes every line but no entry.
    expect(normalizedDiff(oneline, () => {}).entries).toBe(0);
  });

  it('still counts entries by line in a file with one entry per line', () => {
    const src = new TextEncoder().encode(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url>\n    <loc>https://www.example.com/a</loc>\n  </url>\n  <url>\n    <loc>https://www.example.com/b</loc>\n  </url>\n</urlset>\n',
    );
    const diff = normalizedDiff(src, (d) => {
      d.entries[1] = { ...d.entries[1], loc: 'https://www.example.com/c' };
    });
    expect(diff).toMatchObject({ entries: 1, lines: 1 });
  });
});

describe('diff preview of a long line', () => {
  it('shows the changed part of a one-line file, the cuts marked by an ellipsis', () => {
    const bytes = real('docusaurus-polygon-edge-docs-oneline.xml');
    const r = parseSitemap(bytes);
    const src = keepSourceOf(bytes, r);
    if (!src) throw new Error('no source');
    const entries = r.document.entries.slice();
    entries[20] = { ...entries[20], priority: '0.9' };
    const out = keepFormat({ ...r.document, entries }, src);
    const diff = diffOfOps(out.source, out.ops, out.edited, (b) => new TextDecoder().decode(b));
    const [head, del, add] = diff.preview.split('\n');
    expect(head).toBe('@@ -1,1 +1,1 @@');
    expect(del.startsWith('-…')).toBe(true);
    expect(add.startsWith('+…')).toBe(true);
    expect(add).toContain('<priority>0.9</priority>');
    expect(del).toContain('<priority>0.5</priority>');
    // The same window of both lines: they differ only in the value.
    expect(add.slice(1).replace('0.9', '0.5')).toBe(del.slice(1));
    expect(add.length).toBeLessThanOrEqual(1 + 1 + 240 + 1);
  });
});
