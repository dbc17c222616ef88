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
