import { describe, expect, it } from 'vitest';
import { NS } from '../model.ts';
import { classifyNs, isLenientCoreNs, NsClass, STANDARD_PREFIXES } from './names.ts';

describe('namespace names', () => {
  it('classifies the canonical namespaces exactly', () => {
    expect(classifyNs(NS.image)).toMatchObject({ cls: NsClass.Image, exact: true, nearMissRule: '' });
    expect(classifyNs(NS.video).cls).toBe(NsClass.Video);
    expect(classifyNs(NS.news).cls).toBe(NsClass.News);
    expect(classifyNs(NS.xhtml).cls).toBe(NsClass.Xhtml);
  });

  it('recognises a near-miss form and names its rule and the canonical URI (IMP-004)', () => {
    const info = classifyNs('https://www.google.com/schemas/sitemap-image/1.1');
    expect(info).toMatchObject({
      cls: NsClass.Image,
      exact: false,
      nearMissRule: 'IMG-001',
      canonical: NS.image,
    });
  });

  it('leaves unknown namespaces unknown', () => {
    expect(classifyNs('urn:example:other')).toMatchObject({ cls: NsClass.Other, canonical: '' });
  });

  it('accepts the sitemap core namespace leniently on the root (IMP-003), nothing else', () => {
    expect(isLenientCoreNs(NS.sitemap)).toBe(true);
    expect(isLenientCoreNs('https://www.sitemaps.org/schemas/sitemap/0.9/')).toBe(true);
    expect(isLenientCoreNs(NS.image)).toBe(false);
  });

  it('knows the standard prefixes it may inject (IMP-005)', () => {
    expect(STANDARD_PREFIXES.image).toBe(NS.image);
    expect(STANDARD_PREFIXES.xhtml).toBe(NS.xhtml);
  });
});
