/**
 * Keep-format export through the app's own path (store → open → edit command → export):
 * untouched corpus files come back byte for byte, an edit changes only its line.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { exportableText } from '../core/testing/exportable.ts';
import { createSitemapClient } from '../workers/client.ts';
import { createEngine } from '../workers/engine.ts';
import { createAppStore } from './store.ts';

const corpusDir = path.resolve(import.meta.dirname, '../../../shared/fixtures/real');
const present = existsSync(path.join(corpusDir, 'SOURCES.md'));
if (!present) console.warn(`keepExport.test: ${corpusDir} is missing; corpus tests are skipped`);
const files = present ? readdirSync(corpusDir).filter((f) => f !== 'SOURCES.md') : [];

function newStore() {
  const worker = createSitemapClient({
    createWorker: () => null,
    engine: createEngine({ decompressionStream: null, gzipStreams: null }),
  });
  return createAppStore({ worker, now: () => Date.UTC(2026, 0, 1) });
}

const XML = `<?xml version="1.0" encoding="UTF-8"?>\r
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\r
\t<url>\r
\t\t<loc>https://a.example/</loc>\r
\t\t<lastmod>2024-01-01</lastmod>\r
\t</url>\r
\t<url>\r
\t\t<loc>https://a.example/b</loc>\r
\t\t<lastmod>2024-01-02</lastmod>\r
\t</url>\r
</urlset>\r
`;

describe('keep-format export through the store', () => {
  it('writes one changed lastmod as one changed line and says so', async () => {
    const store = newStore();
    await store.commands.openFile('s.xml', new TextEncoder().encode(XML));
    expect(store.getState().keepable).toBe(true);
    const second = store.getState().doc?.entries[1];
    if (!second) throw new Error('no entry');
    store.commands.setCell(second.id, 'lastmod', '2025-06-30');
    const r = await store.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    expect(r.kept).toBe(true);
    const out = new TextDecoder().decode(r.files[0].bytes);
    expect(out).toBe(XML.replace('2024-01-02', '2025-06-30'));
    expect(r.diff).toMatchObject({ entries: 1, lines: 1, removedLines: 1, addedLines: 1 });
    expect(r.diff?.preview).toContain('-\t\t<lastmod>2024-01-02</lastmod>');
    // Normalize is the other choice: a full rewrite, its diff says so.
    const n = await store.commands.export({ format: 'xml', keepFormat: false }, 'preview');
    expect(n.kept).toBeUndefined();
    expect(new TextDecoder().decode(n.files[0].bytes)).not.toContain('\r');
    expect(n.diff?.lines).toBeGreaterThan(1);
  });

  it('writes an unescaped & as &amp; and counts it for the Export dialog (ENC-005, review s16 b11)', async () => {
    const store = newStore();
    const amp = XML.replace('https://a.example/', 'https://a.example/fish-&-chips/');
    expect(amp).not.toBe(XML);
    await store.commands.openFile('amp.xml', new TextEncoder().encode(amp));
    const out = await store.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    expect(out).toMatchObject({ kept: true, escaped: 1 });
    expect(new TextDecoder().decode(out.files[0].bytes)).toBe(amp.replace('fish-&-', 'fish-&amp;-'));
  });

  it('falls back to normalized output, saying why, when the format differs', async () => {
    const store = newStore();
    await store.commands.openFile('s.xml', new TextEncoder().encode(XML));
    const r = await store.commands.export({ format: 'txt', keepFormat: true }, 'preview');
    expect(r.kept).toBeUndefined();
    expect(r.keepNote).toBe(
      'an XML file exported as text becomes a new file in that format, with no layout of its own to keep',
    );
  });

  it('writes a text file asked for gzipped XML as gzipped XML (.xml.gz), normalized, saying why', async () => {
    const store = newStore();
    await store.commands.openFile(
      's.txt',
      new TextEncoder().encode('https://a.example/\nhttps://a.example/b\n'),
    );
    expect(store.getState().keepable).toBe(true);
    const r = await store.commands.export({ format: 'xml.gz', keepFormat: true, baseName: 's' }, 'preview');
    expect(r.kept).toBeUndefined();
    expect(r.files.map((f) => f.name)).toEqual(['s.xml.gz']);
    expect(new TextDecoder().decode(gunzipSync(r.files[0].bytes))).toMatch(/^<\?xml[\s\S]*<urlset/);
    expect(r.keepNote).toBe(
      'a text file exported as gzipped XML becomes a new file in that format, with no layout of its own to keep',
    );
  });

  it('keeps a text file as gzipped text (.txt.gz) when asked for that', async () => {
    const store = newStore();
    const text = 'https://a.example/\r\nhttps://a.example/b\r\n';
    await store.commands.openFile('s.txt.gz', gzipSync(new TextEncoder().encode(text)));
    const r = await store.commands.export({ format: 'txt.gz', keepFormat: true }, 'preview');
    expect(r.kept).toBe(true);
    expect(r.files[0].name).toMatch(/\.txt\.gz$/);
    expect(new TextDecoder().decode(gunzipSync(r.files[0].bytes))).toBe(text);
  });

  it.skipIf(!present)(
    'gives back every well-formed corpus file byte for byte when nothing was edited',
    async () => {
      let checked = 0;
      for (const file of files) {
        const bytes = new Uint8Array(readFileSync(path.join(corpusDir, file)));
        const r = parseSitemap(bytes, { fileName: file });
        if (r.fatal || r.kind === 'feed' || r.kind === 'robots') continue;
        // Not well-formed: an unescaped & is written as &amp; (core keepAmp.test.ts).
        if (r.issues.some((i) => i.rule === 'ENC-005')) continue;
        const store = newStore();
        await store.commands.openFile(file, bytes.slice());
        const gz = r.document.source?.gzip === true;
        const format = r.kind === 'text' ? (gz ? 'txt.gz' : 'txt') : gz ? 'xml.gz' : 'xml';
        const out = await store.commands.export({ format, keepFormat: true }, 'preview');
        expect(out.kept, file).toBe(true);
        checked++;
        if (out.changes !== undefined) {
          // What the spec forbids before the root is left out, said, and nothing else changes.
          expect(out.changes.length, file).toBeGreaterThan(0);
          const text = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
          expect(text(out.files[0].bytes), file).toBe(exportableText(text(bytes), r.kind));
          continue;
        }
        expect(out.diff?.lines, file).toBe(0);
        expect(Buffer.from(out.files[0].bytes).equals(Buffer.from(bytes)), file).toBe(true);
      }
      expect(checked).toBeGreaterThan(55);
    },
  );
});
