import { describe, expect, it } from 'vitest';
import { MASK, maskNonAscii } from './mask.ts';

describe('maskNonAscii', () => {
  it('replaces every non-ASCII byte by MASK, one character per byte', () => {
    const bytes = new TextEncoder().encode('<a>é😀</a>');
    const m = maskNonAscii(bytes, true);
    expect(m?.text).toBe(`<a>${String.fromCharCode(MASK).repeat(6)}</a>`);
    expect(m?.text.length).toBe(bytes.length);
    expect(m?.masks).toBe(6);
    expect(m?.raw).toBe(bytes);
  });

  it('declines files without non-ASCII bytes (they decode fast as they are)', () => {
    expect(maskNonAscii(new TextEncoder().encode('<urlset></urlset>'))).toBeNull();
  });

  it('declines files dense with non-ASCII text', () => {
    expect(maskNonAscii(new TextEncoder().encode('日本語のテキスト '.repeat(2000)))).toBeNull();
  });
});
