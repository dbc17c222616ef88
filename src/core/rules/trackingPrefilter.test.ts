import { describe, expect, it } from 'vitest';
import { mayTrack } from './loc.ts';

const TRACKING_QUERY = /(?:^|[&;])(utm_[a-z0-9_]*|gclid|fbclid|msclkid|jsessionid|phpsessid|sid|sessionid)=/i;

describe('mayTrack, the prefilter of LOC-009', () => {
  it('lets through every query the tracking regex matches', () => {
    const pieces = [
      'utm_',
      'UTM_',
      'Utm_source',
      'gclid',
      'GCLID',
      'fbclid',
      'msclkid',
      'jsessionid',
      'PHPSESSID',
      'sid',
      'SID',
      'sessionid',
      'id',
      'd',
      'x',
      '=',
      '&',
      ';',
      '1',
      '_',
      'lid',
      'kid',
      'nid',
      'ſid',
      'K',
    ];
    let x = 11;
    const rnd = () => {
      x = (Math.imul(x, 1_103_515_245) + 12_345) | 0;
      return ((x >>> 8) & 0xffff) / 0x10000;
    };
    let matched = 0;
    for (let k = 0; k < 30_000; k++) {
      let q = '';
      const n = 1 + Math.floor(rnd() * 6);
      for (let i = 0; i < n; i++) q += pieces[Math.floor(rnd() * pieces.length)];
      if (TRACKING_QUERY.test(q)) {
        matched++;
        expect([q, mayTrack(q)]).toEqual([q, true]);
      }
    }
    expect(matched).toBeGreaterThan(500);
  });

  it('skips the common queries without a tracking name', () => {
    expect(mayTrack('id=5')).toBe(false);
    expect(mayTrack('page=2&sort=asc')).toBe(false);
    expect(mayTrack('a=1&gclid=x')).toBe(true);
    expect(mayTrack('utm_source=x')).toBe(true);
  });
});
