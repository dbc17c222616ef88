/**
 * Issue #18: the idle warm-up of the open path runs the real open's requests (gzip → worker
 * parse → worker validation) on generated sitemaps, and starts no round once a real open began.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { Validator } from '../core/validate.ts';
import { createSitemapClient, type SitemapClient } from '../workers/client.ts';
import { createAppStore } from './store.ts';
import { engineWorker, fakeClient } from './testing.ts';
import { warmIdle, warmOpenPath, warmSitemap } from './warmOpen.ts';

const idle = (fn: () => void) => void setTimeout(fn, 0);
const NOW = Date.UTC(2026, 0, 1);

describe('warm-up sitemaps', () => {
  it('are well-formed sitemaps with images and hreflang, with the few findings a real one has', () => {
    const parsed = parseSitemap(new TextEncoder().encode(warmSitemap(600)), { fileName: 'w.xml' });
    expect(parsed.fatal).toBeNull();
    expect(parsed.issues).toEqual([]);
    expect(parsed.document.entries).toHaveLength(600);
    expect(parsed.document.entries.filter((e) => e.images?.length)).toHaveLength(60);
    expect(parsed.document.entries.filter((e) => e.alternates?.length === 3)).toHaveLength(24);
    const v = new Validator({ now: Date.UTC(2026, 0, 1) });
    v.load(parsed.document, parsed.issues);
    const counts = v.counts();
    expect(counts.warning).toBe(0);
    // Errors only where hreflang points at pages outside the file (what a split sitemap shows).
    expect([...counts.byRule].filter(([, r]) => r.severity === 'error').map(([id]) => id)).toEqual([
      'HREF-005',
    ]);
  });
});

describe('warmOpenPath', () => {
  it('runs each round as a gzip parse request validated in the worker', async () => {
    const requests: string[] = [];
    const client = createSitemapClient({ createWorker: () => engineWorker(requests) });
    const seen: Array<[number, boolean]> = [];
    const rounds = await warmOpenPath(
      {
        client,
        settings: () => ({ now: Date.UTC(2026, 0, 1) }),
        stopped: () => false,
        whenIdle: idle,
        received: (r) => seen.push([r.document.entries.length, r.validation !== undefined]),
      },
      [20, 40],
    );
    expect(rounds).toBe(2);
    expect(requests).toEqual(['parse +validate', 'parse +validate']);
    expect(seen).toEqual([
      [20, true],
      [40, true],
    ]);
    client.dispose();
  });

  it('starts no round once a real open has used the worker', async () => {
    const requests: string[] = [];
    const client = createSitemapClient({ createWorker: () => engineWorker(requests) });
    let opened = false;
    const rounds = await warmOpenPath(
      {
        client,
        settings: () => ({ now: Date.UTC(2026, 0, 1) }),
        stopped: () => opened,
        whenIdle: idle,
        received: () => {
          opened = true; // a real open arrives while the first round runs
        },
      },
      [20, 40, 60],
    );
    expect(rounds).toBe(1);
    expect(requests).toEqual(['parse +validate']);
    client.dispose();
  });
});

describe('warmIdle (the browser wiring)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const browserLike = () => {
    vi.stubGlobal('Worker', class {});
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => setTimeout(fn, 0));
  };

  it('runs nothing on the page when the worker could not start', async () => {
    browserLike();
    let engineRuns = 0;
    const client = createSitemapClient({
      createWorker: () => null,
      engine: {
        handle: async () => {
          engineRuns++;
        },
      },
    });
    expect(await warmIdle(client, () => false)).toBe(0);
    expect(engineRuns).toBe(0);
  });

  it('sends the validation settings in the shape a real open sends them, field for field', async () => {
    browserLike();
    // What the store sends with a real open (default settings, nothing else set).
    const sent: unknown[] = [];
    const recording = (): SitemapClient => {
      const c = fakeClient();
      return {
        ...c,
        parse: (...args: Parameters<SitemapClient['parse']>) => {
          sent.push(args[5]);
          return c.parse(...args);
        },
      };
    };
    const store = createAppStore({ worker: recording(), now: () => NOW });
    await store.commands.openFile('a.xml', new TextEncoder().encode('<urlset/>'));
    let opened = false;
    const warm = recording();
    const client = Object.assign(Object.create(warm) as SitemapClient, {
      parse: (...args: Parameters<SitemapClient['parse']>) => {
        opened = true; // one round is enough
        return warm.parse(...args);
      },
    });
    expect(await warmIdle(client, () => opened)).toBe(0);
    expect(sent).toHaveLength(2);
    // The worker's code is optimized for the object shapes it sees: the same keys in the same order.
    expect(Object.keys(sent[1] as object)).toEqual(Object.keys(sent[0] as object));
    expect(sent[1]).toEqual({ ...(sent[0] as object), now: expect.any(Number) });
  });

  it('runs nothing once a file was opened', async () => {
    browserLike();
    const requests: string[] = [];
    const client = createSitemapClient({ createWorker: () => engineWorker(requests) });
    expect(await warmIdle(client, () => true)).toBe(0);
    expect(requests).toEqual([]);
    client.dispose();
  });
});
