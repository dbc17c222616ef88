import { describe, expect, it } from 'vitest';
import type { EntryCtx } from './rules/common.ts';
import { checkLastmod, NO_LASTMOD } from './rules/lastmod.ts';
import { dayKeyOfMs, parseW3cDate, QUICK_DAY, QUICK_MINUTE, QUICK_SECOND, quickW3c } from './w3cDate.ts';

const CODES = { day: QUICK_DAY, minute: QUICK_MINUTE, second: QUICK_SECOND } as Record<string, number>;

/** What `quickW3c` must answer for `s`, from `parseW3cDate`: the same key and precision, or -1 (slow path). */
function expected(s: string): number | 'any' {
  const d = parseW3cDate(s);
  if (!d.ok) return -1;
  const code = CODES[d.precision];
  // Forms the fast path leaves to parseW3cDate (year, year-month, fractions of a second) may answer -1.
  if (code === undefined || s.includes('.')) return 'any';
  return d.dayKey * 8 + code;
}

/** Deterministic pseudo-random numbers. */
function prng(seed: number): () => number {
  let x = seed;
  return () => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) | 0;
    return ((x >>> 8) & 0xffff) / 0x10000;
  };
}

const PIECES = [
  '2024',
  '-',
  '06',
  '24',
  'T',
  '09',
  ':',
  '30',
  '00',
  'Z',
  '+',
  '02',
  '14',
  '15',
  '60',
  '24',
  '29',
  '02',
  '.5',
  ' ',
  '1',
  '0',
  '99',
  '59',
  '23',
  '13',
  '31',
  '04',
];

describe('quickW3c, the fast path of lastmod', () => {
  it('answers the common forms exactly as parseW3cDate does', () => {
    const cases = [
      '2024-06-24',
      '2024-06-24T09:30:00Z',
      '2024-06-24T09:30:00+02:00',
      '2024-06-24T09:30:00-14:00',
      '2024-06-24T09:30+02:00',
      '2024-06-24T09:30Z',
      '2024-02-29',
      '2023-02-29',
      '2024-06-24T24:00:00Z',
      '2024-06-24T23:60:00Z',
      '2024-06-24T23:59:60Z',
      '2024-06-24T09:30:00+14:01',
      '2024-06-24T09:30:00+15:00',
      '2024-06-24T09:30:00+0200',
      '2024-06-24T09:30:00',
      '2024-06-24T09:30:00.5Z',
      '2024-06-24Z',
      '2024-06-24+02:00',
      '2024-06-24 09:30:00Z',
      '2024-6-24',
      '2024-06',
      '2024',
      '0050-01-01',
      '1970-01-01T02:00:00+02:00',
      '2024-13-01',
      '2024-00-10',
      '2024-06-00',
      '2024-06-24T09:30:00Zx',
      '2024-06-24T09:30:00+02:00x',
      '２０２４-06-24',
    ];
    for (const s of cases) {
      const want = expected(s);
      if (want !== 'any') expect([s, quickW3c(s)]).toEqual([s, want]);
    }
    expect(quickW3c('2024-06-24T09:30:00Z')).toBe(20240624 * 8 + QUICK_SECOND);
  });

  it('agrees with parseW3cDate on 20,000 generated strings', () => {
    const rnd = prng(7);
    let fast = 0;
    for (let k = 0; k < 20_000; k++) {
      let s = '';
      // Mostly well-formed values with one piece changed, some pure noise.
      if (rnd() < 0.7) {
        const parts = ['2024', '-', '06', '-', '24', 'T', '09', ':', '30', ':', '00', '+', '02', ':', '00'];
        const cut = rnd() < 0.3 ? 5 : rnd() < 0.5 ? 11 : parts.length;
        parts.length = cut;
        if (cut === parts.length && rnd() < 0.3) parts.splice(11, 4, 'Z');
        parts[Math.floor(rnd() * parts.length)] = PIECES[Math.floor(rnd() * PIECES.length)];
        s = parts.join('');
      } else {
        const n = 1 + Math.floor(rnd() * 9);
        for (let i = 0; i < n; i++) s += PIECES[Math.floor(rnd() * PIECES.length)];
      }
      const want = expected(s);
      const got = quickW3c(s);
      if (got >= 0) fast++;
      if (want !== 'any') expect([s, got]).toEqual([s, want]);
      else expect([s, got === -1 || got === expected(s)]).toEqual([s, true]);
    }
    // The generator reaches the fast path often enough for the comparison to mean something.
    expect(fast).toBeGreaterThan(1_000);
  });

  it('dayKeyOfMs is the UTC calendar day of an instant', () => {
    for (
      let ms = Date.UTC(1899, 11, 30, 5);
      ms < Date.UTC(2101, 0, 3);
      ms += 86_400_000 * 13 + 3_600_000 * 7
    ) {
      const d = new Date(ms);
      const key = d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
      expect(dayKeyOfMs(ms)).toBe(key);
    }
    expect(dayKeyOfMs(Date.UTC(2024, 1, 29, 23, 59, 59, 999))).toBe(20240229);
    expect(dayKeyOfMs(Date.UTC(2024, 2, 1))).toBe(20240301);
  });
});

describe('checkLastmod, fast and full paths', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  const check = (lastmod: string) => {
    const out: EntryCtx['out'] = [];
    const ctx: EntryCtx = {
      entry: { id: 0, loc: 'https://a.example/', lastmod },
      kind: 'urlset',
      settings: { now },
      out,
    };
    return { facts: checkLastmod(ctx), rules: out.map((i) => i.rule) };
  };

  it('reports the same dates in the future around "now" at every zone', () => {
    // Days near "now" take the full path; earlier days the fast one: both sides of the edge.
    for (let day = -4; day <= 2; day++) {
      const d = new Date(now + day * 86_400_000).toISOString().slice(0, 10);
      for (const v of [d, `${d}T23:59:59-14:00`, `${d}T00:00:00+14:00`, `${d}T12:05:00Z`, `${d}T12:11Z`]) {
        const parsed = parseW3cDate(v);
        if (!parsed.ok) throw new Error(v);
        const future = parsed.earliestMs > now + 10 * 60_000;
        expect([v, check(v).rules.includes('LASTMOD-006')]).toEqual([v, future]);
      }
    }
  });

  it('returns the day key and whether the value is a plain day', () => {
    expect(check('2024-06-24').facts).toBe(20240624 * 2 + 1);
    expect(check('2024-06-24T09:30:00Z').facts).toBe(20240624 * 2);
    expect(check('2024-06-24T09:30Z')).toEqual({ facts: 20240624 * 2, rules: ['LASTMOD-005'] });
    expect(check('1970-01-01')).toEqual({ facts: 19700101 * 2 + 1, rules: ['LASTMOD-008'] });
    expect(check('2024-06')).toEqual({ facts: 20240600 * 2, rules: ['LASTMOD-004'] });
    expect(check('2023-02-29')).toEqual({ facts: NO_LASTMOD, rules: ['LASTMOD-003'] });
    expect(check(' 2024-06-24 ')).toEqual({ facts: 20240624 * 2 + 1, rules: ['LASTMOD-001'] });
  });
});
