import { describe, expect, it } from 'vitest';
import { entryIssues, rulesOf } from './testing.ts';
import { stripForbidden, unescapeOnce } from './values.ts';

describe('ENC-007 / ENC-008 / TXT-003', () => {
  it('ENC-007 double escaping in any value', () => {
    expect(rulesOf(entryIssues({ loc: 'https://www.example.com/?a=1&amp;b=2' }))).toEqual(['ENC-007@loc']);
    expect(rulesOf(entryIssues({ loc: 'https://www.example.com/?a=1&b=2' }))).toEqual([]);
    expect(
      rulesOf(
        entryIssues({
          loc: 'https://www.example.com/',
          videos: [{ nodes: [{ name: 'description', text: 'Salt &amp;amp; pepper' }] }],
        }),
      ),
    ).toContain('ENC-007@videos.0.description');
  });
  it('ENC-008 forbidden characters, even pasted', () => {
    expect(
      rulesOf(
        entryIssues({
          loc: 'https://www.example.com/',
          news: [{ nodes: [{ name: 'title', text: 'Budget\u0008 vote' }] }],
        }),
      ),
    ).toContain('ENC-008@news.0.title');
    expect(rulesOf(entryIssues({ loc: 'https://www.example.com/', lastmod: '2024-06-24\ud800' }))).toContain(
      'ENC-008@lastmod',
    );
    expect(stripForbidden('a\u0001b\ud83d\ude00c\udc00')).toBe('ab\ud83d\ude00c');
  });
  it('TXT-003 entity text in a text sitemap line', () => {
    expect(rulesOf(entryIssues({ loc: 'https://www.example.com/list?cat=4&amp;page=2' }, 'text'))).toEqual([
      'TXT-003@loc',
    ]);
    expect(unescapeOnce('a&amp;amp;b&#233;')).toBe('a&amp;bé');
  });
});
