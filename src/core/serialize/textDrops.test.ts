import { describe, expect, it } from 'vitest';
import type { Entry } from '../model.ts';
import { textDrops } from './entries.ts';

describe('textDrops: what a text sitemap would leave out', () => {
  it('nothing when every entry holds only its URL', () => {
    const entries: Entry[] = [
      { id: 0, loc: 'https://www.example.com/' },
      { id: 1, loc: '# a comment line' },
    ];
    expect(textDrops(entries)).toEqual({ rows: 0, fields: [] });
  });

  it('counts the rows with other values and names their fields in display order', () => {
    const entries: Entry[] = [
      { id: 0, loc: 'https://www.example.com/a', changefreq: 'weekly' },
      { id: 1, loc: 'https://www.example.com/b' },
      { id: 2, loc: 'https://www.example.com/c', lastmod: '2024-05-01', changefreq: 'daily' },
    ];
    expect(textDrops(entries)).toEqual({ rows: 2, fields: ['Last modified', 'Change frequency'] });
  });

  it('names list fields and unknown elements too', () => {
    const entries: Entry[] = [
      {
        id: 0,
        loc: 'https://www.example.com/a',
        priority: '0.5',
        images: [{ loc: 'https://www.example.com/i.png' }],
      },
      {
        id: 1,
        loc: 'https://www.example.com/b',
        alternates: [{ hreflang: 'de', href: 'https://www.example.com/de/b' }],
        extras: [{ ns: 'urn:x', name: 'x:y', xml: '<x:y/>' }],
      },
    ] as Entry[];
    expect(textDrops(entries)).toEqual({
      rows: 2,
      fields: ['Priority', 'Images', 'Alternates', 'Other elements'],
    });
  });
});
