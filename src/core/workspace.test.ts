import { describe, expect, it } from 'vitest';
import type { DocumentKind, Entry, Issue, ParseResult } from './model.ts';
import { buildWorkspace } from './workspace.ts';

function result(
  kind: DocumentKind,
  entries: Array<Partial<Entry> & { loc: string }>,
  issues: Issue[] = [],
): ParseResult {
  const list = entries.map((e, id) => ({ id, line: id + 2, ...e }));
  return {
    kind,
    document: {
      kind,
      entries: list,
      nextId: list.length,
      source: { bytes: 100, decodedBytes: 100, gzip: false, encoding: 'utf-8' },
    },
    issues,
    fatal: null,
  };
}

const index = (...locs: Array<string | { loc: string; lastmod: string }>) =>
  result(
    'sitemapindex',
    locs.map((l) => (typeof l === 'string' ? { loc: l } : l)),
  );
const urlset = (...locs: string[]) =>
  result(
    'urlset',
    locs.map((loc) => ({ loc })),
  );

describe('buildWorkspace: matching children to files', () => {
  it('matches by last path segment, marks missing children and extra files', () => {
    const ws = buildWorkspace([
      {
        name: 'sitemap_index.xml',
        result: index('https://a.example/post-sitemap.xml', 'https://a.example/page-sitemap.xml'),
      },
      { name: 'post-sitemap.xml', result: urlset('https://a.example/p1', 'https://a.example/p2') },
      { name: 'notes.txt', result: result('text', [{ loc: 'https://a.example/t' }]) },
    ]);
    expect(ws.indexes).toEqual([0]);
    expect(ws.children.map((c) => [c.loc, c.file, c.match])).toEqual([
      ['https://a.example/post-sitemap.xml', 1, 'name'],
      ['https://a.example/page-sitemap.xml', null, undefined],
    ]);
    expect(ws.missing.map((c) => c.loc)).toEqual(['https://a.example/page-sitemap.xml']);
    expect(ws.extra).toEqual([2]);
    expect(ws.files.map((f) => f.role)).toEqual(['index', 'child', 'extra']);
    expect(ws.files[1].parents).toEqual([0]);
    expect(ws.files[1].publishUrl).toBe('https://a.example/post-sitemap.xml');
  });

  it('tries case-insensitive names, then ignores .gz on either side', () => {
    const ws = buildWorkspace([
      {
        name: 'index.xml',
        result: index(
          'https://a.example/Posts.xml',
          'https://a.example/pages.xml.gz',
          'https://a.example/tags.xml',
        ),
      },
      { name: 'posts.xml', result: urlset('https://a.example/1') },
      { name: 'pages.xml', result: urlset('https://a.example/2') },
      { name: 'TAGS.XML.GZ', result: urlset('https://a.example/3') },
    ]);
    expect(ws.children.map((c) => [c.file, c.match])).toEqual([
      [1, 'name-ci'],
      [2, 'name-gz'],
      [3, 'name-gz-ci'],
    ]);
  });

  it('prefers an exact case match over a case-insensitive one', () => {
    const ws = buildWorkspace([
      { name: 'index.xml', result: index('https://a.example/Posts.xml') },
      { name: 'posts.xml', result: urlset('https://a.example/1') },
      { name: 'Posts.xml', result: urlset('https://a.example/2') },
    ]);
    expect(ws.children[0].file).toBe(2);
  });

  it('uses folders in file names to tell apart children with the same last segment', () => {
    const ws = buildWorkspace(
      [
        { name: 'sitemap.xml', result: index('fr/sitemap.xml', 'en/sitemap.xml') },
        { name: 'public/en/sitemap.xml', result: urlset('https://a.example/en/') },
        { name: 'public/fr/sitemap.xml', result: urlset('https://a.example/fr/') },
      ],
      { publishUrl: 'https://a.example/sitemap.xml' },
    );
    expect(ws.children.map((c) => [c.url, c.file])).toEqual([
      ['https://a.example/fr/sitemap.xml', 2],
      ['https://a.example/en/sitemap.xml', 1],
    ]);
    expect(ws.issues.filter((i) => i.rule === 'IDX-007')).toEqual([]);
  });

  it('never matches a file whose folder contradicts the child path, nor the index itself by name', () => {
    const ws = buildWorkspace([
      { name: 'sitemap.xml', result: index('https://a.example/fr/sitemap.xml') },
      { name: 'en/sitemap.xml', result: urlset('https://a.example/en/') },
    ]);
    expect(ws.children[0].file).toBeNull();
    expect(ws.extra).toEqual([1]);
  });

  it('matches by a file publish URL before names, and percent-decoded names', () => {
    const ws = buildWorkspace([
      { name: 'index.xml', result: index('https://a.example/s/one.xml', 'https://a.example/caf%C3%A9.xml') },
      {
        name: 'download (1).xml',
        publishUrl: 'https://A.example/s/one.xml',
        result: urlset('https://a.example/1'),
      },
      { name: 'café.xml', result: urlset('https://a.example/2') },
    ]);
    expect(ws.children.map((c) => [c.file, c.match])).toEqual([
      [1, 'url'],
      [2, 'name'],
    ]);
  });
});

describe('buildWorkspace: children of the same name (Hugo: en/sitemap.xml, fr/sitemap.xml)', () => {
  // 18F/guides-and-methods-hugo: the index lists fr/ then en/; English pages sit at the root.
  const en = urlset('/', '/post/chapter-6/', '/tags/');
  const fr = urlset('/fr/', '/fr/post/chapter-1/', '/fr/tags/');
  const hugoIndex = index('fr/sitemap.xml', 'en/sitemap.xml');
  const matched = (ws: ReturnType<typeof buildWorkspace>) => ws.children.map((c) => [c.loc, c.file]);

  it('matches each child by content whatever the order and however the copies are named', () => {
    const orders: Array<Array<[string, ParseResult]>> = [
      [
        ['sitemap.xml', hugoIndex],
        ['sitemap (2).xml', fr],
        ['sitemap (3).xml', en],
      ],
      [
        ['sitemap.xml', fr],
        ['sitemap (2).xml', hugoIndex],
        ['sitemap (3).xml', en],
      ],
      [
        ['sitemap.xml', en],
        ['sitemap (1).xml', fr],
        ['sitemap (2).xml', hugoIndex],
      ],
    ];
    for (const files of orders) {
      const ws = buildWorkspace(files.map(([name, r]) => ({ name, result: r })));
      const at = (r: ParseResult) => files.findIndex(([, x]) => x === r);
      expect(matched(ws)).toEqual([
        ['fr/sitemap.xml', at(fr)],
        ['en/sitemap.xml', at(en)],
      ]);
      expect(ws.missing).toEqual([]);
      expect(ws.extra).toEqual([]);
    }
  });

  it('uses the host of absolute children too', () => {
    const ws = buildWorkspace([
      {
        name: 'sitemap.xml',
        result: index('https://a.example/sitemap.xml', 'https://b.example/sitemap.xml'),
      },
      { name: 'sitemap (2).xml', result: urlset('https://b.example/1', 'https://b.example/2') },
      { name: 'sitemap (3).xml', result: urlset('https://a.example/1') },
    ]);
    expect(ws.children.map((c) => c.file)).toEqual([2, 1]);
  });

  it('never guesses: when nothing tells, the child stays unmatched with its candidates', () => {
    const ws = buildWorkspace([
      { name: 'sitemap.xml', result: index('de/sitemap.xml', 'fr/sitemap.xml', 'en/sitemap.xml') },
      { name: 'sitemap (2).xml', result: fr },
      { name: 'sitemap (3).xml', result: en },
    ]);
    // fr by its content; de/ and en/ could both be the root-level file: the user says which.
    expect(ws.children.map((c) => [c.file, c.candidates])).toEqual([
      [null, [2]],
      [1, undefined],
      [null, [2]],
    ]);
    expect(ws.missing.map((c) => c.loc)).toEqual(['de/sitemap.xml', 'en/sitemap.xml']);
    expect(ws.extra).toEqual([2]);
  });

  it('matches the file the user chose for an entry first', () => {
    const ws = buildWorkspace([
      { name: 'sitemap.xml', result: index('de/sitemap.xml', 'fr/sitemap.xml', 'en/sitemap.xml') },
      { name: 'sitemap (2).xml', result: fr },
      { name: 'sitemap (3).xml', result: en, chosenFor: 'en/sitemap.xml' },
    ]);
    expect(ws.children.map((c) => [c.file, c.match])).toEqual([
      [null, undefined],
      [1, 'name'],
      [2, 'chosen'],
    ]);
    expect(ws.children[0].candidates).toBeUndefined();
  });

  it('prefers an exact name over a copy name when the content does not tell', () => {
    const ws = buildWorkspace([
      { name: 'index.xml', result: index('https://a.example/posts.xml') },
      { name: 'posts (1).xml', result: urlset('https://a.example/1') },
      { name: 'posts.xml', result: urlset('https://a.example/2') },
    ]);
    expect(ws.children[0].file).toBe(2);
    expect(ws.extra).toEqual([1]);
  });
});

describe('buildWorkspace: combined rows and summaries', () => {
  it('lists the children in index order, then the extra files, with file and entry positions', () => {
    const ws = buildWorkspace([
      { name: 'extra.xml', result: urlset('https://a.example/x') },
      { name: 'index.xml', result: index('https://a.example/b.xml', 'https://a.example/a.xml') },
      { name: 'a.xml', result: urlset('https://a.example/a1', 'https://a.example/a2') },
      { name: 'b.xml', result: urlset('https://a.example/b1') },
    ]);
    expect(ws.combined.length).toBe(4);
    expect(Array.from(ws.combined.fileIndex)).toEqual([3, 2, 2, 0]);
    expect(Array.from(ws.combined.entryIndex)).toEqual([0, 0, 1, 0]);
  });

  it('is plain data that survives structuredClone (postMessage from a worker)', () => {
    const ws = buildWorkspace([
      { name: 'index.xml', result: index('https://a.example/a.xml') },
      { name: 'a.xml', result: urlset('https://a.example/1') },
    ]);
    const copy = structuredClone(ws);
    expect(copy).toEqual(ws);
    expect(copy.combined.fileIndex).toBeInstanceOf(Int32Array);
  });

  it('shows a lone index as its child list, every child missing', () => {
    const ws = buildWorkspace([
      { name: 'sitemap.xml', result: index('https://a.example/1.xml', 'https://a.example/2.xml') },
    ]);
    expect(ws.missing).toHaveLength(2);
    expect(Array.from(ws.combined.fileIndex)).toEqual([0, 0]);
    expect(Array.from(ws.combined.entryIndex)).toEqual([0, 1]);
  });

  it('counts URLs, bytes and the supplied (else parse) issues plus cross-file issues per file', () => {
    const parseIssue: Issue = { rule: 'ENC-002', severity: 'info', message: 'BOM' };
    const validatorIssue: Issue = { rule: 'LOC-001', severity: 'error', message: 'relative', entry: 0 };
    const ws = buildWorkspace([
      {
        name: 'a.xml',
        result: result('urlset', [{ loc: 'https://a.example/same' }], [parseIssue]),
        issues: [parseIssue, validatorIssue],
      },
      { name: 'b.xml', result: result('urlset', [{ loc: 'https://a.example/same' }], [parseIssue]) },
    ]);
    expect(ws.files[0].summary).toEqual({
      urls: 1,
      decodedBytes: 100,
      issues: { error: 1, warning: 1, info: 1 },
      fatal: false,
    });
    expect(ws.files[1].summary.issues).toEqual({ error: 0, warning: 1, info: 1 });
  });
});

describe('buildWorkspace: cross-file checks', () => {
  const rules = (issues: Issue[]) => issues.map((i) => `${i.rule}:${i.severity}`).sort();

  it('flags the same URL in several files on every occurrence, naming the other files (LOC-006)', () => {
    const ws = buildWorkspace([
      { name: 'a.xml', result: urlset('https://a.example/1', 'https://a.example/dup ') },
      { name: 'b.xml', result: urlset('https://a.example/dup') },
      {
        name: 'c.xml',
        result: urlset('https://a.example/dup', 'https://a.example/2', 'https://a.example/2'),
      },
    ]);
    const dups = ws.issues.filter((i) => i.rule === 'LOC-006');
    expect(dups.map((i) => [i.file, i.entry, i.relatedFiles])).toEqual([
      [0, 1, [1, 2]],
      [1, 0, [0, 2]],
      [2, 0, [0, 1]],
    ]);
    expect(dups[0].message).toContain('b.xml, c.xml');
    expect(dups[0].field).toBe('loc');
  });

  it('flags a self-referencing index (error) and a child listed twice (warning): IDX-007', () => {
    const ws = buildWorkspace(
      [
        {
          name: 'sitemap.xml',
          result: index(
            'https://a.example/sitemap.xml',
            'https://a.example/s1.xml',
            'https://a.example/s1.xml',
          ),
        },
      ],
      { publishUrl: 'https://a.example/sitemap.xml' },
    );
    expect(ws.issues.map((i) => [i.rule, i.severity, i.entry])).toEqual([
      ['IDX-007', 'error', 0],
      ['IDX-007', 'warning', 2],
    ]);
    expect(ws.children[0].file).toBe(0);
    expect(ws.files[0].parents).toEqual([]);
  });

  it('flags a child that is itself a loaded index (IDX-006)', () => {
    const ws = buildWorkspace([
      { name: 'sitemap.xml', result: index('https://a.example/sitemap-2.xml') },
      { name: 'sitemap-2.xml', result: index('https://a.example/s1.xml') },
    ]);
    expect(rules(ws.issues)).toEqual(['IDX-006:error']);
    expect(ws.issues[0].file).toBe(0);
    expect(ws.files[1].role).toBe('index');
    expect(ws.files[1].parents).toEqual([0]);
  });

  it('flags children on another host or scheme (IDX-004), a warning with cross-submission', () => {
    const files = [
      {
        name: 'sitemap.xml',
        result: index('https://a.example/1.xml', 'http://a.example/2.xml', 'https://b.example/3.xml'),
      },
    ];
    const strict = buildWorkspace(files, { publishUrl: 'https://a.example/sitemap.xml' });
    expect(strict.issues.map((i) => [i.rule, i.severity, i.entry])).toEqual([
      ['IDX-004', 'error', 1],
      ['IDX-004', 'error', 2],
    ]);
    const lenient = buildWorkspace(files, {
      publishUrl: 'https://a.example/sitemap.xml',
      crossSubmission: true,
    });
    expect(rules(lenient.issues)).toEqual(['IDX-004:warning', 'IDX-004:warning']);
    const inferred = buildWorkspace(files, {});
    expect(inferred.issues.map((i) => i.entry)).toEqual([1, 2]);
  });

  it('flags children outside the index directory (IDX-005) only when the publish URL is known', () => {
    const files = [
      { name: 'idx.xml', result: index('https://a.example/public/a.xml', 'https://a.example/other/b.xml') },
    ];
    expect(
      buildWorkspace(files, { publishUrl: 'https://a.example/public/idx.xml' }).issues.map((i) => [
        i.rule,
        i.entry,
      ]),
    ).toEqual([['IDX-005', 1]]);
    expect(buildWorkspace(files, {}).issues).toEqual([]);
  });

  it('flags an index lastmod older than the newest lastmod inside the loaded child (IDX-003)', () => {
    const ws = buildWorkspace([
      {
        name: 'idx.xml',
        result: index(
          { loc: 'https://a.example/a.xml', lastmod: '2024-06-01' },
          { loc: 'https://a.example/b.xml', lastmod: '2024-06-24' },
          { loc: 'https://a.example/c.xml', lastmod: '2024-06-24T12:00:00+02:00' },
        ),
      },
      {
        name: 'a.xml',
        result: result('urlset', [{ loc: 'https://a.example/1', lastmod: '2024-06-24T09:30:00Z' }]),
      },
      {
        name: 'b.xml',
        result: result('urlset', [{ loc: 'https://a.example/2', lastmod: '2024-06-24T09:30:00Z' }]),
      },
      {
        name: 'c.xml',
        result: result('urlset', [{ loc: 'https://a.example/3', lastmod: '2024-06-24T10:30:00Z' }]),
      },
    ]);
    const stale = ws.issues.filter((i) => i.rule === 'IDX-003');
    expect(stale.map((i) => [i.entry, i.severity, i.field])).toEqual([
      [0, 'warning', 'lastmod'],
      [2, 'warning', 'lastmod'],
    ]);
    expect(stale[0].message).toContain('2024-06-24T09:30:00Z');
  });

  it('with perFileRules false keeps only the checks a single-file validator cannot make', () => {
    const ws = buildWorkspace(
      [
        {
          name: 'sitemap.xml',
          result: index(
            'https://a.example/sitemap.xml',
            'https://b.example/x.xml',
            { loc: 'https://a.example/a.xml', lastmod: '2024-01-01' },
            'https://a.example/nested.xml',
          ),
        },
        { name: 'a.xml', result: result('urlset', [{ loc: 'https://a.example/1', lastmod: '2024-06-01' }]) },
        { name: 'b.xml', result: urlset('https://a.example/1') },
        { name: 'nested.xml', result: index('https://a.example/b.xml') },
      ],
      { publishUrl: 'https://a.example/sitemap.xml', perFileRules: false },
    );
    expect(rules(ws.issues)).toEqual([
      'IDX-003:warning',
      'IDX-006:error',
      'LOC-006:warning',
      'LOC-006:warning',
    ]);
  });

  it('checks per-file limits: SIZE-001, SIZE-002 and the SIZE-005 headroom', () => {
    const big = (n: number, bytes: number): ParseResult => {
      const r = result('urlset', []);
      r.document.entries = Array.from({ length: n }, (_, id) => ({
        id,
        loc: `https://a.example/${n}-${bytes}/${id}`,
      }));
      r.document.source = { bytes, decodedBytes: bytes, gzip: false, encoding: 'utf-8' };
      return r;
    };
    const ws = buildWorkspace([
      { name: 'over.xml', result: big(50_001, 1000) },
      { name: 'heavy.xml', result: big(10, 52_428_801) },
      { name: 'close.xml', result: big(45_001, 1000) },
      { name: 'fine.xml', result: big(45_000, 45_000_000) },
    ]);
    expect(ws.issues.map((i) => [i.file, i.rule, i.severity])).toEqual([
      [0, 'SIZE-001', 'error'],
      [1, 'SIZE-002', 'error'],
      [2, 'SIZE-005', 'warning'],
    ]);
  });
});
