import { describe, expect, it } from 'vitest';
import { fileStem, keptFileName } from './fileStem.ts';

describe('fileStem and keptFileName', () => {
  it('strips the sitemap extensions only', () => {
    expect(fileStem('shop.xml.gz')).toBe('shop');
    expect(fileStem('crawl-sitemap.gz')).toBe('crawl-sitemap');
    expect(fileStem('urls.TXT')).toBe('urls');
    expect(fileStem('feed.rss')).toBe('feed.rss');
  });
  it('a kept export keeps the name it was opened with while the stem and compression are kept', () => {
    expect(
      keptFileName('crawlercommons-gzipped-crlf-sitemap.gz', 'crawlercommons-gzipped-crlf-sitemap', 'xml.gz'),
    ).toBe('crawlercommons-gzipped-crlf-sitemap.gz');
    expect(keptFileName('site.xml', 'site', 'xml')).toBe('site.xml');
    expect(keptFileName('site.gz', 'renamed', 'xml.gz')).toBe('renamed.xml.gz');
    expect(keptFileName(null, 'sitemap', 'xml')).toBe('sitemap.xml');
  });
});
