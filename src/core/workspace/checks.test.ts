import { describe, expect, it } from 'vitest';
import { lastmodMs, newestLastmod } from './checks.ts';

describe('lastmodMs', () => {
  it('reads W3C dates, a date-only value as its start or its last millisecond', () => {
    expect(lastmodMs('2024-06-24', false)).toBe(Date.UTC(2024, 5, 24));
    expect(lastmodMs('2024-06-24', true)).toBe(Date.UTC(2024, 5, 25) - 1);
    expect(lastmodMs(' 2024-06-24T09:30+02:00 ', false)).toBe(Date.UTC(2024, 5, 24, 7, 30));
    expect(lastmodMs('2024-06-24T09:30:00.5Z', true)).toBe(Date.UTC(2024, 5, 24, 9, 30, 0, 500));
  });

  it('reads a time without zone as UTC and rejects non-W3C values', () => {
    expect(lastmodMs('2024-06-24T09:30:00', false)).toBe(Date.UTC(2024, 5, 24, 9, 30));
    expect(lastmodMs('2024-06-24 09:30:00', false)).toBeNull();
    expect(lastmodMs('Mon, 24 Jun 2024 09:30:00 GMT', false)).toBeNull();
    expect(lastmodMs('2024-13-45', false)).toBeNull();
    expect(lastmodMs('2024', false)).toBeNull();
  });
});

describe('newestLastmod', () => {
  it('returns the newest parsable value as written, ignoring junk', () => {
    const doc = {
      kind: 'urlset' as const,
      nextId: 4,
      entries: [
        { id: 0, loc: 'a', lastmod: '2024-06-24T10:00:00+02:00' },
        { id: 1, loc: 'b', lastmod: 'yesterday' },
        { id: 2, loc: 'c', lastmod: '2024-06-24T09:00:00Z' },
        { id: 3, loc: 'd' },
      ],
    };
    expect(newestLastmod(doc)).toEqual({ ms: Date.UTC(2024, 5, 24, 9), value: '2024-06-24T09:00:00Z' });
    expect(newestLastmod({ kind: 'urlset', nextId: 0, entries: [] })).toBeNull();
  });
});
