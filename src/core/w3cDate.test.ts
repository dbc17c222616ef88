import { describe, expect, it } from 'vitest';
import { convertToW3c, daysFromCivil, daysInMonth, needsDayMonthOrder, parseW3cDate } from './w3cDate.ts';

const problem = (s: string) => {
  const r = parseW3cDate(s);
  return r.ok ? r.precision : r.problem;
};

describe('parseW3cDate', () => {
  it('accepts every W3C form with its precision', () => {
    expect(problem('2024')).toBe('year');
    expect(problem('2024-06')).toBe('month');
    expect(problem('2024-06-24')).toBe('day');
    expect(problem('2024-06-24T09:30+02:00')).toBe('minute');
    expect(problem('2024-06-24T09:30:00Z')).toBe('second');
    expect(problem('2024-06-24T09:30:00.123-05:00')).toBe('second');
    expect(problem('2024-02-29')).toBe('day');
    expect(problem('2000-02-29')).toBe('day');
  });

  it('rejects impossible calendar values that new Date() would accept', () => {
    expect(problem('2023-02-29')).toBe('impossible');
    expect(problem('1900-02-29')).toBe('impossible');
    expect(problem('2024-02-30')).toBe('impossible');
    expect(problem('2024-13-01')).toBe('impossible');
    expect(problem('2024-06-24T24:00:00Z')).toBe('impossible');
    expect(problem('2024-06-24T09:60:00Z')).toBe('impossible');
    expect(problem('2024-06-24T09:30:00+15:00')).toBe('impossible');
    expect(problem('2024-06-24T09:30:00+14:30')).toBe('impossible');
  });

  it('reports a time without zone separately from bad formats', () => {
    expect(problem('2024-06-24T09:30:00')).toBe('no-zone');
    expect(problem('2024-06-24T09:30')).toBe('no-zone');
    expect(problem('2024-5-7')).toBe('format');
    expect(problem('2024-06-24 09:30:00')).toBe('format');
    expect(problem('24/06/2024')).toBe('format');
    expect(problem('2024-06-24t09:30:00Z')).toBe('format');
    expect(problem('2024-06-24T09:30:00+0200')).toBe('format');
    expect(problem('2024-06-24T09:30:00.Z')).toBe('format');
    expect(problem('2024-06-24Z')).toBe('date-zone');
    expect(problem('')).toBe('empty');
  });

  it('computes the instant including the offset', () => {
    const r = parseW3cDate('2024-06-24T09:30:00+02:00');
    expect(r.ok && r.earliestMs).toBe(Date.UTC(2024, 5, 24, 7, 30));
  });
});

describe('convertToW3c', () => {
  it('converts without assuming a zone when the source names one', () => {
    expect(convertToW3c('Mon, 24 Jun 2024 09:30:00 GMT')).toEqual({
      value: '2024-06-24T09:30:00Z',
      assumedZone: false,
    });
    expect(convertToW3c('24 Jun 2024 09:30:00 +0200')).toEqual({
      value: '2024-06-24T09:30:00+02:00',
      assumedZone: false,
    });
    expect(convertToW3c('2024-06-24 09:30:00+02:00')).toEqual({
      value: '2024-06-24T09:30:00+02:00',
      assumedZone: false,
    });
    expect(convertToW3c('2024/6/7')).toEqual({ value: '2024-06-07', assumedZone: false });
    expect(convertToW3c('2024-06-24T09:30+02:00')).toEqual({
      value: '2024-06-24T09:30:00+02:00',
      assumedZone: false,
    });
    expect(convertToW3c('2024-06-24Z')).toEqual({ value: '2024-06-24', assumedZone: false });
  });

  it('flags conversions that need a zone, and refuses impossible dates', () => {
    expect(convertToW3c('2024-06-24 09:30:00')).toEqual({ value: '2024-06-24T09:30:00Z', assumedZone: true });
    expect(convertToW3c('2024-06-24T09:30:00')).toEqual({ value: '2024-06-24T09:30:00Z', assumedZone: true });
    expect(convertToW3c('2023/02/29')).toBeNull();
    expect(convertToW3c('yesterday')).toBeNull();
  });
});

describe('convertToW3c for typed dates (issue 15)', () => {
  it('pads YYYY-M-D and YYYY/MM/DD, converts RFC 2822', () => {
    expect(convertToW3c('2024-1-5')?.value).toBe('2024-01-05');
    expect(convertToW3c('2024/01/15')?.value).toBe('2024-01-15');
    expect(convertToW3c('Mon, 15 Jan 2024 09:30:00 +0100')?.value).toBe('2024-01-15T09:30:00+01:00');
  });
  it('reads DD/MM/YYYY when the day is over 12, and asks the order only when both could be months', () => {
    expect(convertToW3c('15/01/2024')?.value).toBe('2024-01-15');
    expect(convertToW3c('01/15/2024')?.value).toBe('2024-01-15');
    expect(convertToW3c('07/07/2024')?.value).toBe('2024-07-07');
    expect(needsDayMonthOrder('15/01/2024')).toBe(false);
    expect(needsDayMonthOrder('05/01/2024')).toBe(true);
    expect(convertToW3c('05/01/2024')).toBeNull();
    expect(convertToW3c('05/01/2024', 'dmy')?.value).toBe('2024-01-05');
    expect(convertToW3c('05/01/2024', 'mdy')?.value).toBe('2024-05-01');
    expect(convertToW3c('31/02/2024')).toBeNull();
  });
});

describe('daysFromCivil', () => {
  it('agrees with Date.UTC on every day of 1599–2401 (leap centuries and month ends included)', () => {
    let mismatches = 0;
    for (let y = 1599; y <= 2401; y++)
      for (let m = 1; m <= 12; m++)
        for (let d = 1; d <= daysInMonth(y, m); d++)
          if (daysFromCivil(y, m, d) * 86_400_000 !== Date.UTC(y, m - 1, d)) mismatches++;
    expect(mismatches).toBe(0);
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28)).toBe(2);
    expect(daysFromCivil(1900, 3, 1) - daysFromCivil(1900, 2, 28)).toBe(1);
  });
});
