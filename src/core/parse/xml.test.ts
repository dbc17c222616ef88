import { describe, expect, it } from 'vitest';
import { NS } from '../model.ts';
import { maskNonAscii } from './mask.ts';
import { parseMaskedXml, parseXml } from './xml.ts';

describe('parseXml', () => {
  it('reads a sitemap index', () => {
    const out = parseXml(
      `<sitemapindex xmlns="${NS.sitemap}"><sitemap><loc>https://a.example/s1.xml</loc><lastmod>2024-01-01</lastmod></sitemap></sitemapindex>`,
      0,
    );
    expect(out.kind).toBe('sitemapindex');
    expect(out.entries).toMatchObject([{ loc: 'https://a.example/s1.xml', lastmod: '2024-01-01' }]);
  });

  it('decodes entities and CDATA (ENC-011, info) and keeps values as written', () => {
    const out = parseXml(
      `<urlset xmlns="${NS.sitemap}"><url><loc> https://a.example/&amp;x </loc><lastmod><![CDATA[2024-01-01]]></lastmod></url></urlset>`,
      0,
    );
    expect(out.entries[0]).toMatchObject({ loc: ' https://a.example/&x ', lastmod: '2024-01-01' });
    expect(out.issues.map((i) => [i.rule, i.severity])).toEqual([['ENC-011', 'info']]);
  });

  it('names the field of a value finding as the UI does (Image 1 caption, not images.0.caption)', () => {
    const out = parseXml(
      `<urlset xmlns="${NS.sitemap}" xmlns:image="${NS.image}" xmlns:video="${NS.video}"><url><loc>https://a.example/a&b</loc>` +
        `<lastmod><![CDATA[2024-01-01]]></lastmod>` +
        `<image:image><image:loc>https://a.example/i.png</image:loc><image:caption><![CDATA[Our team]]></image:caption></image:image>` +
        `<image:image><image:loc><![CDATA[https://a.example/j.png]]></image:loc></image:image>` +
        `<video:video><video:thumbnail_loc><![CDATA[https://a.example/t.png]]></video:thumbnail_loc><video:title>T</video:title><video:description>D</video:description><video:content_loc>https://a.example/v.mp4</video:content_loc></video:video>` +
        `</url></urlset>`,
      0,
    );
    expect(out.issues.map((i) => i.message)).toEqual([
      'Unescaped "&" in URL ("&b"); read as a literal "&", and the export writes it as &amp;',
      'CDATA section in Last modified unwrapped',
      'CDATA section in Image 1 caption unwrapped',
      'CDATA section in Image 2 URL unwrapped',
      'CDATA section in Video 1 thumbnail URL unwrapped',
    ]);
    expect(out.issues.map((i) => i.field)).toEqual([
      'loc',
      'lastmod',
      'images.0.caption',
      'images.1.loc',
      'videos.0.thumbnail_loc',
    ]);
  });

  it('keeps the complete entries of a cut-off file (IMP-012) and says where it broke (ENC-004)', () => {
    const out = parseXml(
      `<urlset xmlns="${NS.sitemap}"><url><loc>https://a.example/a</loc></url><url><loc>https://a.example/b`,
      0,
    );
    expect(out.partial).toBe(true);
    expect(out.entries.map((e) => e.loc)).toEqual(['https://a.example/a']);
    expect(out.fatal).toMatchObject({ line: 1 });
    expect(out.issues.map((i) => i.rule)).toContain('ENC-004');
  });
});

describe('parseMaskedXml', () => {
  it('gives the same entries as parseXml on the decoded text', () => {
    const xml = `<urlset xmlns="${NS.sitemap}"><url><loc>https://a.example/café</loc></url></urlset>`;
    const bytes = new TextEncoder().encode(xml);
    const m = maskNonAscii(bytes, true);
    if (!m) throw new Error('masking declined');
    const masked = parseMaskedXml(m.text, m.raw, m.masks, 0);
    expect(masked?.entries.map((e) => e.loc)).toEqual(parseXml(xml, 0).entries.map((e) => e.loc));
  });
});
