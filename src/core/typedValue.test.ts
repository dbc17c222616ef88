import { describe, expect, it } from 'vitest';
import { readTyped } from './typedValue.ts';

describe('readTyped', () => {
  it('reads typed dates as W3C and asks the day/month order only when it matters', () => {
    expect(readTyped('date', '2024-1-5')).toEqual({ value: '2024-01-05' });
    expect(readTyped('date', '15/01/2024')).toEqual({ value: '2024-01-15' });
    expect(readTyped('date', '05/01/2024')).toEqual({ needs: 'dateOrder' });
    expect(readTyped('date', '05/01/2024', 'mdy')).toEqual({ value: '2024-05-01' });
    expect(readTyped('date', '2024-06-24T09:30:00+02:00')).toEqual({ value: '2024-06-24T09:30:00+02:00' });
    // A time without a zone is kept as typed (flagged), never given an invented zone.
    expect(readTyped('date', '2024-06-24 09:30')).toEqual({ value: '2024-06-24 09:30' });
    expect(readTyped('date', 'yesterday')).toEqual({ value: 'yesterday' });
  });
  it('reads changefreq keywords and synonyms, keeps other words as typed', () => {
    expect(readTyped('changefreq', ' Monthly')).toEqual({ value: 'monthly' });
    expect(readTyped('changefreq', 'annually')).toEqual({ value: 'yearly' });
    expect(readTyped('changefreq', 'sometimes')).toEqual({ value: 'sometimes' });
  });
  it('reads priorities written with a comma or without the leading zero', () => {
    expect(readTyped('priority', '0,8')).toEqual({ value: '0.8' });
    expect(readTyped('priority', '.5')).toEqual({ value: '0.5' });
    expect(readTyped('priority', '1.5')).toEqual({ value: '1.5' });
    expect(readTyped('priority', '')).toEqual({ value: '' });
  });
});
