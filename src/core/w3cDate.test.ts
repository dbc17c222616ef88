import { describe, expect, it } from 'vitest';
import { convertToW3c, parseW3cDate } from './w3cDate.ts';

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
