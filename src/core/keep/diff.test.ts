import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { serializeSitemap } from '../serialize.ts';
import { exportDiff } from './diff.ts';

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
