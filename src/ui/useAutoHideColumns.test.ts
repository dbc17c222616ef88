import { describe, expect, it } from 'vitest';
import { emptyExtensionColumns } from './useAutoHideColumns.ts';

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
