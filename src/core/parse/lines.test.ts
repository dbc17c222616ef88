import { describe, expect, it } from 'vitest';
import { LineTracker } from './lines.ts';

describe('LineTracker', () => {
  it('gives 1-based lines and columns, forwards and backwards', () => {
    const t = new LineTracker('ab\ncd\n\nef');
    expect([t.line(0), t.column(0)]).toEqual([1, 1]);
    expect([t.line(4), t.column(4)]).toEqual([2, 2]);
    expect([t.line(8), t.column(8)]).toEqual([4, 2]);
    expect([t.line(1), t.column(1)]).toEqual([1, 2]);
    expect(t.line(6)).toBe(3);
  });

  it('counts lone CR line ends in a file without LF', () => {
    const t = new LineTracker('a\rb\rc');
    expect([t.line(4), t.column(4)]).toEqual([3, 1]);
  });

  it('counts columns in characters, not bytes, in masked text', () => {
    const raw = new TextEncoder().encode('é<x>');
    const masked = '\u0001\u0001<x>';
    const t = new LineTracker(masked, raw);
    expect(t.column(2)).toBe(2);
  });
});
