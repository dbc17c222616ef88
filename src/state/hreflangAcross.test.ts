import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { hreflangClusterAcross, returnLinkEdits } from './hreflangCluster.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const U = (lang: string) => `https://guides.example/${lang}/`;
const link = (lang: string) => ({ rel: 'alternate', hreflang: lang, href: U(lang) });
const page = (id: number, lang: string, links: string[]): Entry => ({
  id,
  loc: U(lang),
  alternates: links.map(link),
});

describe('hreflang clusters across files', () => {
  // en.xml, fr.xml (missing its link back to en), zh.xml; ids repeat across files on purpose.
  const files = [
    [page(0, 'en', ['en', 'fr', 'zh'])],
    [{ id: 0, loc: 'https://guides.example/fr/other' }, page(1, 'fr', ['fr', 'zh'])],
    [page(0, 'zh', ['en', 'fr', 'zh'])],
  ];

  it('finds members in every file, with their file, and the missing return link', () => {
    const c = hreflangClusterAcross(files, 0, 0)!;
    expect(c.members.map((m) => [m.file, m.id, m.code])).toEqual([
      [0, 0, 'en'],
      [1, 1, 'fr'],
      [2, 0, 'zh'],
    ]);
    expect(c.notLoaded).toEqual([]);
    const [fr, en] = [c.members[1], c.members[0]];
    expect(c.missing).toEqual([{ source: en.key, target: fr.key }]);
    // One document alone cannot verify the others.
    expect(hreflangClusterAcross([files[0]], 0, 0)!.notLoaded).toEqual([U('fr'), U('zh')]);
  });

  it('edits only the file whose page lacks the link', () => {
    const c = hreflangClusterAcross(files, 2, 0)!;
    const edits = returnLinkEdits(c, files);
    expect([...edits.keys()]).toEqual([1]);
    expect(edits.get(1)).toEqual([{ ...files[1][1], alternates: [...files[1][1].alternates!, link('en')] }]);
  });

  it('the session adds the link in that file as one undo step there', async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const doc = (lang: string, links: string[]) =>
      enc(
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>${U(lang)}</loc>${links.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${U(l)}"/>`).join('')}</url></urlset>`,
      );
    const newStore = () =>
      createAppStore({ worker: fakeClient((b, n) => parseSitemap(b, { fileName: n })), now: () => 0 });
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'en.xml', bytes: doc('en', ['en', 'fr']) },
      { name: 'fr.xml', bytes: doc('fr', ['fr']) },
    ]);
    const [en, fr] = ws.getState().files;
    expect(ws.commands.addMissingReturnLinks(en.id, 0)).toEqual({ links: 1, files: ['fr.xml'] });
    expect(fr.store.getState().history).toMatchObject({
      undoDepth: 1,
      undoLabel: 'Add 1 missing return link',
    });
    expect(en.store.getState().history.undoDepth).toBe(0);
    expect(fr.store.getState().doc?.entries[0].alternates?.map((a) => a.hreflang)).toEqual(['fr', 'en']);
    expect(ws.commands.addMissingReturnLinks(en.id, 0)).toEqual({ links: 0, files: [] });
  });
});
