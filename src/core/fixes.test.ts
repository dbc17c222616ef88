import { describe, expect, it } from 'vitest';
import { fixAll, fixAllOutlook, getFix, OUTLOOK_MAX_ROWS, planFixAll } from './fixes.ts';
import type { Entry, Issue, SitemapDocument } from './model.ts';
import { validateDocument } from './validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const doc = (entries: Entry[]): SitemapDocument => ({ kind: 'urlset', entries, nextId: entries.length });
const ctxOf = (d: SitemapDocument, publishUrl?: string) => ({
  document: d,
  settings: { now: NOW, publishUrl },
});

/** Validates, finds the first issue of `rule`, applies its fix. */
function fix(entries: Entry[], rule: string, publishUrl?: string) {
  const d = doc(entries);
  // Strict (XSD): every finding on its row, so each fix can be tried on one row.
  const issue = validateDocument(d, { now: NOW, publishUrl, profile: 'strict' }).find((i) => i.rule === rule);
  expect(issue, `expected a ${rule} issue`).toBeDefined();
  return getFix(rule)!.apply(issue!, ctxOf(d, publishUrl));
}

describe('fixes', () => {
  it('LOC-005 trims and never mutates the input', () => {
    const e: Entry = { id: 0, loc: ' https://www.example.com/ ' };
    expect(fix([e], 'LOC-005')).toEqual({ update: [{ id: 0, loc: 'https://www.example.com/' }] });
    expect(e.loc).toBe(' https://www.example.com/ ');
  });
  it('LOC-001 resolves against the publish URL, or refuses to guess', () => {
    expect(
      fix([{ id: 0, loc: '/about/' }], 'LOC-001', 'https://www.example.com/sitemap.xml')?.update?.[0].loc,
    ).toBe('https://www.example.com/about/');
    expect(fix([{ id: 0, loc: '/about/' }], 'LOC-001')).toBeNull();
    expect(fix([{ id: 0, loc: '//www.example.com/a' }], 'LOC-001')?.update?.[0].loc).toBe(
      'https://www.example.com/a',
    );
  });
  it('HOST-002 moves the URL to the sitemap’s scheme (a default port goes with the old one)', () => {
    const pub = 'https://www.example.com/sitemap.xml';
    expect(fix([{ id: 0, loc: 'http://www.example.com/a' }], 'HOST-002', pub)?.update?.[0].loc).toBe(
      'https://www.example.com/a',
    );
    expect(
      fix([{ id: 0, loc: 'https://www.example.com:443/a' }], 'HOST-002', 'http://www.example.com/s.xml')
        ?.update?.[0].loc,
    ).toBe('http://www.example.com/a');
    expect(fix([{ id: 0, loc: ' http://www.example.com:8080/a' }], 'HOST-002', pub)?.update?.[0].loc).toBe(
      'http://www.example.com:8080/a',
    );
  });
  it('LOC-003/004 percent-encode', () => {
    expect(fix([{ id: 0, loc: 'https://www.example.com/ümlat.php' }], 'LOC-004')?.update?.[0].loc).toBe(
      'https://www.example.com/%C3%BCmlat.php',
    );
    expect(fix([{ id: 0, loc: 'https://www.example.com/a b' }], 'LOC-003')?.update?.[0].loc).toBe(
      'https://www.example.com/a%20b',
    );
  });
  it('LOC-008/009/010 clean the URL', () => {
    expect(fix([{ id: 0, loc: 'https://www.example.com/guide#install' }], 'LOC-008')?.update?.[0].loc).toBe(
      'https://www.example.com/guide',
    );
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/cart;jsessionid=9F3A?utm_source=mail&id=4' }], 'LOC-009')
        ?.update?.[0].loc,
    ).toBe('https://www.example.com/cart?id=4');
    expect(fix([{ id: 0, loc: 'https://admin:secret@www.example.com/' }], 'LOC-010')?.update?.[0].loc).toBe(
      'https://www.example.com/',
    );
  });
  it('LOC-006 merges the duplicate into the first entry', () => {
    const r = fix(
      [
        {
          id: 0,
          loc: 'https://www.example.com/a',
          lastmod: '2024-01-01',
          images: [{ loc: 'https://www.example.com/1.jpg' }],
        },
        {
          id: 1,
          loc: 'https://www.example.com/a',
          lastmod: '2024-06-01',
          images: [{ loc: 'https://www.example.com/1.jpg' }, { loc: 'https://www.example.com/2.jpg' }],
        },
      ],
      'LOC-006',
    );
    expect(r?.remove).toEqual([1]);
    expect(r?.update?.[0]).toMatchObject({ id: 0, lastmod: '2024-06-01' });
    expect(r?.update?.[0].images?.map((i) => i.loc)).toEqual([
      'https://www.example.com/1.jpg',
      'https://www.example.com/2.jpg',
    ]);
  });
  it('LOC-006 does not merge trailing-slash variants (may be different pages)', () => {
    expect(
      fix(
        [
          { id: 0, loc: 'https://www.example.com/a' },
          { id: 1, loc: 'https://www.example.com/a/' },
        ],
        'LOC-006',
      ),
    ).toBeNull();
  });
  it('date, changefreq and priority normalisation', () => {
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', lastmod: '2024-06-24T09:30+02:00' }], 'LASTMOD-005')
        ?.update?.[0].lastmod,
    ).toBe('2024-06-24T09:30:00+02:00');
    expect(
      fix(
        [{ id: 0, loc: 'https://www.example.com/', lastmod: 'Mon, 24 Jun 2024 09:30:00 GMT' }],
        'LASTMOD-001',
      )?.update?.[0].lastmod,
    ).toBe('2024-06-24T09:30:00Z');
    // No zone is invented (OUT-006): a time written without one keeps its date.
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', lastmod: '2024-06-24 09:30:00' }], 'LASTMOD-001')
        ?.update?.[0].lastmod,
    ).toBe('2024-06-24');
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', lastmod: '' }], 'LASTMOD-009')?.update?.[0],
    ).toEqual({ id: 0, loc: 'https://www.example.com/' });
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', changefreq: 'Daily' }], 'CF-001')?.update?.[0]
        .changefreq,
    ).toBe('daily');
    expect(fix([{ id: 0, loc: 'https://www.example.com/', changefreq: 'biweekly' }], 'CF-001')).toBeNull();
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', priority: '0,8' }], 'PRIO-001')?.update?.[0].priority,
    ).toBe('0.8');
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', priority: '1.5' }], 'PRIO-001')?.update?.[0].priority,
    ).toBe('1.0');
    expect(fix([{ id: 0, loc: 'https://www.example.com/', priority: 'high' }], 'PRIO-001')).toBeNull();
  });
  it('ENC-007 unescapes once, ENC-008 strips forbidden characters', () => {
    expect(fix([{ id: 0, loc: 'https://www.example.com/?a=1&amp;b=2' }], 'ENC-007')?.update?.[0].loc).toBe(
      'https://www.example.com/?a=1&b=2',
    );
    const news = { nodes: [{ name: 'title', text: 'Budget\u0008 vote' }] };
    const r = fix([{ id: 0, loc: 'https://www.example.com/', news: [news] }], 'ENC-008');
    expect(r?.update?.[0].news?.[0].nodes[0].text).toBe('Budget vote');
  });
  it('HREF-006 adds the return link to the OTHER entry; HREF-005 adds the self link', () => {
    const en: Entry = {
      id: 0,
      loc: 'https://www.example.com/en/',
      alternates: [
        { rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/en/' },
        { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/' },
      ],
    };
    const de: Entry = {
      id: 1,
      loc: 'https://www.example.com/de/',
      alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/' }],
    };
    const r = fix([en, de], 'HREF-006');
    expect(r?.update?.map((e) => e.id)).toEqual([1]);
    expect(r?.update?.[0].alternates).toContainEqual({
      rel: 'alternate',
      hreflang: 'en',
      href: 'https://www.example.com/en/',
    });
    const lonely: Entry = {
      id: 2,
      loc: 'https://www.example.com/fr/',
      alternates: [{ rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/en/' }],
    };
    const en2: Entry = {
      ...en,
      alternates: [
        ...en.alternates!,
        { rel: 'alternate', hreflang: 'fr', href: 'https://www.example.com/fr/' },
      ],
    };
    expect(fix([en2, lonely], 'HREF-005')?.update?.[0].alternates?.at(-1)).toEqual({
      rel: 'alternate',
      hreflang: 'fr',
      href: 'https://www.example.com/fr/',
    });
  });
  it("LOC-001 Fix all resolves the entry's relative hreflang, image and video URLs with its loc", () => {
    // A Hugo multilingual sitemap: locs and xhtml:link hrefs are both site-relative.
    // (Published at /en/sitemap.xml, its root URLs would rightly be HOST-004: not at or below /en/.)
    const pub = 'https://example.org/sitemap.xml';
    const link = (hreflang: string, href: string) => ({ rel: 'alternate', hreflang, href });
    const d = doc([
      { id: 0, loc: '/', alternates: [link('fr', '/fr/'), link('en', '/')] },
      {
        id: 1,
        loc: '/tags/scene/',
        alternates: [link('fr', '/fr/tags/scene/'), link('en', '/tags/scene/')],
        images: [{ loc: '/img/scene.png' }],
        videos: [
          {
            nodes: [
              { name: 'thumbnail_loc', text: '/img/v.jpg' },
              { name: 'title', text: 'Scene' },
              { name: 'description', text: 'A scene' },
              { name: 'content_loc', text: '//cdn.example.org/v.mp4' },
            ],
          },
        ],
      },
      {
        id: 2,
        loc: '/post/a/',
        alternates: [link('fr', 'https://example.org/fr/post/a/'), link('en', '/post/a/')],
      },
    ]);
    const settings = { now: NOW, publishUrl: pub, profile: 'strict' as const };
    const before = validateDocument(d, settings);
    const loc = before.filter((i) => i.rule === 'LOC-001');
    expect(loc).toHaveLength(3);
    const result = fixAll('LOC-001', loc, ctxOf(d, pub));
    const after = doc(result.update!);
    const e1 = after.entries[1];
    expect(e1.loc).toBe('https://example.org/tags/scene/');
    expect(e1.alternates?.map((a) => a.href)).toEqual([
      'https://example.org/fr/tags/scene/',
      'https://example.org/tags/scene/',
    ]);
    expect(e1.images?.[0].loc).toBe('https://example.org/img/scene.png');
    expect(e1.videos?.[0].nodes.map((n) => n.text)).toEqual([
      'https://example.org/img/v.jpg',
      'Scene',
      'A scene',
      'https://cdn.example.org/v.mp4',
    ]);
    const rules = (issues: Issue[]) => new Set(issues.map((i) => i.rule));
    const left = validateDocument(after, settings);
    // Nothing new: no HREF-005 for a self link still relative, no HREF-003 left behind.
    for (const r of rules(left)) expect(rules(before).has(r), `new ${r}`).toBe(true);
    for (const r of ['LOC-001', 'HREF-003', 'HREF-005', 'IMG-003', 'VID-006'] as const)
      expect(rules(left).has(r), r).toBe(false);
  });
  it('HREF-003 makes a relative href absolute against the publish URL, and waits for one', () => {
    const e: Entry = {
      id: 0,
      loc: 'https://example.org/',
      alternates: [
        { rel: 'alternate', hreflang: 'en', href: 'https://example.org/' },
        { rel: 'alternate', hreflang: 'fr', href: '/fr/' },
      ],
    };
    expect(fix([e], 'HREF-003', 'https://example.org/sitemap.xml')?.update?.[0].alternates?.[1].href).toBe(
      'https://example.org/fr/',
    );
    expect(fix([e], 'HREF-003')).toBeNull();
    const issue = validateDocument(doc([e]), { now: NOW }).find((i) => i.rule === 'HREF-003')!;
    expect(getFix('HREF-003')!.needs(issue, ctxOf(doc([e])))).toBe('publishUrl');
    const proto = {
      ...e,
      alternates: [e.alternates![0], { ...e.alternates![1], href: '//example.org/fr/' }],
    };
    expect(fix([proto], 'HREF-003')?.update?.[0].alternates?.[1].href).toBe('https://example.org/fr/');
  });
  it('HREF-004 corrects the code the message names, and refuses a guess', () => {
    const code = (hreflang: string) =>
      fix(
        [
          {
            id: 0,
            loc: 'https://example.com/en/page',
            alternates: [
              { rel: 'alternate', hreflang: 'en', href: 'https://example.com/en/page' },
              { rel: 'alternate', hreflang, href: 'https://example.com/x/page' },
            ],
          },
        ],
        'HREF-004',
      )?.update?.[0].alternates?.[1].hreflang;
    expect(code('en_US')).toBe('en-US');
    expect(code('zh_Hant_TW')).toBe('zh-Hant-TW');
    expect(code('en-UK')).toBe('en-GB');
    expect(code('es-419')).toBe('es');
    expect(code('eng')).toBeUndefined();
    expect(code('xx_YY')).toBeUndefined();
  });
  it('fixAllOutlook: fix at the first fixable row, needs when only input is missing, else none', () => {
    const d = doc([
      { id: 0, loc: 'https://www.example.com/', changefreq: 'sometimes' },
      { id: 1, loc: '/about/' },
    ]);
    const issues = validateDocument(d, { now: NOW });
    expect(fixAllOutlook('CF-001', issues, ctxOf(d))).toBe('none');
    expect(fixAllOutlook('LOC-001', issues, ctxOf(d))).toBe('needs');
    expect(fixAllOutlook('LOC-001', issues, ctxOf(d, 'https://www.example.com/sitemap.xml'))).toBe('fix');
    expect(fixAllOutlook('HREF-007', issues, ctxOf(d))).toBe('none');
  });
  it('fixAllOutlook looks at a bounded number of rows, then offers the button', () => {
    const many = (n: number) =>
      doc(
        Array.from({ length: n }, (_, id) => ({
          id,
          loc: `https://www.example.com/${id}`,
          changefreq: 'sometimes',
        })),
      );
    const under = many(OUTLOOK_MAX_ROWS);
    expect(fixAllOutlook('CF-001', validateDocument(under, { now: NOW }), ctxOf(under))).toBe('none');
    const over = many(OUTLOOK_MAX_ROWS + 1);
    expect(fixAllOutlook('CF-001', validateDocument(over, { now: NOW }), ctxOf(over))).toBe('fix');
  });
  it('IMG-006 / IMG-007 / VID-013 / VID-019', () => {
    expect(
      fix(
        [
          {
            id: 0,
            loc: 'https://www.example.com/',
            images: [{ loc: 'https://www.example.com/a.jpg', caption: 'Dog' }],
          },
        ],
        'IMG-006',
      )?.update?.[0].images,
    ).toEqual([{ loc: 'https://www.example.com/a.jpg' }]);
    const two = [{ loc: 'https://www.example.com/a.jpg' }, { loc: 'https://www.example.com/a.jpg' }];
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', images: two }], 'IMG-007')?.update?.[0].images,
    ).toHaveLength(1);
    const video = {
      nodes: [
        { name: 'family_friendly', text: 'YES' },
        { name: 'category', text: 'x' },
      ],
    };
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', videos: [video] }], 'VID-013')?.update?.[0].videos?.[0]
        .nodes[0].text,
    ).toBe('yes');
    expect(
      fix(
        [{ id: 0, loc: 'https://www.example.com/', videos: [video] }],
        'VID-019',
      )?.update?.[0].videos?.[0].nodes.map((n) => n.name),
    ).toEqual(['family_friendly']);
  });
  it('fixAll merges results in one step', () => {
    const d = doc([
      { id: 0, loc: 'https://www.example.com/a' },
      { id: 1, loc: 'https://www.example.com/a', images: [{ loc: 'https://www.example.com/1.jpg' }] },
      { id: 2, loc: 'https://www.example.com/a', images: [{ loc: 'https://www.example.com/2.jpg' }] },
    ]);
    const issues: Issue[] = validateDocument(d, { now: NOW });
    const r = fixAll('LOC-006', issues, ctxOf(d));
    expect(r.remove?.sort()).toEqual([1, 2]);
    expect(r.update).toHaveLength(1);
    expect(r.update?.[0].images).toHaveLength(2);
  });
  it('planFixAll counts what it does: a duplicate with nothing to merge is one row removed, none changed', () => {
    const d = doc([
      { id: 0, loc: 'https://www.example.com/a', lastmod: '2024-01-02' },
      { id: 1, loc: 'https://www.example.com/b' },
      { id: 2, loc: 'https://www.example.com/a', lastmod: '2024-01-01' },
    ]);
    const p = planFixAll('LOC-006', validateDocument(d, { now: NOW }), ctxOf(d));
    expect({ rows: p.rows, removed: p.removed }).toEqual({ rows: 1, removed: 1 });
    expect(p.result).toEqual({ remove: [2] });
    // A later lastmod is merged into the kept row: one row changed, one removed.
    const later = doc([d.entries[0], d.entries[1], { ...d.entries[2], lastmod: '2024-02-01' }]);
    const q = planFixAll('LOC-006', validateDocument(later, { now: NOW }), ctxOf(later));
    expect({ rows: q.rows, removed: q.removed }).toEqual({ rows: 2, removed: 1 });
    expect(q.result.update?.map((e) => [e.id, e.lastmod])).toEqual([[0, '2024-02-01']]);
  });
});
