import { describe, expect, it } from 'vitest';
import { emptyExtensionColumns, scanExtensionColumns } from './useAutoHideColumns.ts';

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
