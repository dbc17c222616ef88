import { describe, expect, it } from 'vitest';
import { feedDateToW3c } from './dates.ts';

describe('feedDateToW3c (IMP-025)', () => {
  it('converts RFC 822 dates with a named or numeric zone, keeping the wall-clock time', () => {
    expect(feedDateToW3c('Sun, 06 Nov 1994 08:49:37 GMT')).toBe('1994-11-06T08:49:37Z');
    expect(feedDateToW3c('Tue, 10 Jun 2003 04:00:00 -0500')).toBe('2003-06-10T04:00:00-05:00');
  });

  it('passes W3C / RFC 3339 values through', () => {
    expect(feedDateToW3c(' 2024-06-01T10:00:00+02:00 ')).toBe('2024-06-01T10:00:00+02:00');
  });

  it('does not guess: no zone, an impossible day, or text give null', () => {
    expect(feedDateToW3c('Tue, 10 Jun 2003 04:00:00')).toBeNull();
    expect(feedDateToW3c('31 Feb 2024 10:00 GMT')).toBeNull();
    expect(feedDateToW3c('yesterday')).toBeNull();
  });
});
