import { describe, expect, it } from 'vitest';
import { isNotOpenChild } from './notOpen.ts';

describe('isNotOpenChild', () => {
  it('tells the note of a child not open from a nested index', () => {
    const note = {
      rule: 'IDX-006' as const,
      severity: 'info' as const,
      message:
        'Child https://a.example/b.xml is not open, so it is not checked (…): drop it here to check it.',
    };
    expect(isNotOpenChild(note)).toBe(true);
    expect(
      isNotOpenChild({ ...note, message: 'Child “sitemap_index.xml” looks like another sitemap index; …' }),
    ).toBe(false);
    expect(isNotOpenChild({ ...note, severity: 'error' })).toBe(false);
  });
});
