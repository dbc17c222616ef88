import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastLastmodMs, lastmodMs, newestLastmod, newestLastmodIn } from './lastmod.ts';

const p2 = (n: number) => String(n).padStart(2, '0');

/** W3C-looking values, including days past the month's end, 24:00 and zones without a colon. */
const lastmodArb = fc
  .record({
    y: fc.integer({ min: 0, max: 2600 }),
    m: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    time: fc.option(
      fc.record({
        h: fc.integer({ min: 0, max: 24 }),
        mi: fc.integer({ min: 0, max: 60 }),
        s: fc.option(fc.integer({ min: 0, max: 60 })),
        frac: fc.option(fc.stringMatching(/^\d{1,6}$/)),
        zone: fc.constantFrom('', 'Z', '+02:00', '-05:30', '+0100', '+24:00', 'z'),
      }),
    ),
    pad: fc.constantFrom('', ' ', '\n'),
  })
  .map(({ y, m, d, time, pad }) => {
    let v = `${String(y).padStart(4, '0')}-${p2(m)}-${p2(d)}`;
    if (time !== null) {
      v += `T${p2(time.h)}:${p2(time.mi)}`;
      if (time.s !== null) v += `:${p2(time.s)}${time.frac === null ? '' : `.${time.frac}`}`;
      v += time.zone;
    }
    return `${pad}${v}${pad}`;
  });

/** The reading the workspace had before the arithmetic fast path: `Date.parse`, UTC without zone. */
function dateParseMs(value: string, endOfDay: boolean): number | null {
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T|$)/.test(v)) return null;
  const ms = Date.parse(v.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/.test(v) ? `${v}Z` : v);
  if (Number.isNaN(ms)) return null;
  return endOfDay && v.length === 10 ? ms + 86_399_999 : ms;
}

describe('lastmodMs', () => {
  it('reads W3C dates, a date-only value as its start or its last millisecond', () => {
    expect(lastmodMs('2024-06-24', false)).toBe(Date.UTC(2024, 5, 24));
    expect(lastmodMs('2024-06-24', true)).toBe(Date.UTC(2024, 5, 25) - 1);
    expect(lastmodMs(' 2024-06-24T09:30+02:00 ', false)).toBe(Date.UTC(2024, 5, 24, 7, 30));
    expect(lastmodMs('2024-06-24T09:30:00.5Z', true)).toBe(Date.UTC(2024, 5, 24, 9, 30, 0, 500));
    expect(lastmodMs('1969-12-31T23:59:59.9999-01:00', false)).toBe(Date.UTC(1970, 0, 1, 0, 59, 59, 999));
  });

  it('reads a time without zone as UTC and rejects non-W3C values', () => {
    expect(lastmodMs('2024-06-24T09:30:00', false)).toBe(Date.UTC(2024, 5, 24, 9, 30));
    expect(lastmodMs('2024-06-24 09:30:00', false)).toBeNull();
    expect(lastmodMs('Mon, 24 Jun 2024 09:30:00 GMT', false)).toBeNull();
    expect(lastmodMs('2024-13-45', false)).toBeNull();
    expect(lastmodMs('2024', false)).toBeNull();
  });

  it('reads every value exactly as Date.parse does, fast path or not (property)', () => {
    fc.assert(
      fc.property(lastmodArb, fc.boolean(), (v, endOfDay) => {
        expect(lastmodMs(v, endOfDay)).toBe(dateParseMs(v, endOfDay));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves unusual forms to Date.parse: 24:00, a day past the month end, a zone without colon', () => {
    expect(fastLastmodMs('2024-06-01T24:00:00Z')).toBeNull();
    expect(fastLastmodMs('2023-02-29')).toBeNull();
    expect(fastLastmodMs('2024-06-01T10:00+0100')).toBeNull();
    expect(fastLastmodMs(' 2024-06-01')).toBeNull();
    expect(fastLastmodMs('2024-02-29T10:00Z')).toBe(Date.UTC(2024, 1, 29, 10));
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
        { id: 2, loc: 'c', lastmod: ' 2024-06-24T09:00:00Z ' },
        { id: 3, loc: 'd' },
      ],
    };
    expect(newestLastmod(doc)).toEqual({ ms: Date.UTC(2024, 5, 24, 9), value: '2024-06-24T09:00:00Z' });
    expect(newestLastmod({ kind: 'urlset', nextId: 0, entries: [] })).toBeNull();
  });

  it('gives the same answer scanned in pieces, the first of equal instants winning', () => {
    const entries = ['2024-01-02', '2024-01-03T00:00Z', '2024-01-03', '2023-12-31T23:00-02:00'].map(
      (lastmod, id) => ({ id, loc: `u${id}`, lastmod }),
    );
    const whole = newestLastmodIn(entries, 0, 4, null);
    expect(whole).toEqual({ ms: Date.UTC(2024, 0, 3), value: '2024-01-03T00:00Z' });
    expect(newestLastmodIn(entries, 2, 4, newestLastmodIn(entries, 0, 2, null))).toEqual(whole);
  });
});
