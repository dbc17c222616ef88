import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../model.ts';
import { entryBytes } from '../rules/size.ts';
import { serializeSitemap } from '../serialize.ts';
import { cut } from './estimate.ts';

const bytes = (doc: SitemapDocument) =>
  new TextEncoder().encode(serializeSitemap(doc, { format: 'xml' })).length;

const samples: Entry[] = [
  { id: 0, loc: 'https://www.example.com/' },
  {
    id: 1,
    loc: 'https://www.example.com/a?x=1&y=2',
    lastmod: '2024-06-24T09:30:00+02:00',
    changefreq: 'daily',
    priority: '0.8',
  },
  {
    id: 2,
    loc: 'https://www.example.com/caf%C3%A9',
    images: [{ loc: 'https://cdn.example.com/é.jpg', caption: 'Crème & brûlée' }],
  },
  {
    id: 3,
    loc: 'https://www.example.com/v',
    videos: [
      {
        nodes: [
          { name: 'thumbnail_loc', text: 'https://cdn.example.com/t.jpg' },
          { name: 'title', text: 'Grilling "steaks" <fast>' },
          { name: 'description', text: 'Five minutes, one pan.' },
          { name: 'price', text: '1.99', attrs: { currency: 'EUR' } },
        ],
      },
    ],
    alternates: [
      { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/v' },
      { rel: 'alternate', hreflang: 'x-default', href: 'https://www.example.com/v' },
    ],
  },
  {
    id: 4,
    loc: 'https://www.example.com/extras',
    images: [
      {
        loc: 'https://cdn.example.com/x.jpg',
        extras: [{ ns: 'urn:x', name: 'note', xml: '<x:note>Crème brûlée, très très très bien</x:note>' }],
      },
    ],
    extras: [{ ns: 'urn:x', name: 'note', xml: '<x:note>日本語の説明文はここにあります。長い説明</x:note>' }],
  },
];

describe('entryBytes, the estimate cut() splits by', () => {
  it('is never below the bytes the serializer writes for the entry', () => {
    // The base entry uses every namespace, so the difference is the entry alone, not a declaration.
    const base: Entry = {
      id: 0,
      loc: 'https://www.example.com/base',
      images: [{ loc: 'https://cdn.example.com/b.jpg' }],
      videos: [{ nodes: [{ name: 'title', text: 'b' }] }],
      alternates: [{ rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/base' }],
    };
    for (const entry of samples) {
      const without = bytes({ kind: 'urlset', entries: [base], nextId: 1 });
      const withIt = bytes({ kind: 'urlset', entries: [base, { ...entry, id: 9 }], nextId: 10 });
      expect(entryBytes(entry, 'urlset'), `entry ${entry.id}`).toBeGreaterThanOrEqual(withIt - without);
    }
  });
});

describe('cut', () => {
  const entries = Array.from({ length: 7 }, (_, id) => ({ id, loc: `https://a.example/${id}` }));

  it('cuts by count and returns the same array when everything fits', () => {
    expect(cut(entries, 3, Number.POSITIVE_INFINITY).map((r) => r.length)).toEqual([3, 3, 1]);
    const whole = cut(entries, 10, Number.POSITIVE_INFINITY);
    expect(whole).toHaveLength(1);
    expect(whole[0]).toBe(entries);
  });

  it('cuts by estimated bytes, never leaving a run empty', () => {
    const per = entryBytes(entries[0], 'urlset');
    expect(cut(entries, 100, 1024 + 2 * per).map((r) => r.length)).toEqual([2, 2, 2, 1]);
    expect(cut(entries, 100, 10).map((r) => r.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
