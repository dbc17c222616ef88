// Export work off the main thread (issue 20): the Normalize diff against the opened file is
// computed by the worker (`diff` request); the page only copies the bytes and gets the verdict.
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ExportDiff } from '../core/keep/diff.ts';
import { lineDiff } from '../core/keep/diff.ts';
import { createSitemapClient, type SitemapClient } from '../workers/client.ts';
import { createEngine } from '../workers/engine.ts';
import { PROTOCOL_VERSION, type WorkerResponse } from '../workers/protocol.ts';
import { createAppStore } from './store.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://a.example/</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>https://a.example/b</loc></url>
</urlset>
`;

/** The in-thread client, recording the request types it sends to the engine. */
function recordingClient(): { client: SitemapClient; diffs: ExportDiff[] } {
  const client = createSitemapClient({
    createWorker: () => null,
    engine: createEngine({ decompressionStream: null, gzipStreams: null }),
  });
  const diffs: ExportDiff[] = [];
  const diff = client.diff?.bind(client);
  return {
    client: Object.assign(client, {
      diff: diff
        ? async (...args: Parameters<NonNullable<SitemapClient['diff']>>) => {
            const d = await diff(...args);
            if (d) diffs.push(d);
            return d;
          }
        : undefined,
    }),
    diffs,
  };
}

describe('a keep-format export is verified in the worker', () => {
  async function editedStore(verify: NonNullable<SitemapClient['verify']>) {
    const { client } = recordingClient();
    const worker = Object.assign(client, { verify });
    const store = createAppStore({ worker, now: () => Date.UTC(2026, 0, 1) });
    await store.commands.openFile('s.xml', enc(XML));
    const second = store.getState().doc?.entries[1];
    if (!second) throw new Error('no entry');
    store.commands.setCell(second.id, 'lastmod', '2025-06-30');
    return store;
  }

  it('the page sends the rewritten file and the document, and keeps the format on an ok', async () => {
    const seen: Array<{ entries: number; text: string }> = [];
    const store = await editedStore(async (doc, bytes) => {
      seen.push({ entries: doc.entries.length, text: new TextDecoder().decode(bytes) });
      return [];
    });
    const r = await store.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    expect(r.kept).toBe(true);
    expect(seen).toEqual([
      {
        entries: 2,
        text: XML.replace('</loc></url>\n</urlset>', '</loc><lastmod>2025-06-30</lastmod></url>\n</urlset>'),
      },
    ]);
    expect(new TextDecoder().decode(r.files[0].bytes)).toBe(seen[0].text);
  });

  it("the worker's verdict blocks keeping the format: the export is normalized, saying why", async () => {
    const store = await editedStore(async () => [
      { entry: 1, message: 'Entry “b”: its lastmod would change' },
    ]);
    const r = await store.commands.export({ format: 'xml', keepFormat: true }, 'preview');
    expect(r.kept).toBeUndefined();
    expect(r.keepNote).toBe(
      'the rewritten file did not read back as the document (Entry “b”: its lastmod would change)',
    );
  });
});

describe('the Normalize diff runs in the worker', () => {
  it('a normalized export asks the worker for its diff, and shows that diff', async () => {
    const { client, diffs } = recordingClient();
    const store = createAppStore({ worker: client, now: () => Date.UTC(2026, 0, 1) });
    await store.commands.openFile('s.xml', enc(XML));
    const r = await store.commands.export({ format: 'xml', keepFormat: false }, 'preview');
    expect(diffs).toHaveLength(1);
    expect(r.diff).toEqual(diffs[0]);
    expect(r.diff?.lines).toBeGreaterThan(0);
  });

  it('the engine answers a diff request with core lineDiff, reading a gzip export back', async () => {
    const out: WorkerResponse[] = [];
    const after = 'a\nB\nc\n';
    await createEngine({ decompressionStream: null }).handle(
      {
        version: PROTOCOL_VERSION,
        requestId: 3,
        type: 'diff',
        before: enc('a\nb\nc\n'),
        after: gzipSync(enc(after)),
        gzipped: true,
        lines: [1, 2, 3],
        added: 0,
      },
      (m) => out.push(m),
    );
    const result = out.find((m) => m.type === 'result');
    expect(result?.type === 'result' && result.kind === 'diff' && result.result).toEqual(
      lineDiff('a\nb\nc\n', after, [1, 2, 3], 0),
    );
  });
});
