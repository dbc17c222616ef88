import { describe, expect, it } from 'vitest';
import { compileFind, findReplacePatch, NEW_FIND_REPLACE } from './findReplace.ts';
import { migrateHostPatch, migrateSchemePatch } from './migrateUrls.ts';
import { applyPatch } from './patch.ts';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument, makeEntry } from './testing.ts';
import type { FindReplaceRequest } from './types.ts';

const req = (over: Partial<FindReplaceRequest>): FindReplaceRequest => ({ ...NEW_FIND_REPLACE, ...over });

describe('find and replace', () => {
  it('preview count equals the number of cells the replace changes', async () => {
    const doc = makeDocument(500);
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('s.xml', new Uint8Array());
    const r = req({ column: 'all', find: 'blog', replace: 'journal' });
    const preview = await store.commands.previewFindReplace(r);
    const expected = doc.entries.filter((e) => e.loc.includes('blog')).length;
    expect(preview).toBe(expected);
    expect(store.getState().history.canUndo).toBe(false);
    expect(await store.commands.findReplace(r)).toBe(preview);
    expect(store.getState().doc?.entries.filter((e) => e.loc.includes('journal'))).toHaveLength(expected);
    expect(store.getState().history.undoDepth).toBe(1);
  });

  it('treats the find text literally unless regex is on, and $ literally in the replacement', () => {
    const doc = {
      kind: 'urlset' as const,
      entries: [makeEntry(0, { loc: 'https://a.example/a.b?x=1' })],
      nextId: 1,
    };
    const literal = findReplacePatch(doc, req({ find: 'a.b', replace: '$&$1' }), null);
    expect(applyPatch(doc, literal.patch).entries[0].loc).toBe('https://a.example/$&$1?x=1');
    const rx = findReplacePatch(doc, req({ find: 'x=(\\d)', replace: 'y=$1', regex: true }), null);
    expect(applyPatch(doc, rx.patch).entries[0].loc).toBe('https://a.example/a.b?y=1');
    expect(compileFind({ find: '(', regex: true, caseSensitive: false })).toBeNull();
  });

  it('respects case sensitivity and the selection scope', async () => {
    const entries = [
      makeEntry(0, { loc: 'https://a.example/Blog' }),
      makeEntry(1, { loc: 'https://a.example/blog' }),
    ];
    const doc = { kind: 'urlset' as const, entries, nextId: 2 };
    expect(findReplacePatch(doc, req({ find: 'blog', replace: 'x', caseSensitive: true }), null).cells).toBe(
      1,
    );
    const store = createAppStore({
      worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
      now: () => 0,
    });
    await store.commands.openFile('s.xml', new Uint8Array());
    store.commands.setSelection({ active: { row: 1, col: 1 }, ranges: [{ r0: 1, c0: 1, r1: 1, c1: 1 }] });
    expect(await store.commands.findReplace(req({ find: 'blog', replace: 'news', scope: 'selection' }))).toBe(
      1,
    );
    expect(store.getState().doc?.entries.map((e) => e.loc)).toEqual([
      'https://a.example/Blog',
      'https://a.example/news',
    ]);
  });

  it('migrates http to https on loc and hreflang hrefs as one step', () => {
    const entries = [
      makeEntry(0, {
        loc: 'http://a.example/',
        alternates: [{ rel: 'alternate', hreflang: 'de', href: 'http://a.example/de' }],
      }),
      makeEntry(1, { loc: 'https://a.example/x' }),
    ];
    const p = migrateSchemePatch({ kind: 'urlset', entries, nextId: 2 });
    expect(p.updated).toHaveLength(1);
    expect(p.updated[0][1]).toMatchObject({
      loc: 'https://a.example/',
      alternates: [{ href: 'https://a.example/de' }],
    });
    expect(p.label).toBe('Switch 1 URL to https');
  });

  it('migrates a host, keeping port, credentials and path, and leaves other hosts alone', () => {
    const entries = [
      makeEntry(0, { loc: 'https://OLD.example:8080/p?q=1' }),
      makeEntry(1, { loc: 'https://old.example.org/p' }),
      makeEntry(2, { loc: 'https://user@old.example/p' }),
    ];
    const p = migrateHostPatch({ kind: 'urlset', entries, nextId: 3 }, 'old.example', 'new.example');
    expect(p.updated.map(([, a]) => a.loc)).toEqual([
      'https://new.example:8080/p?q=1',
      'https://user@new.example/p',
    ]);
  });
});

describe('http→https and host moves cover image and video locations (issue 15)', () => {
  const entry = {
    id: 0,
    loc: 'http://www.example.com/p',
    images: [{ loc: 'http://www.example.com/a.jpg' }, { loc: 'http://cdn.example.net/b.jpg' }],
    videos: [
      {
        nodes: [
          { name: 'thumbnail_loc', text: 'http://www.example.com/t.jpg' },
          { name: 'title', text: 'http://www.example.com/ is not a URL field' },
          { name: 'content_loc', text: 'http://cdn.example.net/v.mp4' },
        ],
      },
    ],
  };
  it('switches same-host media to https and leaves other hosts alone', () => {
    const [[, after]] = migrateSchemePatch({ kind: 'urlset', entries: [entry], nextId: 1 }).updated;
    expect(after.loc).toBe('https://www.example.com/p');
    expect(after.images?.map((i) => i.loc)).toEqual([
      'https://www.example.com/a.jpg',
      'http://cdn.example.net/b.jpg',
    ]);
    expect(after.videos?.[0].nodes.map((n) => n.text)).toEqual([
      'https://www.example.com/t.jpg',
      'http://www.example.com/ is not a URL field',
      'http://cdn.example.net/v.mp4',
    ]);
  });
  it('a host move rewrites media on the moved host', () => {
    const [[, after]] = migrateHostPatch(
      { kind: 'urlset', entries: [entry], nextId: 1 },
      'cdn.example.net',
      'media.example.com',
    ).updated;
    expect(after.images?.[1].loc).toBe('http://media.example.com/b.jpg');
    expect(after.videos?.[0].nodes[2].text).toBe('http://media.example.com/v.mp4');
  });
});
