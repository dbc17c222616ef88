import { describe, expect, it } from 'vitest';
import { looksLikeRobots, parseRobots, parseText } from './text.ts';

describe('text sitemaps', () => {
  it('reads one URL per line with its line span; padding is kept as written (the validator flags it)', () => {
    const out = parseText('https://a.example/\r\n  https://b.example/x \n', false, false);
    expect(out.kind).toBe('text');
    expect(out.entries.map((e) => [e.loc, e.line])).toEqual([
      ['https://a.example/', 1],
      ['  https://b.example/x ', 2],
    ]);
    expect([...(out.spans ?? [])]).toEqual([0, 18, 20, 42]);
    // The padded line is the validator's TXT-005 (core/rules/loc.ts), with its trim fix.
    expect(out.issues).toEqual([]);
  });

  it('reports a removed BOM (TXT-005)', () => {
    const out = parseText('https://a.example/\n', true, false);
    expect(out.issues.map((i) => i.rule)).toContain('TXT-005');
    expect(parseText('https://a.example/\n', false, false).issues.map((i) => i.rule)).not.toContain(
      'TXT-005',
    );
  });
});

describe('robots.txt', () => {
  it('is recognised by its User-agent / Sitemap lines, not by a URL list', () => {
    expect(looksLikeRobots('User-agent: *\nDisallow: /tmp\nSitemap: https://a.example/s.xml\n')).toBe(true);
    expect(looksLikeRobots('https://a.example/\nhttps://a.example/b\n')).toBe(false);
  });

  it('lists the Sitemap lines as entries', () => {
    const out = parseRobots(
      'User-agent: *\nSitemap: https://a.example/s.xml\nsite-map: https://a.example/t.xml\n',
    );
    expect(out.kind).toBe('robots');
    expect(out.entries.map((e) => e.loc)).toEqual(['https://a.example/s.xml', 'https://a.example/t.xml']);
  });
});
