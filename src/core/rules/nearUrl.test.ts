import { describe, expect, it } from 'vitest';
import { nearForms, nearListed } from './nearUrl.ts';

describe('nearListed', () => {
  const listed = new Set([
    'https://www.example.com/de/',
    'https://www.example.com/fr',
    'https://a.example/x',
  ]);
  const has = (u: string) => listed.has(u);
  it('finds the listed URL an href misses by a trailing slash, host case or default port', () => {
    expect(nearListed('https://www.example.com/de', has)).toEqual({
      loc: 'https://www.example.com/de/',
      why: 'only the trailing slash differs',
    });
    expect(nearListed('https://www.example.com/fr/', has)?.loc).toBe('https://www.example.com/fr');
    expect(nearListed('HTTPS://A.Example:443/x', has)).toEqual({
      loc: 'https://a.example/x',
      why: 'only the case of the host and the default port differ',
    });
  });
  it('nothing for another page, or the same URL', () => {
    expect(nearListed('https://www.example.com/es', has)).toBeNull();
    expect(nearForms('https://a.example/x').map((f) => f.loc)).toEqual(['https://a.example/x/']);
    expect(nearForms('/relative')).toEqual([]);
  });
});
