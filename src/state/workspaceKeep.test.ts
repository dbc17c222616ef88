/** A workspace export keeps each file's own formatting (issue #16). */
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { serializeSitemap } from '../core/serialize.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { exportWorkspace } from './workspaceExport.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

function newStore() {
  return createAppStore({
    // Like the real worker, the parse hands the file's bytes back with the result.
    worker: fakeClient((bytes, name) => ({ ...parseSitemap(bytes, { fileName: name }), file: bytes })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://a.example/posts.xml</loc></sitemap>
  <sitemap><loc>https://a.example/pages.xml</loc></sitemap>
</sitemapindex>
`;
const POSTS = `<?xml version='1.0' encoding='utf-8'?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <!-- posts -->
    <url>
        <loc>https://a.example/p1</loc>
        <priority>1</priority>
    </url>
    <url>
        <loc>https://a.example/p2</loc>
    </url>
</urlset>
`;
const PAGES = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/about?a=1&#38;b=2</loc></url></urlset>`;

describe('workspace export keeps formatting', () => {
  it('writes an untouched child as it was and an edited one with only its change', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'sitemap.xml', bytes: enc(INDEX) },
      { name: 'posts.xml', bytes: enc(POSTS) },
      { name: 'pages.xml', bytes: enc(PAGES) },
    ]);
    const posts = ws.getState().files[1].store;
    posts.commands.setCell(1, 'priority', '0.3');
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://a.example/', now: 0 });
    const byName = new Map(files.map((f) => [f.name, dec(f.bytes)]));
    expect(byName.get('pages.xml')).toBe(PAGES);
    expect(byName.get('posts.xml')).toBe(
      POSTS.replace(
        '<loc>https://a.example/p2</loc>\n',
        '<loc>https://a.example/p2</loc>\n        <priority>0.3</priority>\n',
      ),
    );
  });

  it('writes the regenerated index over its own file: only the edited child lastmod changes', async () => {
    const index = `<?xml version="1.0" encoding="UTF-8"?>
<!-- made by hand -->
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
\t<sitemap>
\t\t<loc>https://a.example/posts.xml</loc>
\t\t<lastmod>2024-01-01</lastmod>
\t</sitemap>
\t<sitemap>
\t\t<loc>https://a.example/pages.xml</loc>
\t\t<lastmod>2024-02-02</lastmod>
\t</sitemap>
</sitemapindex>
`;
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'sitemap.xml', bytes: enc(index) },
      { name: 'posts.xml', bytes: enc(POSTS) },
      { name: 'pages.xml', bytes: enc(PAGES) },
    ]);
    const untouched = exportWorkspace(ws.getState(), { publishBase: 'https://a.example/', now: 0 });
    expect(dec(untouched.find((f) => f.name === 'sitemap.xml')!.bytes)).toBe(index);

    ws.getState().files[1].store.commands.setCell(1, 'priority', '0.3');
    const now = Date.UTC(2024, 5, 24, 9, 30);
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://a.example/', now });
    const written = dec(files.find((f) => f.name === 'sitemap.xml')!.bytes);
    expect(written).toBe(
      index.replace('<lastmod>2024-01-01</lastmod>', '<lastmod>2024-06-24T09:30:00Z</lastmod>'),
    );
  });

  it("normalizes every file when asked (the dialog's Normalize), and says which files kept theirs", async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'sitemap.xml', bytes: enc(INDEX) },
      { name: 'posts.xml', bytes: enc(POSTS) },
      { name: 'pages.xml', bytes: enc(PAGES) },
    ]);
    const req = { publishBase: 'https://a.example/', now: 0 };
    const kept = exportWorkspace(ws.getState(), req);
    expect(kept.map((f) => [f.name, f.kept])).toEqual([
      ['posts.xml', true],
      ['pages.xml', true],
      ['sitemap.xml', true],
    ]);
    const normalized = exportWorkspace(ws.getState(), { ...req, keepFormat: false });
    expect(normalized.map((f) => f.kept)).toEqual([false, false, false]);
    const posts = ws.getState().files[1].store.getState().doc!;
    const byName = new Map(normalized.map((f) => [f.name, dec(f.bytes)]));
    expect(byName.get('posts.xml')).toBe(serializeSitemap(posts, { format: 'xml' }));
    expect(byName.get('posts.xml')).not.toBe(POSTS);
  });
});
