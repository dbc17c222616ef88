import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import {
  emptyExtensionColumns,
  extensionColumnsDecided,
  SCAN_SLICE,
  scanExtensionColumns,
} from './extensionColumns.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

describe('emptyExtensionColumns', () => {
  it('lists the extension columns no entry uses', () => {
    const doc = {
      kind: 'urlset' as const,
      nextId: 2,
      entries: [
        { id: 0, loc: 'https://a.example/', images: [{ loc: 'https://a.example/i.png' }] },
        {
          id: 1,
          loc: 'https://a.example/b',
          alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://a.example/de/b' }],
        },
      ],
    };
    expect(emptyExtensionColumns(doc)).toEqual(['videos', 'news']);
    expect(emptyExtensionColumns({ kind: 'text', nextId: 0, entries: [] })).toEqual([
      'images',
      'videos',
      'news',
      'alternates',
    ]);
  });
});

describe('scanExtensionColumns', () => {
  const entries = Array.from({ length: 25 }, (_, i) =>
    i === 17
      ? { id: i, loc: `https://a.example/${i}`, news: [{ name: 'N', language: 'en', title: 'T' }] }
      : i === 3
        ? { id: i, loc: `https://a.example/${i}`, images: [] }
        : { id: i, loc: `https://a.example/${i}` },
  );

  it('reads at most `max` entries per call and finds what one pass finds', () => {
    const used = { images: false, videos: false, news: false, alternates: false };
    const ends: number[] = [];
    for (let at = 0; at < entries.length; ) {
      at = scanExtensionColumns(entries as never, used, at, 10);
      ends.push(at);
    }
    expect(ends).toEqual([10, 20, 25]);
    // An empty list does not count as used.
    expect(used).toEqual({ images: false, videos: false, news: true, alternates: false });
    expect(emptyExtensionColumns({ kind: 'urlset', nextId: 25, entries: entries as never })).toEqual([
      'images',
      'videos',
      'alternates',
    ]);
  });

  it('stops early once every column is used', () => {
    const used = { images: true, videos: true, news: true, alternates: false };
    expect(scanExtensionColumns(entries as never, used, 0, 10)).toBe(10);
    const rich = [
      { id: 0, loc: 'https://a.example/', alternates: [{ rel: 'alternate', hreflang: 'de', href: 'x' }] },
    ];
    expect(scanExtensionColumns([...rich, ...entries] as never, used, 0, 10)).toBe(26);
  });
});

describe('hiding unused extension columns on open', () => {
  const parsed = (n: number, withImage: boolean): SitemapDocument => ({
    kind: 'urlset',
    nextId: n,
    source: { bytes: 1, decodedBytes: 1, gzip: false, encoding: 'utf-8' },
    entries: Array.from({ length: n }, (_, id) =>
      id === n - 1 && withImage
        ? { id, loc: `https://a.example/${id}`, images: [{ loc: 'https://a.example/i.png' }] }
        : { id, loc: `https://a.example/${id}` },
    ),
  });
  const storeFor = (doc: SitemapDocument) =>
    createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });

  it('a file up to SCAN_SLICE rows has them hidden in the same state change as the document', async () => {
    const store = storeFor(parsed(SCAN_SLICE, true));
    store.commands.setHiddenColumns(['images', 'priority']);
    // Every state the grid could render with the new document already hides the unused columns.
    const seen: string[][] = [];
    store.subscribe(() => {
      const s = store.getState();
      if (s.doc) seen.push([...s.view.hiddenColumns]);
    });
    await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
    expect(seen.length).toBeGreaterThan(0);
    for (const hidden of seen) {
      expect(hidden).toContain('priority');
      expect(hidden).toEqual(expect.arrayContaining(['videos', 'news', 'alternates']));
      expect(hidden).not.toContain('images');
    }
  });

  it('a bigger file whose parse says which columns it uses has them hidden with the document', async () => {
    const doc = parsed(SCAN_SLICE + 1, false);
    // The report, not a scan, decides: it names images used although no entry here has one.
    const used = { images: true, videos: false, news: true, alternates: false };
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null, used })),
      now: () => 0,
    });
    store.commands.setHiddenColumns(['news', 'priority']);
    const seen: string[][] = [];
    store.subscribe(() => {
      const s = store.getState();
      if (s.doc) seen.push([...s.view.hiddenColumns]);
    });
    await store.commands.openFile('big.xml', new Uint8Array([1]));
    expect(seen.length).toBeGreaterThan(0);
    for (const hidden of seen) {
      expect(hidden).toEqual(expect.arrayContaining(['priority', 'videos', 'alternates']));
      expect(hidden).not.toContain('images');
      expect(hidden).not.toContain('news');
    }
    const open = store.getState().doc;
    // Nothing is left for the page to read after the first render (ui/useAutoHideColumns.ts).
    expect(open && extensionColumnsDecided(open)).toBe(true);
  });

  it('leaves a bigger file and a new sitemap to the columns the user chose', async () => {
    const big = storeFor(parsed(SCAN_SLICE + 1, false));
    await big.commands.openFile('big.xml', new Uint8Array([1]));
    expect(big.getState().view.hiddenColumns).not.toContain('images');
    const bigDoc = big.getState().doc;
    // Unreported and too big to read at once: left to the sliced read after the first render.
    expect(bigDoc && extensionColumnsDecided(bigDoc)).toBe(false);
    const fresh = storeFor(parsed(1, false));
    fresh.commands.newDocument('urlset');
    expect(fresh.getState().view.hiddenColumns).not.toContain('images');
  });
});
