import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../core/model.ts';
import { crossFileUrls } from '../core/workspace/checks.ts';
import { buildWorkspace, type WorkspaceInput } from '../core/workspace.ts';
import { refreshWorkspace, sameLocs } from './workspaceRefresh.ts';

function doc(kind: SitemapDocument['kind'], entries: Array<Omit<Entry, 'id'>>): SitemapDocument {
  return { kind, entries: entries.map((e, id) => ({ id, ...e })), nextId: entries.length };
}

const index = doc('sitemapindex', [
  { loc: 'https://a.example/posts.xml', lastmod: '2024-03-01' },
  { loc: 'https://a.example/pages.xml', lastmod: '2024-03-01' },
]);
const posts = doc('urlset', [
  { loc: 'https://a.example/p1', lastmod: '2024-02-01' },
  { loc: 'https://a.example/shared', lastmod: '2024-02-01' },
]);
const pages = doc('urlset', [{ loc: 'https://a.example/shared', lastmod: '2024-01-01' }]);

const inputs = (docs: SitemapDocument[]): WorkspaceInput[] =>
  docs.map((document, k) => ({
    name: ['sitemap.xml', 'posts.xml', 'pages.xml'][k],
    result: { kind: document.kind, document, issues: [], fatal: null },
    issues: [],
  }));

const withEntry = (d: SitemapDocument, at: number, patch: Partial<Entry>): SitemapDocument => ({
  ...d,
  entries: d.entries.map((e, i) => (i === at ? { ...e, ...patch } : e)),
});

describe('refreshWorkspace', () => {
  const settings = { publishUrl: 'https://a.example/sitemap.xml' };
  const model = buildWorkspace(inputs([index, posts, pages]), settings);

  it('after a lastmod edit equals a full build (IDX-003 staleness re-checked, LOC-006 kept)', () => {
    const edited = withEntry(posts, 0, { lastmod: '2024-05-01' });
    const docs = [index, edited, pages];
    const fast = refreshWorkspace(model, docs, settings);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(buildWorkspace(inputs(docs), settings));
    expect(fast?.issues.map((i) => i.rule)).toContain('IDX-003');
    expect(model.issues.map((i) => i.rule)).not.toContain('IDX-003');
    expect(fast?.issues.filter((i) => i.rule === 'LOC-006')).toHaveLength(2);
  });

  it('returns the same model when nothing changed', () => {
    expect(refreshWorkspace(model, [index, posts, pages], settings)).toBe(model);
  });

  it('asks for a full build when a URL, an entry count, an index or the file list changes', () => {
    expect(
      refreshWorkspace(model, [index, withEntry(posts, 1, { loc: 'https://a.example/p2' }), pages], settings),
    ).toBeNull();
    expect(
      refreshWorkspace(model, [index, doc('urlset', [{ loc: 'https://a.example/p1' }]), pages], settings),
    ).toBeNull();
    expect(
      refreshWorkspace(model, [withEntry(index, 0, { lastmod: '2024-06-01' }), posts, pages], settings),
    ).toBeNull();
    expect(refreshWorkspace(model, [index, posts], settings)).toBeNull();
  });

  it('sameLocs compares only the replaced entries', () => {
    expect(sameLocs(posts, withEntry(posts, 1, { priority: '0.5' }))).toBe(true);
    expect(sameLocs(posts, withEntry(posts, 1, { loc: 'https://a.example/x' }))).toBe(false);
    expect(sameLocs(posts, { ...posts, entries: [...posts.entries].reverse() })).toBe(false);
  });

  it('URL edits with the URL index equal a full build (duplicates appear, move and vanish)', () => {
    const names = ['sitemap.xml', 'posts.xml', 'pages.xml'];
    let docs = [index, posts, pages];
    let current = buildWorkspace(inputs(docs), settings);
    const urls = crossFileUrls(current.files);
    const steps: Array<[number, number, string]> = [
      [1, 0, 'https://a.example/shared'], // a third listing of the shared URL
      [2, 0, 'https://a.example/only-pages'], // pages no longer shares it
      [1, 1, ' https://a.example/only-pages '], // trimmed duplicate across files again
      [1, 0, 'https://a.example/p1'],
      [1, 1, 'https://a.example/p2'], // no duplicates left
    ];
    for (const [f, at, loc] of steps) {
      docs = docs.map((d, k) => (k === f ? withEntry(d, at, { loc }) : d));
      const fast = refreshWorkspace(current, docs, settings, () => urls);
      expect(fast, `${names[f]} #${at} = ${loc}`).toEqual(buildWorkspace(inputs(docs), settings));
      current = fast!;
    }
    expect(current.issues.filter((i) => i.rule === 'LOC-006')).toEqual([]);
  });
});
