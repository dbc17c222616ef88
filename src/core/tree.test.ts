import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry, Severity } from './model.ts';
import { parseSitemap } from './parse.ts';
import { entryPatch } from './patch.ts';
import {
  buildUrlTree,
  findRenameCollisions,
  moveTarget,
  NOT_A_URL,
  planPrefixRename,
  ROOT,
  type UrlTree,
} from './tree.ts';

const e = (id: number, loc: string, extra: Partial<Entry> = {}): Entry => ({ id, loc, ...extra });

/** Every node, depth first in display order, as "indent label count eErrors wWarnings". */
function dump(tree: UrlTree): string[] {
  const all = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of tree.visibleRows(all)) {
      if (!all.has(id)) {
        all.add(id);
        grew = true;
      }
    }
  }
  return [...tree.visibleRows(all)].map((id) => {
    const n = tree.node(id);
    return `${'  '.repeat(n.depth)}${n.label} ${n.count} e${n.errorCount} w${n.warningCount}`;
  });
}

function findNode(tree: UrlTree, path: string[]): number {
  let node = ROOT;
  for (const label of path) {
    const next = [...tree.childrenOf(node)].find((c) => tree.node(c).label === label);
    if (next === undefined) return -1;
    node = next;
  }
  return node;
}

const entries = [
  e(0, 'https://www.a.com/'),
  e(1, 'https://www.a.com/blog/x'),
  e(2, 'https://www.a.com/blog/y?page=2'),
  e(3, ' https://WWW.A.com/blog/ '),
  e(4, 'http://www.a.com/blog/x'),
  e(5, '/relative'),
  e(6, 'https://www.a.com/shop/item'),
];
const sev: Record<number, Severity> = { 1: 'error', 2: 'warning', 5: 'error' };
const severityOf = (id: number) => sev[id];

describe('buildUrlTree', () => {
  it('groups by origin (scheme/host case folded) then path segment, counting URLs and issues', () => {
    const tree = buildUrlTree(entries, severityOf);
    expect(dump(tree)).toEqual([
      `${NOT_A_URL} 1 e1 w0`,
      'http://www.a.com 1 e0 w0',
      '  blog 1 e0 w0',
      '    x 1 e0 w0',
      'https://www.a.com 5 e1 w1',
      '  blog 3 e1 w1',
      '    x 1 e1 w0',
      '    y 1 e0 w1',
      '  shop 1 e0 w0',
      '    item 1 e0 w0',
    ]);
    expect(tree.size).toBe(7);
  });

  it('lists entry ids under a node and the node prefix', () => {
    const tree = buildUrlTree(entries, severityOf);
    const blog = findNode(tree, ['https://www.a.com', 'blog']);
    expect([...tree.entryIdsUnder(blog)]).toEqual([1, 2, 3]);
    expect([...tree.entryIdsUnder(findNode(tree, ['https://www.a.com']))]).toEqual([0, 1, 2, 3, 6]);
    expect(tree.prefixOf(blog)).toBe('https://www.a.com/blog');
    expect(tree.prefixOf(findNode(tree, [NOT_A_URL]))).toBeNull();
    expect(tree.nodeOfEntry(3)).toBe(blog);
  });

  it('finds a node back from its prefix', () => {
    const tree = buildUrlTree(entries, severityOf);
    const blog = findNode(tree, ['https://www.a.com', 'blog']);
    expect(tree.findNode('HTTPS://www.a.com/blog/')).toBe(blog);
    expect(tree.findNode('https://www.a.com')).toBe(findNode(tree, ['https://www.a.com']));
    expect(tree.findNode('https://www.a.com/nope')).toBe(-1);
    expect(tree.findNode('/relative')).toBe(-1);
  });

  it('shows only expanded subtrees in visibleRows', () => {
    const tree = buildUrlTree(entries, severityOf);
    const https = findNode(tree, ['https://www.a.com']);
    const labels = (ids: Int32Array) => [...ids].map((id) => tree.node(id).label);
    expect(labels(tree.visibleRows(new Set()))).toEqual([NOT_A_URL, 'http://www.a.com', 'https://www.a.com']);
    expect(labels(tree.visibleRows(new Set([https])))).toEqual([
      NOT_A_URL,
      'http://www.a.com',
      'https://www.a.com',
      'blog',
      'shop',
    ]);
  });

  it('does not confuse neighbours that share a prefix of a segment', () => {
    const near = [
      e(0, 'https://a.com/ab c/x'),
      e(1, 'https://a.com/ab/x'),
      e(2, 'https://a.com/abc/x'),
      e(3, ' https://a.com/abc/x'),
      e(4, 'https://a.com/abc?x'),
      e(5, 'https://a.com/abc/x/y'),
    ];
    expect(dump(buildUrlTree(near, () => undefined))).toEqual([
      'https://a.com 6 e0 w0',
      '  ab 1 e0 w0',
      '    x 1 e0 w0',
      '  ab c 1 e0 w0',
      '    x 1 e0 w0',
      '  abc 4 e0 w0',
      '    x 3 e0 w0',
      '      y 1 e0 w0',
    ]);
  });

  it('finds every child of wide nodes', () => {
    const wide = Array.from({ length: 50 }, (_, i) => e(i, `https://a.com/p${i % 20}/q`));
    const tree = buildUrlTree(wide, () => undefined);
    const origin = findNode(tree, ['https://a.com']);
    expect(tree.node(origin).childCount).toBe(20);
    expect(tree.node(findNode(tree, ['https://a.com', 'p3'])).count).toBe(3);
  });
});

describe('UrlTree.applyChange', () => {
  it('follows removals, loc edits, severity changes and additions like a rebuild', () => {
    const tree = buildUrlTree(entries, severityOf);
    const moved = e(1, 'https://www.a.com/news/x');
    const added = e(7, 'https://b.com/z');
    const next: Record<number, Severity> = { 2: 'error', 5: 'error', 7: 'warning' };
    tree.applyChange(
      entryPatch({
        removed: [entries[6]],
        updated: [
          [entries[1], moved],
          [entries[2], entries[2]],
        ],
        added: [added],
      }),
      (id) => next[id],
    );
    const final = [entries[0], moved, entries[2], entries[3], entries[4], entries[5], added];
    expect(dump(tree)).toEqual(dump(buildUrlTree(final, (id) => next[id])));
    expect(findNode(tree, ['https://www.a.com', 'shop'])).toBe(-1);
    expect(dump(tree)).toContain('https://b.com 1 e0 w1');
  });

  it('grows from empty through many nodes, removals and re-additions like a rebuild', () => {
    const many = Array.from({ length: 3000 }, (_, i) => e(i, `https://h${i % 3}.com/d${i % 40}/p${i}`));
    const tree = buildUrlTree([], () => undefined);
    tree.applyChange(entryPatch({ added: many }), () => undefined);
    tree.applyChange(entryPatch({ removed: many.filter((x) => x.id % 2 === 0) }), () => undefined);
    tree.applyChange(entryPatch({ added: many.filter((x) => x.id % 4 === 0) }), (id) =>
      id % 8 === 0 ? 'error' : undefined,
    );
    const kept = many.filter((x) => x.id % 2 === 1 || x.id % 4 === 0);
    expect(dump(tree)).toEqual(dump(buildUrlTree(kept, (id) => (id % 8 === 0 ? 'error' : undefined))));
    expect(tree.size).toBe(2250);
  });

  it('keys URLs by any id with addUrl (workspace rows)', () => {
    const tree = buildUrlTree([], () => undefined);
    tree.addUrl(0, 'https://a.com/x', 'error');
    tree.addUrl(1, 'https://a.com/x', undefined);
    tree.addUrl(0, 'https://a.com/y', undefined);
    expect(dump(tree)).toEqual(['https://a.com 2 e0 w0', '  x 1 e0 w0', '  y 1 e0 w0']);
  });

  it('refreshSeverities re-reads every entry', () => {
    const tree = buildUrlTree(entries, severityOf);
    tree.refreshSeverities(() => 'warning');
    expect(tree.node(findNode(tree, ['https://www.a.com'])).warningCount).toBe(5);
    expect(tree.node(findNode(tree, ['https://www.a.com'])).errorCount).toBe(0);
  });

  it('equals a rebuild after any sequence of edits (property)', () => {
    const locArb = fc
      .tuple(
        fc.constantFrom('https://a.com', 'HTTPS://A.com', 'http://b.org', 'rel'),
        fc.array(fc.constantFrom('x', 'y', 'z', ''), { maxLength: 3 }),
      )
      .map(([o, segs]) => `${o}/${segs.join('/')}`);
    const op = fc.tuple(
      fc.constantFrom('add', 'remove', 'update'),
      fc.nat(9),
      locArb,
      fc.constantFrom<Severity | undefined>('error', 'warning', undefined),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const live = new Map<number, Entry>();
        const sevs = new Map<number, Severity | undefined>();
        const tree = buildUrlTree([], () => undefined);
        for (const [kind, id, loc, s] of ops) {
          const before = live.get(id);
          if ((kind === 'add') !== (before !== undefined)) sevs.set(id, s);
          if (kind === 'remove' && before) {
            live.delete(id);
            tree.applyChange(entryPatch({ removed: [before] }), (x) => sevs.get(x));
          } else if (kind === 'update' && before) {
            live.set(id, e(id, loc));
            tree.applyChange(entryPatch({ updated: [[before, e(id, loc)]] }), (x) => sevs.get(x));
          } else if (kind === 'add' && !before) {
            live.set(id, e(id, loc));
            tree.applyChange(entryPatch({ added: [e(id, loc)] }), (x) => sevs.get(x));
          }
        }
        expect(dump(tree)).toEqual(dump(buildUrlTree([...live.values()], (x) => sevs.get(x))));
      }),
    );
  });
});

describe('planPrefixRename', () => {
  const docs = [
    e(0, 'https://a.com/blog'),
    e(1, 'https://a.com/blog/post?id=1'),
    e(2, 'https://A.com/blog/'),
    e(3, 'https://a.com/blogger/x'),
    e(4, 'https://a.com/fr/blog/post', {
      alternates: [
        { rel: 'alternate', hreflang: 'en', href: 'https://a.com/blog/post' },
        { rel: 'alternate', hreflang: 'fr', href: 'https://a.com/fr/blog/post' },
      ],
    }),
    e(5, 'https://a.com/news/post?id=1'),
  ];

  it('rewrites locs at or below the prefix at a segment boundary, and matching alternate hrefs anywhere', () => {
    const plan = planPrefixRename(docs, 'https://a.com/blog/', 'https://a.com/news');
    expect(plan.map((c) => [c.id, c.after.loc])).toEqual([
      [0, 'https://a.com/news'],
      [1, 'https://a.com/news/post?id=1'],
      [2, 'https://a.com/news/'],
      [4, 'https://a.com/fr/blog/post'],
    ]);
    expect(plan[3].after.alternates?.map((a) => a.href)).toEqual([
      'https://a.com/news/post',
      'https://a.com/fr/blog/post',
    ]);
    expect(plan[3].before).toBe(docs[4]);
    expect(docs[4].alternates?.[0].href).toBe('https://a.com/blog/post');
  });

  it('leaves alternates alone when asked and reports collisions', () => {
    const plan = planPrefixRename(docs, 'https://a.com/blog', 'https://a.com/news/', { alternates: false });
    expect(plan.map((c) => c.id)).toEqual([0, 1, 2]);
    expect(findRenameCollisions(docs, plan)).toEqual(['https://a.com/news/post?id=1']);
  });

  it('moves a subtree under another node', () => {
    const tree = buildUrlTree(docs, () => undefined);
    const blog = findNode(tree, ['https://a.com', 'blog']);
    const fr = findNode(tree, ['https://a.com', 'fr']);
    expect(moveTarget(tree, blog, fr)).toBe('https://a.com/fr/blog');
    expect(moveTarget(tree, fr, findNode(tree, ['https://a.com', 'fr', 'blog']))).toBeNull();
    const plan = planPrefixRename(docs, tree.prefixOf(blog)!, moveTarget(tree, blog, fr)!);
    expect(plan.map((c) => c.after.loc)).toContain('https://a.com/fr/blog/post?id=1');
  });
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realDir = path.resolve(repoRoot, '../shared/fixtures/real');
const doris = path.join(realDir, 'docusaurus-doris-3914-urls-oneline.xml');
const haveReal = existsSync(doris);
if (!haveReal) console.warn(`tree.test: ${realDir} is missing; the real-sitemap tree test is skipped`);

describe('URL tree of a real sitemap (3,914 URLs)', () => {
  it.skipIf(!haveReal)('places every entry once, and a folder rename moves exactly its subtree', () => {
    const doc = parseSitemap(new Uint8Array(readFileSync(doris))).document;
    const tree = buildUrlTree(doc.entries, () => undefined);
    const origins = [...tree.childrenOf(ROOT)];
    expect(origins.reduce((sum, id) => sum + tree.node(id).count, 0)).toBe(doc.entries.length);
    const all = origins.flatMap((id) => [...tree.entryIdsUnder(id)]).sort((a, b) => a - b);
    expect(all).toEqual(doc.entries.map((x) => x.id));
    const origin = origins.find(
      (id) => tree.node(id).count === Math.max(...origins.map((o) => tree.node(o).count)),
    )!;
    const folder = [...tree.childrenOf(origin)].find((id) => tree.node(id).count > 10)!;
    const prefix = tree.prefixOf(folder)!;
    const under = new Set(tree.entryIdsUnder(folder));
    const plan = planPrefixRename(doc.entries, prefix, `${prefix}-renamed`, { alternates: false });
    expect(new Set(plan.map((c) => c.id))).toEqual(under);
    tree.applyChange(entryPatch({ updated: plan.map((c) => [c.before, c.after]) }), () => undefined);
    expect(tree.node(tree.findNode(`${prefix}-renamed`)).count).toBe(under.size);
    expect(tree.findNode(prefix)).toBe(-1);
  });
});
