import { describe, expect, it } from 'vitest';
import { fixAll, getFix } from './fixes.ts';
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
    expect(
      fix([{ id: 0, loc: 'https://www.example.com/', lastmod: '2024-06-24 09:30:00' }], 'LASTMOD-001'),
    ).toBeNull();
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
});
