import { describe, expect, it } from 'vitest';
import type { Alternate, Entry, SitemapDocument } from '../core/model.ts';
import { applyListEdit } from './entryCommands.ts';
import { hreflangCluster } from './hreflangCluster.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';

const U = (p: string) => `https://www.example.com/${p}/`;
const link = (code: string, page: string): Alternate => ({ rel: 'alternate', hreflang: code, href: U(page) });

function media(id: number): Entry {
  return {
    id,
    loc: U(`media-${id}`),
    images: [
      { loc: 'https://cdn.example.com/a.jpg', caption: 'Dog' },
      { loc: 'https://cdn.example.com/b.jpg' },
      { loc: 'https://cdn.example.com/c.jpg' },
    ],
    videos: [
      {
        nodes: [
          { name: 'thumbnail_loc', text: 'https://cdn.example.com/t.jpg' },
          { name: 'title', text: 'Grilling steaks' },
          { name: 'description', text: 'How to grill' },
          { name: 'content_loc', text: 'https://cdn.example.com/v.mp4' },
          { name: 'tag', text: 'grill' },
          { name: 'tag', text: 'steak' },
        ],
      },
    ],
    news: [
      {
        nodes: [
          {
            name: 'publication',
            text: '',
            children: [
              { name: 'name', text: 'The Example Times' },
              { name: 'language', text: 'en' },
            ],
          },
          { name: 'publication_date', text: '2024-06-24' },
          { name: 'title', text: 'Vote passes' },
        ],
      },
    ],
    alternates: [link('en', `media-${id}`), link('de', 'de')],
  };
}

async function open(entries: Entry[]) {
  const doc: SitemapDocument = { kind: 'urlset', entries, nextId: entries.length };
  const store = createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: doc, issues: [], fatal: null })),
    now: () => Date.UTC(2024, 5, 25),
  });
  await store.commands.openFile('sitemap.xml', new Uint8Array([1]));
  const entry = (id: number) => store.getState().doc!.entries.find((e) => e.id === id)!;
  return { store, entry, c: store.commands };
}

/** Runs `act`, checks it recorded exactly one step, then undoes and checks the entry is restored exactly. */
async function oneStep(
  entries: Entry[],
  act: (s: Awaited<ReturnType<typeof open>>) => unknown,
  check: (after: Entry) => void,
  label: string,
) {
  const s = await open(entries);
  const before = s.entry(0);
  const snapshot = structuredClone(before);
  act(s);
  const h = s.store.getState().history;
  expect(h.undoDepth).toBe(1);
  expect(h.undoLabel).toBe(label);
  check(s.entry(0));
  s.c.undo();
  expect(s.entry(0)).toBe(before);
  expect(s.entry(0)).toEqual(snapshot);
  expect(s.store.getState().history.canUndo).toBe(false);
  s.c.redo();
  check(s.entry(0));
}

describe('applyListEdit', () => {
  it('adds, replaces, removes and moves; out-of-range and no-op edits return null', () => {
    expect(applyListEdit(['a', 'b'], { op: 'add', item: 'c' })).toEqual(['a', 'b', 'c']);
    expect(applyListEdit(['a', 'b'], { op: 'add', item: 'c', at: 0 })).toEqual(['c', 'a', 'b']);
    expect(applyListEdit(['a', 'b'], { op: 'set', index: 1, item: 'x' })).toEqual(['a', 'x']);
    expect(applyListEdit(['a', 'b', 'c'], { op: 'remove', index: 1 })).toEqual(['a', 'c']);
    expect(applyListEdit(['a', 'b', 'c'], { op: 'move', index: 2, to: 0 })).toEqual(['c', 'a', 'b']);
    expect(applyListEdit(['a', 'b'], { op: 'set', index: 1, item: 'b' })).toBeNull();
    expect(applyListEdit(['a', 'b'], { op: 'remove', index: 2 })).toBeNull();
    expect(applyListEdit(['a', 'b'], { op: 'move', index: 0, to: -1 })).toBeNull();
  });
});

describe('entry commands: each edit is one undo step and undo restores the entry exactly', () => {
  it('edits an image (deprecated caption kept)', async () => {
    await oneStep(
      [media(0)],
      ({ c }) =>
        c.editList(
          0,
          'images',
          { op: 'set', index: 0, item: { loc: 'https://cdn.example.com/z.jpg', caption: 'Dog' } },
          'Edit image URL',
        ),
      (e) => expect(e.images?.[0]).toEqual({ loc: 'https://cdn.example.com/z.jpg', caption: 'Dog' }),
      'Edit image URL',
    );
  });
  it('adds, removes and reorders images', async () => {
    await oneStep(
      [media(0)],
      ({ c }) => c.editList(0, 'images', { op: 'add', item: { loc: 'https://cdn.example.com/d.jpg' } }),
      (e) => expect(e.images?.map((i) => i.loc.slice(-5))).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']),
      'Add image',
    );
    await oneStep(
      [media(0)],
      ({ c }) => c.editList(0, 'images', { op: 'remove', index: 1 }),
      (e) => expect(e.images?.map((i) => i.loc.slice(-5))).toEqual(['a.jpg', 'c.jpg']),
      'Remove image 2',
    );
    await oneStep(
      [media(0)],
      ({ c }) => c.editList(0, 'images', { op: 'move', index: 2, to: 1 }),
      (e) => expect(e.images?.map((i) => i.loc.slice(-5))).toEqual(['a.jpg', 'c.jpg', 'b.jpg']),
      'Move image 3 up',
    );
  });
  it('removing the last item drops the list', async () => {
    const e0: Entry = { id: 0, loc: U('x'), images: [{ loc: 'https://cdn.example.com/a.jpg' }] };
    await oneStep(
      [e0],
      ({ c }) => c.editList(0, 'images', { op: 'remove', index: 0 }),
      (e) => expect('images' in e).toBe(false),
      'Remove image 1',
    );
  });
  it('edits, adds, removes and moves video fields', async () => {
    await oneStep(
      [media(0)],
      ({ c }) =>
        c.editNodes(0, 'videos', 0, [], {
          op: 'set',
          index: 1,
          item: { name: 'title', text: 'Grilling fish' },
        }),
      (e) => expect(e.videos?.[0].nodes[1]).toEqual({ name: 'title', text: 'Grilling fish' }),
      'Edit video field 2',
    );
    await oneStep(
      [media(0)],
      ({ c }) => c.editNodes(0, 'videos', 0, [], { op: 'add', item: { name: 'duration', text: '600' } }),
      (e) => expect(e.videos?.[0].nodes.at(-1)).toEqual({ name: 'duration', text: '600' }),
      'Add video field',
    );
    await oneStep(
      [media(0)],
      ({ c }) => c.editNodes(0, 'videos', 0, [], { op: 'move', index: 5, to: 4 }),
      (e) => expect(e.videos?.[0].nodes.slice(4).map((n) => n.text)).toEqual(['steak', 'grill']),
      'Move video field 6 up',
    );
  });
  it('sets a video field by name, creating it in XSD order', async () => {
    await oneStep(
      [media(0)],
      ({ c }) => c.setNodeText(0, 'videos', 0, ['duration'], '600'),
      (e) =>
        expect(e.videos?.[0].nodes.map((n) => n.name)).toEqual([
          'thumbnail_loc',
          'title',
          'description',
          'content_loc',
          'duration',
          'tag',
          'tag',
        ]),
      'Edit video duration',
    );
  });
  it('edits the news title and the nested publication name', async () => {
    await oneStep(
      [media(0)],
      ({ c }) => c.setNodeText(0, 'news', 0, ['title'], 'Vote fails'),
      (e) => expect(e.news?.[0].nodes[2]).toEqual({ name: 'title', text: 'Vote fails' }),
      'Edit news title',
    );
    await oneStep(
      [media(0)],
      ({ c }) => c.setNodeText(0, 'news', 0, ['publication', 'name'], 'Example Daily'),
      (e) => expect(e.news?.[0].nodes[0].children?.[0]).toEqual({ name: 'name', text: 'Example Daily' }),
      'Edit news name',
    );
  });
  it('adds a news block and removes it', async () => {
    const plain: Entry = { id: 0, loc: U('plain') };
    await oneStep(
      [plain],
      ({ c }) => c.editList(0, 'news', { op: 'add', item: { nodes: [{ name: 'title', text: 'T' }] } }),
      (e) => expect(e.news).toEqual([{ nodes: [{ name: 'title', text: 'T' }] }]),
      'Add news block',
    );
    await oneStep(
      [media(0)],
      ({ c }) => c.editList(0, 'news', { op: 'remove', index: 0 }),
      (e) => expect(e.news).toBeUndefined(),
      'Remove news block 1',
    );
  });
  it('edits an alternate and replaces a whole entry', async () => {
    await oneStep(
      [media(0)],
      ({ c }) =>
        c.editList(0, 'alternates', { op: 'set', index: 1, item: link('de-AT', 'de') }, 'Edit hreflang'),
      (e) => expect(e.alternates?.[1]).toEqual(link('de-AT', 'de')),
      'Edit hreflang',
    );
    await oneStep(
      [media(0)],
      ({ c, entry }) => c.updateEntry(0, { ...entry(0), lastmod: '2024-06-01' }, 'Edit entry'),
      (e) => expect(e.lastmod).toBe('2024-06-01'),
      'Edit entry',
    );
  });
  it('records nothing for no-op edits', async () => {
    const { store, c, entry } = await open([media(0)]);
    expect(
      c.editList(0, 'images', { op: 'set', index: 1, item: { loc: 'https://cdn.example.com/b.jpg' } }),
    ).toBe(false);
    expect(c.editList(0, 'images', { op: 'move', index: 0, to: 5 })).toBe(false);
    expect(c.setNodeText(0, 'news', 0, ['title'], 'Vote passes')).toBe(false);
    expect(c.editNodes(0, 'videos', 3, [], { op: 'remove', index: 0 })).toBe(false);
    expect(c.updateEntry(0, { ...entry(0), id: 9 }, 'x')).toBe(false);
    expect(c.editList(42, 'images', { op: 'add', item: { loc: 'https://x.example/a.jpg' } })).toBe(false);
    expect(store.getState().history.canUndo).toBe(false);
  });
});

/** en ↔ fr are reciprocal; en → de, it → en, it → de have no return link; /other/ is another cluster. */
function hreflangDoc(): Entry[] {
  return [
    { id: 0, loc: U('en'), alternates: [link('en', 'en'), link('de', 'de'), link('fr', 'fr')] },
    { id: 1, loc: U('de'), alternates: [link('de', 'de')] },
    { id: 2, loc: U('fr'), alternates: [link('fr', 'fr'), link('en', 'en')] },
    {
      id: 3,
      loc: U('it'),
      alternates: [link('it', 'it'), link('en', 'en'), link('de', 'de'), link('es', 'es')],
    },
    { id: 4, loc: U('other'), alternates: [link('en', 'other'), link('de', 'other-de')] },
    { id: 5, loc: U('other-de'), alternates: [link('de', 'other-de')] },
  ];
}

describe('hreflangCluster', () => {
  it('finds the loaded members, the missing return links and the unloaded hrefs', () => {
    const c = hreflangCluster(hreflangDoc(), 1)!;
    expect(c.members.map((m) => [m.id, m.code])).toEqual([
      [0, 'en'],
      [1, 'de'],
      [2, 'fr'],
      [3, 'it'],
    ]);
    expect(c.missing).toEqual([
      { source: 0, target: 1 },
      { source: 3, target: 0 },
      { source: 3, target: 1 },
    ]);
    expect(c.notLoaded).toEqual([U('es')]);
    expect(c.truncated).toBe(false);
  });
  it('follows padded hrefs and ignores media, amphtml and app links (HREF-012)', () => {
    const entries: Entry[] = [
      {
        id: 0,
        loc: U('en'),
        alternates: [
          link('en', 'en'),
          { rel: 'alternate', hreflang: 'de', href: ` ${U('de')}\n` },
          { rel: 'alternate', media: 'only screen and (max-width: 640px)', href: U('m') },
          { rel: 'amphtml', hreflang: 'en', href: U('amp') },
        ],
      },
      { id: 1, loc: U('de'), alternates: [link('de', 'de'), link('en', 'en')] },
      { id: 2, loc: U('m'), alternates: [link('en', 'en')] },
      { id: 3, loc: U('amp') },
    ];
    const c = hreflangCluster(entries, 0)!;
    expect(c.members.map((m) => m.id)).toEqual([0, 1, 2]);
    expect(c.missing).toEqual([{ source: 2, target: 0 }]);
    expect(c.notLoaded).toEqual([]);
  });
  it('an href missing a listed URL only by its trailing slash is named with that URL, not "not loaded" (s16 review)', () => {
    const entries: Entry[] = [
      { id: 0, loc: U('de'), alternates: [link('de', 'de'), link('fr', 'fr')] },
      {
        id: 1,
        loc: U('fr'),
        alternates: [link('fr', 'fr'), { rel: 'alternate', hreflang: 'de', href: U('de').slice(0, -1) }],
      },
    ];
    const c = hreflangCluster(entries, 1)!;
    expect(c.notLoaded).toEqual([]);
    expect(c.nearly).toEqual([
      { href: U('de').slice(0, -1), loc: U('de'), why: 'only the trailing slash differs' },
    ]);
  });
  it('is null for an entry without hreflang links that nobody lists', () => {
    expect(hreflangCluster([...hreflangDoc(), { id: 6, loc: U('alone') }], 6)).toBeNull();
  });
});

describe('addMissingReturnLinks', () => {
  it('adds every missing return link of the cluster as one undo step', async () => {
    const { store, c, entry } = await open(hreflangDoc());
    const before = store.getState().doc!.entries;
    const snapshot = structuredClone(before);
    const v = () => store.getState().validation.validator;
    const errors = () =>
      [0, 1, 2, 3].flatMap((id) =>
        v()
          .issuesOf(id)
          .filter((i) => i.rule === 'HREF-006' && i.severity === 'error'),
      );
    expect(errors()).toHaveLength(3);

    expect(c.addMissingReturnLinks(1)).toBe(3);
    expect(store.getState().history).toMatchObject({ undoDepth: 1, undoLabel: 'Add 3 missing return links' });
    expect(errors()).toEqual([]);
    expect(entry(0).alternates?.at(-1)).toEqual(link('it', 'it'));
    expect(entry(1).alternates?.slice(1)).toEqual(
      expect.arrayContaining([link('en', 'en'), link('it', 'it')]),
    );
    expect(entry(1).alternates).toHaveLength(3);
    expect(entry(4)).toBe(before[4]);
    expect(hreflangCluster(store.getState().doc!.entries, 1)?.missing).toEqual([]);

    c.undo();
    expect(store.getState().doc!.entries).toEqual(snapshot);
    expect(errors()).toHaveLength(3);
    expect(c.addMissingReturnLinks(4)).toBe(1);
    expect(store.getState().history.undoLabel).toBe('Add 1 missing return link');
  });
  it('does nothing when the cluster is complete', async () => {
    const { store, c } = await open(hreflangDoc().slice(0, 1));
    expect(c.addMissingReturnLinks(0)).toBe(0);
    expect(store.getState().history.canUndo).toBe(false);
  });
});
