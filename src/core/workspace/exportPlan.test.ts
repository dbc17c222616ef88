import { describe, expect, it } from 'vitest';
import type { DocumentKind, Entry, ParseResult } from '../model.ts';
import { entryBytes } from '../rules/size.ts';
import { buildWorkspace } from '../workspace.ts';
import { planWorkspaceExport } from './exportPlan.ts';

function result(kind: DocumentKind, entries: Array<Partial<Entry> & { loc: string }>): ParseResult {
  const list = entries.map((e, id) => ({ id, ...e }));
  return { kind, document: { kind, entries: list, nextId: list.length }, issues: [], fatal: null };
}
const urls = (prefix: string, n: number, lastmod?: string) =>
  result(
    'urlset',
    Array.from({ length: n }, (_, i) =>
      lastmod ? { loc: `${prefix}${i}`, lastmod } : { loc: `${prefix}${i}` },
    ),
  );

const NOW = '2024-07-01T12:00:00Z';

function siteWorkspace() {
  return buildWorkspace([
    {
      name: 'sitemap.xml',
      result: result('sitemapindex', [
        { loc: 'https://a.example/posts.xml', lastmod: '2024-06-01' },
        { loc: 'https://a.example/pages.xml', lastmod: '2024-05-01' },
        { loc: 'https://a.example/gone.xml', lastmod: '2024-04-01' },
        { loc: 'https://a.example/posts.xml', lastmod: '2024-06-01' },
      ]),
    },
    { name: 'posts.xml', result: urls('https://a.example/p/', 5, '2024-06-20') },
    { name: 'pages.xml', result: urls('https://a.example/q/', 2) },
    { name: 'extra.xml', result: urls('https://a.example/x/', 1, '2024-06-10') },
  ]);
}

const indexOf = (plan: ReturnType<typeof planWorkspaceExport>) => plan.filter((p) => p.role === 'index');

describe('planWorkspaceExport', () => {
  it('regenerates the index: changed children get now, unchanged keep their lastmod, missing stay, extras join', () => {
    const ws = siteWorkspace();
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set([1]),
      now: NOW,
      publishBase: 'https://b.example/maps/',
    });
    expect(plan.map((p) => [p.name, p.role, p.changed])).toEqual([
      ['posts.xml', 'child', true],
      ['pages.xml', 'child', false],
      ['extra.xml', 'child', false],
      ['sitemap.xml', 'index', true],
    ]);
    expect(plan[1].document).toBe(ws.files[2].document);
    const [index] = indexOf(plan);
    expect(index.url).toBe('https://b.example/maps/sitemap.xml');
    expect(index.document.kind).toBe('sitemapindex');
    expect(index.document.entries).toEqual([
      { id: 0, loc: 'https://b.example/maps/posts.xml', lastmod: NOW },
      { id: 1, loc: 'https://b.example/maps/pages.xml', lastmod: '2024-05-01' },
      { id: 2, loc: 'https://a.example/gone.xml', lastmod: '2024-04-01' },
      { id: 3, loc: 'https://b.example/maps/extra.xml', lastmod: '2024-06-10' },
    ]);
  });

  it('says what the regenerated index rewrites: moved locs, new lastmods, files added, duplicates left out', () => {
    const plan = planWorkspaceExport(siteWorkspace(), {
      changedFiles: new Set([1]),
      now: NOW,
      publishBase: 'https://b.example/maps/',
    });
    const [index] = indexOf(plan);
    expect(index.changes.map((c) => [c.text, c.rule])).toEqual([
      [
        '2 child locs now point where this export publishes the files: https://a.example/posts.xml now https://b.example/maps/posts.xml, https://a.example/pages.xml now https://b.example/maps/pages.xml',
        'OUT-008',
      ],
      ['1 child lastmod set to the export time', 'OUT-008'],
      ['1 file added to the index', 'OUT-008'],
      ['1 entry left out (listed twice, or the index itself)', 'IDX-007'],
    ]);
    expect(plan.filter((p) => p.role === 'child').map((p) => p.changes)).toEqual([[], [], []]);
    const split = planWorkspaceExport(siteWorkspace(), {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
      split: { maxUrls: 3 },
    });
    expect(split.filter((p) => p.role === 'child').map((p) => p.changes.map((c) => c.text))).toEqual([
      ['part 1 of 2 of posts.xml (re-split)'],
      ['part 2 of 2 of posts.xml (re-split)'],
      [],
      [],
    ]);
    // posts.xml's second part is a new entry; the first takes the old one's place (posts-1.xml, now).
    expect(indexOf(split)[0].changes.map((c) => c.text)).toEqual([
      'child loc https://a.example/posts.xml now https://a.example/posts-1.xml: where this export publishes the file',
      '1 child lastmod set to the export time',
      '2 files added to the index',
      '1 entry left out (listed twice, or the index itself)',
    ]);
  });

  it('says in plain words where a child loc with a query string now points, and why', () => {
    const ws = buildWorkspace([
      {
        name: 'sitemap.xml',
        result: result('sitemapindex', [
          { loc: 'https://shop.example.com/sitemap_products_1.xml?from=7001&to=9002' },
          { loc: 'https://shop.example.com/sitemap_pages_1.xml' },
        ]),
      },
      { name: 'sitemap_products_1.xml', result: urls('https://shop.example.com/p/', 2) },
      { name: 'sitemap_pages_1.xml', result: urls('https://shop.example.com/q/', 2) },
    ]);
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://shop.example.com/',
    });
    expect(indexOf(plan)[0].document.entries[0].loc).toBe('https://shop.example.com/sitemap_products_1.xml');
    expect(indexOf(plan)[0].changes.map((c) => c.text)).toEqual([
      'child loc https://shop.example.com/sitemap_products_1.xml?from=7001&to=9002 now https://shop.example.com/sitemap_products_1.xml: a published file has no query string, so the index names the file itself',
    ]);
  });

  it('names children after their chosen format and points the index at those names', () => {
    const ws = buildWorkspace([
      {
        name: 'sitemap.xml',
        result: result('sitemapindex', [
          { loc: 'https://a.example/posts.xml' },
          { loc: 'https://a.example/urls.txt' },
        ]),
      },
      { name: 'posts.xml', result: urls('https://a.example/p/', 3) },
      { name: 'urls.txt', result: result('text', [{ loc: 'https://a.example/t' }]) },
    ]);
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
      formats: new Map([[1, 'xml.gz']]),
      split: { maxUrls: 2 },
    });
    expect(plan.map((p) => [p.name, p.format])).toEqual([
      ['posts-1.xml.gz', 'xml.gz'],
      ['posts-2.xml.gz', 'xml.gz'],
      ['urls.txt', 'txt'],
      ['sitemap.xml', 'xml'],
    ]);
    expect(indexOf(plan)[0].document.entries.map((e) => e.loc)).toEqual([
      'https://a.example/posts-1.xml.gz',
      'https://a.example/posts-2.xml.gz',
      'https://a.example/urls.txt',
    ]);
    const unsplit = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
      formats: new Map([[1, 'xml.gz']]),
    });
    expect(unsplit[0].name).toBe('posts.xml.gz');
  });

  it('leaves extras out when asked', () => {
    const plan = planWorkspaceExport(siteWorkspace(), {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/sitemap.xml',
      includeExtra: false,
    });
    expect(plan.map((p) => p.name)).toEqual(['posts.xml', 'pages.xml', 'sitemap.xml']);
    expect(indexOf(plan)[0].document.entries.map((e) => e.loc)).toEqual([
      'https://a.example/posts.xml',
      'https://a.example/pages.xml',
      'https://a.example/gone.xml',
    ]);
  });

  it('re-splits children above maxUrls into <base>-1.xml… and points the index at every part', () => {
    const plan = planWorkspaceExport(siteWorkspace(), {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
      split: { maxUrls: 2 },
      includeExtra: false,
    });
    expect(plan.map((p) => [p.name, p.document.entries.length, p.changed])).toEqual([
      ['posts-1.xml', 2, true],
      ['posts-2.xml', 2, true],
      ['posts-3.xml', 1, true],
      ['pages.xml', 2, false],
      ['sitemap.xml', 5, true],
    ]);
    expect(plan[2].document.entries[0].loc).toBe('https://a.example/p/4');
    expect(plan[2].sourceFile).toBe(1);
    expect(indexOf(plan)[0].document.entries.map((e) => [e.loc, e.lastmod])).toEqual([
      ['https://a.example/posts-1.xml', NOW],
      ['https://a.example/posts-2.xml', NOW],
      ['https://a.example/posts-3.xml', NOW],
      ['https://a.example/pages.xml', '2024-05-01'],
      ['https://a.example/gone.xml', '2024-04-01'],
    ]);
  });

  it('splits on the estimated byte size too', () => {
    const same = Array.from({ length: 100 }, (_, i) => ({
      loc: `https://a.example/page-${String(i).padStart(3, '0')}`,
    }));
    const ws = buildWorkspace([{ name: 'big.xml.gz', result: result('urlset', same) }]);
    const per = entryBytes(ws.files[0].document.entries[0], 'urlset');
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
      split: { maxBytes: 1024 + per * 30 },
    });
    expect(plan.filter((p) => p.role === 'child').map((p) => [p.name, p.document.entries.length])).toEqual([
      ['big-1.xml.gz', 30],
      ['big-2.xml.gz', 30],
      ['big-3.xml.gz', 30],
      ['big-4.xml.gz', 10],
    ]);
    expect(indexOf(plan).map((p) => p.name)).toEqual(['sitemap-index.xml']);
  });

  it('generates no index for a single file that fits, and keeps names unique', () => {
    const single = buildWorkspace([{ name: 'sitemap.xml', result: urls('https://a.example/', 3) }]);
    expect(
      planWorkspaceExport(single, {
        changedFiles: new Set(),
        now: NOW,
        publishBase: 'https://a.example/',
      }).map((p) => p.name),
    ).toEqual(['sitemap.xml']);
    const clash = buildWorkspace([
      {
        name: 'sitemap.xml',
        result: result('sitemapindex', [{ loc: 'fr/sitemap.xml' }, { loc: 'en/sitemap.xml' }]),
      },
      { name: 'fr/sitemap.xml', result: urls('https://a.example/fr/', 1) },
      { name: 'en/sitemap.xml', result: urls('https://a.example/en/', 1) },
    ]);
    const plan = planWorkspaceExport(clash, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
    });
    expect(plan.map((p) => p.url)).toEqual([
      'https://a.example/fr/sitemap.xml',
      'https://a.example/en/sitemap.xml',
      'https://a.example/sitemap.xml',
    ]);
  });

  it('splits an index above 50,000 children into several index files', () => {
    const ws = buildWorkspace([
      {
        name: 'sitemap.xml',
        result: result(
          'sitemapindex',
          Array.from({ length: 50_001 }, (_, i) => ({ loc: `https://a.example/s${i}.xml` })),
        ),
      },
    ]);
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/',
    });
    expect(plan.map((p) => [p.name, p.document.entries.length])).toEqual([
      ['sitemap-1.xml', 50_000],
      ['sitemap-2.xml', 1],
    ]);
  });
});

describe('names from input are data, never paths (issue 20 case 7)', () => {
  it('zip member names that climb out, are absolute or reserved export under the publish base', () => {
    const ws = buildWorkspace([
      { name: '../../x.xml', result: urls('https://a.example/x/', 1) },
      { name: '/etc/passwd.xml', result: urls('https://a.example/p/', 1) },
      { name: '..\\..\\win.xml', result: urls('https://a.example/w/', 1) },
      { name: 'C:\\temp\\con.xml', result: urls('https://a.example/c/', 1) },
      { name: '__proto__', result: urls('https://a.example/q/', 1) },
      { name: 'a#b?.xml', result: urls('https://a.example/h/', 1) },
    ]);
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://a.example/maps/sitemap.xml',
    });
    const children = plan.filter((p) => p.role === 'child').map((p) => p.name);
    expect(children).toEqual([
      'x.xml',
      'etc/passwd.xml',
      'win.xml',
      'temp/_con.xml',
      '__proto__',
      'a#b-.xml',
    ]);
    for (const p of plan) {
      expect(p.url.startsWith('https://a.example/maps/'), p.url).toBe(true);
      expect(p.name).not.toMatch(/(^|\/)\.\.?(\/|$)|^\/|\\/);
    }
    const index = indexOf(plan)[0];
    const locs = index.document.entries.map((e) => e.loc);
    expect(locs).toContain('https://a.example/maps/a%23b-.xml');
    expect(locs.every((l) => l.startsWith('https://a.example/maps/'))).toBe(true);
  });
});

describe('children keep the path their index gives them (review: Hugo en/ and fr/)', () => {
  const indexOver = (locs: string[], publishUrl?: string) => ({
    name: 'sitemap.xml',
    result: result(
      'sitemapindex',
      locs.map((loc) => ({ loc })),
    ),
    ...(publishUrl ? { publishUrl } : {}),
  });

  it('relative and absolute locs under the index folder keep their folders; the index points there', () => {
    const ws = buildWorkspace([
      indexOver(
        ['fr/sitemap.xml', 'https://a.example/en/sitemap.xml', 'https://a.example/de/x%20y.xml'],
        'https://a.example/sitemap.xml',
      ),
      { name: 'sitemap (2).xml', result: urls('https://a.example/fr/', 1) },
      { name: 'sitemap (3).xml', result: urls('https://a.example/en/', 1) },
      { name: 'x y.xml', result: urls('https://a.example/de/', 1) },
    ]);
    // The files' own names do not say which is which: the index's entries do (matched by content).
    ws.children.forEach((ref, k) => {
      ref.file = k + 1;
    });
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://b.example/maps/',
    });
    expect(plan.map((p) => p.name)).toEqual([
      'fr/sitemap.xml',
      'en/sitemap.xml',
      'de/x y.xml',
      'sitemap.xml',
    ]);
    expect(indexOf(plan)[0].document.entries.map((e) => e.loc)).toEqual([
      'https://b.example/maps/fr/sitemap.xml',
      'https://b.example/maps/en/sitemap.xml',
      'https://b.example/maps/de/x%20y.xml',
    ]);
  });

  it('a loc outside the index folder, with a query, or climbing out keeps the file name, under the base', () => {
    const ws = buildWorkspace([
      indexOver(
        [
          'https://a.example/other/a.xml',
          'https://a.example/maps/s.php?page=2',
          '../../c.xml',
          'x/%2e%2e/%2e%2e/d.xml',
          'e%2F..%2F..%2Fe.xml',
        ],
        'https://a.example/maps/sitemap.xml',
      ),
      { name: 'a.xml', result: urls('https://a.example/a/', 1) },
      { name: 'b.xml', result: urls('https://a.example/b/', 1) },
      { name: 'c.xml', result: urls('https://a.example/c/', 1) },
      { name: 'd.xml', result: urls('https://a.example/d/', 1) },
      { name: 'e.xml', result: urls('https://a.example/e/', 1) },
    ]);
    ws.children.forEach((ref, k) => {
      ref.file = k + 1;
    });
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://b.example/maps/',
    });
    expect(plan.map((p) => p.name)).toEqual([
      'a.xml',
      'b.xml',
      'c.xml',
      'd.xml',
      'e%2F..%2F..%2Fe.xml',
      'sitemap.xml',
    ]);
    for (const p of plan) {
      expect(p.url.startsWith('https://b.example/maps/'), p.url).toBe(true);
      expect(p.name).not.toMatch(/(^|\/)\.\.?(\/|$)|^\/|\\/);
    }
  });

  it('a split child keeps its folder; another format changes only the extension', () => {
    const ws = buildWorkspace([
      indexOver(['fr/sitemap.xml', 'en/sitemap.xml.gz']),
      { name: 'fr.xml', result: urls('https://a.example/fr/', 3) },
      { name: 'en.xml', result: urls('https://a.example/en/', 1) },
    ]);
    ws.children.forEach((ref, k) => {
      ref.file = k + 1;
    });
    const plan = planWorkspaceExport(ws, {
      changedFiles: new Set(),
      now: NOW,
      publishBase: 'https://b.example/',
      split: { maxUrls: 2 },
      formats: new Map([[2, 'xml' as const]]),
    });
    expect(plan.map((p) => p.name)).toEqual([
      'fr/sitemap-1.xml',
      'fr/sitemap-2.xml',
      'en/sitemap.xml',
      'sitemap.xml',
    ]);
  });
});
