import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedFields, compareSitemaps, diffToCsv, looseKey, summarizeField } from './compare.ts';
import { csvField } from './format.ts';
import type { Entry, SitemapDocument } from './model.ts';
import { parseSitemap } from './parse.ts';

const e = (id: number, loc: string, extra: Partial<Entry> = {}): Entry => ({ id, loc, ...extra });

const before = [
  e(0, 'https://a.com/same', { lastmod: '2024-01-01' }),
  e(1, 'https://a.com/edited', { lastmod: '2024-01-01', priority: '0.5' }),
  e(2, 'https://a.com/gone'),
  e(3, 'http://a.com/secure'),
  e(4, 'https://A.COM/upper'),
  e(5, 'https://a.com/slash/'),
  e(6, 'HTTP://A.com/both/', { priority: '0.1' }),
  e(7, ' https://a.com/spaced '),
];
const after = [
  e(10, 'https://a.com/new'),
  e(11, 'https://a.com/edited', {
    lastmod: '2024-02-01',
    priority: '0.5',
    images: [{ loc: 'https://a.com/i.png' }],
  }),
  e(12, 'https://a.com/same', { lastmod: '2024-01-01' }),
  e(13, 'https://a.com/secure'),
  e(14, 'https://a.com/upper'),
  e(15, 'https://a.com/slash'),
  e(16, 'https://a.com/both', { priority: '0.2' }),
  e(17, 'https://a.com/spaced'),
];

describe('compareSitemaps', () => {
  it('counts every category and groups scheme/case/trailing-slash near-matches', () => {
    const diff = compareSitemaps(before, after);
    expect(diff.counts).toEqual({
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 2,
      scheme: 2,
      case: 1,
      trailingSlash: 1,
    });
    const rows = diff.rows.map((r) => [r.change, r.before?.id, r.after?.id, r.fields, r.near]);
    expect(rows).toEqual([
      ['changed', 1, 11, ['lastmod', 'images'], undefined],
      ['scheme', 3, 13, [], ['scheme']],
      ['case', 4, 14, [], ['case']],
      ['trailingSlash', 5, 15, [], ['trailingSlash']],
      ['scheme', 6, 16, ['priority'], ['scheme', 'case', 'trailingSlash']],
      ['added', undefined, 10, [], undefined],
      ['removed', 2, undefined, [], undefined],
    ]);
    expect(diff.fieldCounts).toMatchObject({ lastmod: 1, images: 1, priority: 1, alternates: 0 });
  });

  it('accepts documents and matches a repeated URL only once', () => {
    const dup = compareSitemaps(
      { kind: 'urlset', entries: [e(0, 'https://x.com/'), e(1, 'https://x.com/')], nextId: 2 },
      { kind: 'urlset', entries: [e(0, 'https://x.com/')], nextId: 1 },
    );
    expect(dup.counts).toMatchObject({ unchanged: 1, removed: 1, added: 0 });
  });
});

describe('compareSitemaps invariants (property)', () => {
  const locArb = fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTPS'),
      fc.constantFrom('a.com', 'A.com', 'b.org'),
      fc.constantFrom('', '/', '/x', '/x/', '/X'),
    )
    .map(([scheme, host, path]) => `${scheme}://${host}${path}`);
  const side = fc.array(fc.record({ loc: locArb, priority: fc.constantFrom(undefined, '0.5', '0.8') }), {
    maxLength: 12,
  });

  it('accounts for every entry of each side exactly once', () => {
    fc.assert(
      fc.property(side, side, (rawA, rawB) => {
        const a = rawA.map((x, id) => e(id, x.loc, x.priority ? { priority: x.priority } : {}));
        const b = rawB.map((x, id) => e(id, x.loc, x.priority ? { priority: x.priority } : {}));
        const { counts, rows } = compareSitemaps(a, b);
        const paired = counts.changed + counts.unchanged + counts.scheme + counts.case + counts.trailingSlash;
        expect(paired + counts.removed).toBe(a.length);
        expect(paired + counts.added).toBe(b.length);
        const seenA = rows.flatMap((r) => (r.before ? [r.before.id] : []));
        expect(new Set(seenA).size).toBe(seenA.length);
        expect(compareSitemaps(a, a).counts.unchanged).toBe(a.length);
      }),
    );
  });
});

describe('changedFields', () => {
  it('ignores alternate order and undefined-vs-empty lists, but sees nested changes', () => {
    const en = { rel: 'alternate', hreflang: 'en', href: 'https://a.com/en' };
    const fr = { rel: 'alternate', hreflang: 'fr', href: 'https://a.com/fr' };
    expect(
      changedFields(e(0, 'x', { alternates: [en, fr], images: [] }), e(1, 'x', { alternates: [fr, en] })),
    ).toEqual([]);
    expect(
      changedFields(
        e(0, 'x', { videos: [{ nodes: [{ name: 'title', text: 'A' }] }], news: [{ nodes: [] }] }),
        e(1, 'x', { videos: [{ nodes: [{ name: 'title', text: 'B' }] }], changefreq: 'daily' }),
      ),
    ).toEqual(['changefreq', 'videos', 'news']);
    expect(
      changedFields(
        e(0, 'x', { alternates: [en] }),
        e(1, 'x', { alternates: [{ ...en, href: 'https://a.com/EN' }] }),
      ),
    ).toEqual(['alternates']);
  });
});

describe('looseKey', () => {
  it('drops the scheme and one trailing slash and folds host case only', () => {
    expect(looseKey('HTTP://Www.A.com/Blog/?x')).toBe('www.a.com/Blog?x');
    expect(looseKey('https://www.a.com/Blog')).toBe('www.a.com/Blog');
    expect(looseKey('https://www.a.com/')).toBe('www.a.com');
    expect(looseKey(' rel/path/ ')).toBe('rel/path');
  });
});

describe('diffToCsv', () => {
  it('writes RFC 4180 rows with the documented header', () => {
    const diff = compareSitemaps(before, after);
    const csv = diffToCsv(diff, { kinds: ['changed', 'scheme', 'added'] });
    expect(csv.split('\r\n')).toEqual([
      'change,url,other_url,fields,before,after',
      'changed,https://a.com/edited,,lastmod;images,lastmod=2024-01-01; images=,lastmod=2024-02-01; images=https://a.com/i.png',
      'scheme,http://a.com/secure,https://a.com/secure,,,',
      'scheme,HTTP://A.com/both/,https://a.com/both,priority,priority=0.1,priority=0.2',
      'added,https://a.com/new,,,,',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    const diff = compareSitemaps(
      [e(0, 'https://a.com/?q=1,2', { lastmod: 'x"y' })],
      [e(1, 'https://a.com/?q=1,2')],
    );
    expect(diffToCsv(diff, { newline: '\n' })).toBe(
      'change,url,other_url,fields,before,after\nchanged,"https://a.com/?q=1,2",,lastmod,"lastmod=x""y",lastmod=\n',
    );
  });
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realDir = path.resolve(repoRoot, '../shared/fixtures/real');
const doris = path.join(realDir, 'docusaurus-doris-3914-urls-oneline.xml');
const haveReal = existsSync(doris);
if (!haveReal) console.warn(`compare.test: ${realDir} is missing; the real-sitemap comparison is skipped`);

describe('compareSitemaps on a real sitemap (3,914 URLs)', () => {
  it.skipIf(!haveReal)('finds itself unchanged and classifies edited copies by kind', () => {
    const doc = parseSitemap(new Uint8Array(readFileSync(doris))).document;
    expect(doc.entries).toHaveLength(3914);
    expect(compareSitemaps(doc, doc).counts).toMatchObject({
      unchanged: 3914,
      changed: 0,
      added: 0,
      removed: 0,
    });
    const edited = doc.entries.map((x, i) => {
      if (i % 10 === 1) return { ...x, loc: x.loc.endsWith('/') ? x.loc.slice(0, -1) : `${x.loc}/` };
      if (i % 10 === 2) return { ...x, loc: x.loc.replace(/^https:/, 'http:') };
      if (i % 10 === 3) return { ...x, priority: '0.1' };
      return x;
    });
    const diff = compareSitemaps(
      doc.entries,
      edited.filter((_, i) => i % 10 !== 4),
    );
    // Indices 0..3913: 392 each with i % 10 = 1, 2, 3 and 391 with i % 10 = 4.
    expect(diff.counts).toEqual({
      unchanged: 3914 - 3 * 392 - 391,
      trailingSlash: 392,
      scheme: 392,
      changed: 392,
      removed: 391,
      added: 0,
      case: 0,
    });
    const csv = diffToCsv(diff, { kinds: ['removed'] });
    expect(csv.split('\r\n')).toHaveLength(391 + 2);
  });
});

describe('image edits read as what changed (issue 15)', () => {
  it('the CSV before/after differ when only an image caption changed', () => {
    const a: SitemapDocument = {
      kind: 'urlset',
      nextId: 1,
      entries: [
        { id: 0, loc: 'https://a.example/', images: [{ loc: 'https://a.example/1.jpg', caption: 'Dog' }] },
      ],
    };
    const b: SitemapDocument = {
      kind: 'urlset',
      nextId: 1,
      entries: [
        { id: 0, loc: 'https://a.example/', images: [{ loc: 'https://a.example/1.jpg', caption: 'Cat' }] },
      ],
    };
    const csv = diffToCsv(compareSitemaps(a, b), { newline: '\n' });
    expect(csv).toContain('images=https://a.example/1.jpg (caption: Dog)');
    expect(csv).toContain('images=https://a.example/1.jpg (caption: Cat)');
    expect(summarizeField(a.entries[0], 'images')).not.toBe(summarizeField(b.entries[0], 'images'));
  });
});
