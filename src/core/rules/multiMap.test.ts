import { describe, expect, it } from 'vitest';
import { MultiMap } from './multiMap.ts';

describe('MultiMap', () => {
  it('counts the keys shared by two ids or more as ids come and go', () => {
    const m = new MultiMap();
    m.add('a', 1);
    m.add('b', 2);
    expect(m.multiKeys).toBe(0);
    m.add('a', 3);
    m.add('a', 4);
    expect(m.multiKeys).toBe(1);
    expect(m.get('a')).toEqual([1, 3, 4]);
    m.remove('a', 3);
    expect(m.multiKeys).toBe(1);
    m.remove('a', 1);
    expect(m.multiKeys).toBe(0);
    expect(m.count('a')).toBe(1);
    expect(m.first('a')).toBe(4);
  });

  it('reports no ids for any key while empty', () => {
    const m = new MultiMap();
    expect(m.count('x')).toBe(0);
    m.add('x', 1);
    m.remove('x', 1);
    expect(m.count('x')).toBe(0);
    expect(m.size).toBe(0);
  });
});
