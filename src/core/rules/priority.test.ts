import { describe, expect, it } from 'vitest';
import { commaPriority } from './priority.ts';
import { entryIssues } from './testing.ts';

const prio = (priority: string) =>
  entryIssues({ loc: 'https://www.example.com/', priority }).map((i) => i.rule);

describe('PRIO-001', () => {
  it('accepts decimals from 0 to 1', () => {
    for (const v of ['0', '0.0', '0.5', '1.0', '1', '.8', '0.25']) expect(prio(v)).toEqual([]);
  });
  it('rejects out-of-range, exponents, commas, percentages', () => {
    for (const v of ['1.5', '-0.1', '5e-1', '0,8', '80%', 'high']) expect(prio(v)).toEqual(['PRIO-001']);
  });
  it('offers a dot for an unambiguous comma', () => {
    expect(commaPriority('0,8')).toBe('0.8');
    expect(commaPriority('1,5')).toBeNull();
    expect(commaPriority('1,000')).toBeNull();
  });
});
