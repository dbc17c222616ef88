/**
 * TXT-001 (review s16 b3): a line that is a URL missing only its scheme gets the scheme its
 * message names (the publish URL's, else the one the file's URLs use, else https); only lines
 * that are not URLs are removed, and the fix says which it does.
 */
import { describe, expect, it } from 'vitest';
import { getFix, planFixAll } from '../fixes.ts';
import type { Entry, SitemapDocument } from '../model.ts';
import { validateDocument } from '../validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const text = (lines: string[]): SitemapDocument => ({
  kind: 'text',
  entries: lines.map((loc, id): Entry => ({ id, loc, line: id + 1 })),
  nextId: lines.length,
});

function plan(lines: string[], publishUrl?: string) {
  const d = text(lines);
  const settings = { now: NOW, publishUrl };
  const issues = validateDocument(d, settings);
  return { issues, plan: planFixAll('TXT-001', issues, { document: d, settings }) };
}

describe('TXT-001 fix', () => {
  it('adds https:// to a line missing only its scheme, and the message says so', () => {
    const { issues, plan: p } = plan(['https://www.example.com/', 'www.example.com/no-scheme']);
    expect(issues.find((i) => i.rule === 'TXT-001')?.message).toContain('add https://');
    expect(p).toMatchObject({ rows: 1, removed: 0, cannot: 0 });
    expect(p.result.update?.map((e) => e.loc)).toEqual(['https://www.example.com/no-scheme']);
  });

  it('takes the scheme of the publish URL, else of the other URLs in the file', () => {
    const http = ['http://www.example.com/a', 'http://www.example.com/b', 'www.example.com/c'];
    expect(plan(http).plan.result.update?.[0].loc).toBe('http://www.example.com/c');
    const { plan: p } = plan(['www.example.com/c'], 'http://www.example.com/sitemap.txt');
    expect(p.result.update?.[0].loc).toBe('http://www.example.com/c');
    expect(plan(['//www.example.com/d']).plan.result.update?.[0].loc).toBe('https://www.example.com/d');
  });

  it('removes lines that are not URLs, says why, and waits for the publish URL on a relative path', () => {
    const { plan: p } = plan([
      'https://www.example.com/',
      '# product pages',
      'Sitemap: https://www.example.com/sitemap.xml',
      '/about',
    ]);
    expect(p).toMatchObject({ rows: 2, removed: 2, cannot: 1, needs: { publishUrl: 1 } });
    expect(getFix('TXT-001')?.removes?.many).toBe('they are not URLs');
    const resolved = plan(['/about'], 'https://www.example.com/sitemap.txt').plan;
    expect(resolved.result.update?.[0].loc).toBe('https://www.example.com/about');
  });

  it('the label names both', () => {
    expect(getFix('TXT-001')?.label).toBe('Add the missing scheme; remove lines that are not URLs');
  });
});
