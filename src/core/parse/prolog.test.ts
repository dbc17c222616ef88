import { describe, expect, it } from 'vitest';
import { excerptAt } from './prolog.ts';
import { parseXml } from './xml.ts';

describe('excerptAt', () => {
  it('gives the source line holding a position, at most 200 characters', () => {
    expect(excerptAt('one\ntwo three\nfour', 6)).toBe('two three');
    expect(excerptAt('a\r\nb', 3)).toBe('b');
    const long = `${'x'.repeat(500)}`;
    expect(excerptAt(long, 300)).toHaveLength(200);
  });
});

describe('the prolog', () => {
  it('keeps an xml-stylesheet processing instruction (IMP-024)', () => {
    const out = parseXml(
      '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/s.xsl"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>',
      0,
    );
    expect(out.stylesheet).toBe('/s.xsl');
    expect(out.fatal).toBeNull();
  });

  it('removes a DOCTYPE without expanding it (ENC-009), with its line and column', () => {
    const out = parseXml('<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY a "b">]><urlset/>', 0);
    expect(out.fatal).toBeNull();
    expect(out.issues[0]).toMatchObject({ rule: 'ENC-009', severity: 'error', line: 2, column: 1 });
  });
});
