import { describe, expect, it } from 'vitest';
import { entryIssues, rulesOf } from './testing.ts';

const rules = (lastmod: string, kind?: 'sitemapindex') =>
  rulesOf(entryIssues({ loc: 'https://www.example.com/', lastmod }, kind));

describe('LASTMOD rules', () => {
  it('passes valid dates', () => {
    expect(rules('2024-06-24')).toEqual([]);
    expect(rules('2024-06-24T09:30:00+02:00')).toEqual([]);
    expect(rules('2026-11-21T00:05:00Z')).toEqual([]);
  });
  it('LASTMOD-001 / 002 / 003 errors with Search Console wording', () => {
    expect(rules('2024-06-24 09:30:00')).toEqual(['LASTMOD-001@lastmod']);
    expect(rules('2024-06-24T09:30:00')).toEqual(['LASTMOD-002@lastmod']);
    expect(rules('2023-02-29')).toEqual(['LASTMOD-003@lastmod']);
    expect(entryIssues({ loc: 'https://www.example.com/', lastmod: '24/06/2024' })[0].message).toMatch(
      /^Invalid date: “24\/06\/2024”/,
    );
  });
  it('LASTMOD-004 / 005 warnings', () => {
    expect(rules('2024-06')).toEqual(['LASTMOD-004@lastmod']);
    expect(rules('2024')).toEqual(['LASTMOD-004@lastmod']);
    expect(rules('2024-06-24T09:30+02:00')).toEqual(['LASTMOD-005@lastmod']);
  });
  it('LASTMOD-006 future beyond ten minutes, LASTMOD-008 before 1995', () => {
    expect(rules('2026-11-21T00:11:00Z')).toEqual(['LASTMOD-006@lastmod']);
    expect(rules('2031-01-01')).toEqual(['LASTMOD-006@lastmod']);
    expect(rules('1970-01-01T02:00:00+02:00')).toEqual(['LASTMOD-008@lastmod']);
  });
  it('LASTMOD-009 empty', () => {
    expect(rules('  ')).toEqual(['LASTMOD-009@lastmod']);
  });
  it('IDX-003 reports the format of an index lastmod', () => {
    expect(rules('yesterday', 'sitemapindex')).toEqual(['IDX-003@lastmod']);
    expect(rules('2024-06-23T18:00:00Z', 'sitemapindex')).toEqual([]);
  });
});
