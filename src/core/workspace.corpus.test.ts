import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from './parse.ts';
import { serializeSitemap } from './serialize.ts';
import { planWorkspaceExport } from './workspace/exportPlan.ts';
import { buildWorkspace, type WorkspaceInput } from './workspace.ts';
import { zipFiles } from './zip.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const real = path.resolve(repoRoot, '../shared/fixtures/real');
const haveCorpus = existsSync(real);
if (!haveCorpus) console.warn(`workspace corpus tests skipped: ${real} is missing`);

/** Load corpus files under the names they were published with (the corpus renamed them). */
function load(files: Record<string, string>): WorkspaceInput[] {
  return Object.entries(files).map(([name, corpusName]) => {
    const bytes = new Uint8Array(readFileSync(path.join(real, corpusName)));
    return { name, result: parseSitemap(bytes, { fileName: name }) };
  });
}

describe('workspaces from real index + children sets', () => {
  it.skipIf(!haveCorpus)('next-sitemap: index plus sitemap-0.xml, nothing missing', () => {
    const ws = buildWorkspace(
      load({
        'sitemap.xml': 'nextsitemap-2ltech-index.xml',
        'sitemap-0.xml': 'nextsitemap-2ltech-sitemap-0.xml',
      }),
      { publishUrl: 'https://2ltech.fr/sitemap.xml' },
    );
    expect(ws.files.map((f) => [f.role, f.summary.urls])).toEqual([
      ['index', 1],
      ['child', 1],
    ]);
    expect(ws.missing).toEqual([]);
    expect(ws.extra).toEqual([]);
    expect(ws.issues).toEqual([]);
    expect(ws.combined.length).toBe(1);
    expect(ws.files[0].summary.decodedBytes).toBe(183);
  });

  it.skipIf(!haveCorpus)('Hugo multilingual: relative child locs matched through folder names', () => {
    const ws = buildWorkspace(
      load({
        'sitemap.xml': 'hugo-multilingual-index-relative.xml',
        'en/sitemap.xml': 'hugo-multilingual-en-hreflang-relative.xml',
        'fr/sitemap.xml': 'hugo-multilingual-fr-hreflang-relative.xml',
      }),
    );
    expect(ws.children.map((c) => [c.loc, c.file, c.url])).toEqual([
      ['fr/sitemap.xml', 2, undefined],
      ['en/sitemap.xml', 1, undefined],
    ]);
    expect(ws.combined.length).toBe(13 + 8);
    expect(Array.from(ws.combined.fileIndex.slice(0, 1))).toEqual([2]);
    // The French and English files share no page URL, and the index dates are not older than
    // the children's newest lastmod.
    expect(ws.issues).toEqual([]);
  });

  it.skipIf(!haveCorpus)('Astro: percent-encoded CJK child behind a one-line index', () => {
    const ws = buildWorkspace(
      load({
        'sitemap-index.xml': 'astro-taiwanmd-sitemap-index.xml',
        'sitemap-0.xml': 'astro-taiwanmd-sitemap-0-percent-encoded-cjk.xml',
      }),
    );
    expect(ws.children[0].file).toBe(1);
    expect(ws.files[1].publishUrl).toBe('https://taiwan.md/sitemap-0.xml');
    expect(ws.combined.length).toBe(65);
  });

  it.skipIf(!haveCorpus)('Ghost: one child supplied, three missing', () => {
    const ws = buildWorkspace(
      load({
        'sitemap.xml': 'ghost-pwningtech-index-oneline.xml',
        'sitemap-posts.xml': 'ghost-pwningtech-posts.xml',
      }),
      { publishUrl: 'https://pwning.tech/sitemap.xml' },
    );
    expect(ws.missing.map((c) => c.loc)).toEqual([
      'https://pwning.tech/sitemap-pages.xml',
      'https://pwning.tech/sitemap-authors.xml',
      'https://pwning.tech/sitemap-tags.xml',
    ]);
    expect(ws.files[1].role).toBe('child');
    expect(ws.combined.length).toBe(10);
  });

  it.skipIf(!haveCorpus)('Yoast static export: relative children, one of them on a dev host', () => {
    const ws = buildWorkspace(
      load({
        'sitemap_index.xml': 'yoast-staatic-index-relative-locs.xml',
        'post-sitemap.xml': 'yoast-staatic-post-sitemap-relative-locs.xml',
        'category-sitemap.xml': 'yoast-staatic-category-sitemap-local-host.xml',
      }),
    );
    expect(ws.children.map((c) => c.file)).toEqual([1, null, 2, null]);
    expect(ws.missing.map((c) => c.loc)).toEqual(['page-sitemap.xml', 'author-sitemap.xml']);
    expect(ws.combined.length).toBe(3 + 1);
  });

  it.skipIf(!haveCorpus)('a lone index is its own table', () => {
    const ws = buildWorkspace(load({ 'sitemap.xml': 'ghost-pwningtech-index-oneline.xml' }));
    expect(ws.missing).toHaveLength(4);
    expect(ws.combined.length).toBe(4);
    expect(Array.from(ws.combined.fileIndex)).toEqual([0, 0, 0, 0]);
  });
});

describe('workspace zip export round trip', () => {
  it.skipIf(!haveCorpus)('re-opens to the same workspace (Hugo set, French file edited)', () => {
    const inputs = load({
      'sitemap.xml': 'hugo-multilingual-index-relative.xml',
      'en/sitemap.xml': 'hugo-multilingual-en-hreflang-relative.xml',
      'fr/sitemap.xml': 'hugo-multilingual-fr-hreflang-relative.xml',
    });
    const ws = buildWorkspace(inputs);
    const now = '2024-07-01T12:00:00Z';
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set([2]),
      now,
      publishBase: 'https://guides.example/',
    });
    const zip = zipFiles(
      plan.map((p) => ({ name: p.name, bytes: new TextEncoder().encode(serializeSitemap(p.document)) })),
    );
    const unpacked = unzipSync(zip);
    expect(Object.keys(unpacked).sort()).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
    const again = buildWorkspace(
      Object.entries(unpacked).map(([name, bytes]) => ({
        name,
        result: parseSitemap(bytes, { fileName: name }),
      })),
      { publishUrl: 'https://guides.example/sitemap.xml' },
    );
    const index = again.files[again.indexes[0]];
    expect(index.document.entries.map((e) => [e.loc, e.lastmod])).toEqual([
      ['https://guides.example/fr/sitemap.xml', now],
      ['https://guides.example/en/sitemap.xml', '2017-04-14T11:25:05-04:00'],
    ]);
    expect(again.missing).toEqual([]);
    expect(again.extra).toEqual([]);
    const locsOf = (w: typeof ws) =>
      Array.from(
        w.combined.fileIndex,
        (f, r) => `${w.files[f].name} ${w.files[f].document.entries[w.combined.entryIndex[r]].loc}`,
      ).sort();
    expect(locsOf(again)).toEqual(locsOf(ws));
    expect(strFromU8(unpacked['sitemap.xml'])).toContain('<loc>https://guides.example/en/sitemap.xml</loc>');
  });
});
