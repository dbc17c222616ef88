import { describe, expect, it } from 'vitest';
import { fmtBytes, fmtInt, plural } from './format.ts';

describe('format', () => {
  it('groups thousands and pluralizes', () => {
    expect(fmtInt(12345)).toBe('12,345');
    expect(plural(1, 'URL')).toBe('1 URL');
    expect(plural(12345, 'URL')).toBe('12,345 URLs');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('shows sizes in B, KB and MB', () => {
    expect(fmtBytes(512)).toBe('512 B');
    expect(fmtBytes(2048)).toBe('2.0 KB');
    expect(fmtBytes(52_428_800)).toBe('50.0 MB');
  });
});
