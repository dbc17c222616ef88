/**
 * Review s16 b12/b17: the dates a CMS writes get an automatic fix. A time without a zone keeps its
 * date (the spec: never invent a zone), so `2024-04-01 10:00` is no longer "edit by hand".
 */
import { describe, expect, it } from 'vitest';
import { getFix, planFixAll } from '../fixes.ts';
import type { Entry, SitemapDocument } from '../model.ts';
import { validateDocument } from '../validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const doc = (dates: string[]): SitemapDocument => ({
  kind: 'urlset',
  entries: dates.map((lastmod, id): Entry => ({ id, loc: `https://www.example.com/${id}`, lastmod })),
  nextId: dates.length,
});

function fixed(rule: string, dates: string[], dateOrder?: 'dmy' | 'mdy') {
  const d = doc(dates);
  const settings = { now: NOW, dateOrder };
  const p = planFixAll(rule, validateDocument(d, settings), { document: d, settings });
  return { p, out: d.entries.map((e) => p.result.update?.find((u) => u.id === e.id)?.lastmod ?? null) };
}

describe('lastmod fixes for the forms a CMS writes', () => {
  it('LASTMOD-001: space for T, compact offsets, RFC 2822, slashes', () => {
    const { p, out } = fixed('LASTMOD-001', [
      '2024-04-01 10:00',
      '2024-04-01 10:00:00',
      '2024-04-01 10:00:00+0200',
      '2024-04-01T10:00:00+0200',
      'Mon, 01 Apr 2024 10:00:00 GMT',
      'Mon, 01 Apr 2024 10:00:00',
      '2024/04/01',
      '15/04/2024',
    ]);
    expect(out).toEqual([
      '2024-04-01',
      '2024-04-01',
      '2024-04-01T10:00:00+02:00',
      '2024-04-01T10:00:00+02:00',
      '2024-04-01T10:00:00Z',
      '2024-04-01',
      '2024-04-01',
      '2024-04-15',
    ]);
    expect(p).toMatchObject({ rows: 8, cannot: 0 });
  });

  it('LASTMOD-002: a time without a zone keeps its date; the label says so', () => {
    const { p, out } = fixed('LASTMOD-002', [
      '2024-04-01T10:00',
      '2024-04-01T10:00:00',
      '2024-04-01T10:00:00.5',
    ]);
    expect(out).toEqual(['2024-04-01', '2024-04-01', '2024-04-01']);
    expect(p.cannot).toBe(0);
    expect(getFix('LASTMOD-002')?.label).toBe('Keep the date (the time has no zone)');
  });

  it('day/month order: waits for it, then converts', () => {
    expect(fixed('LASTMOD-001', ['03/02/2024']).p).toMatchObject({ rows: 0, needs: { dateOrder: 1 } });
    expect(fixed('LASTMOD-001', ['03/02/2024'], 'dmy').out).toEqual(['2024-02-03']);
  });
});
