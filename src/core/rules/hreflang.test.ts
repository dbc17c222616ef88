import { describe, expect, it } from 'vitest';
import type { Alternate, Entry } from '../model.ts';
import { scanUrl } from '../urls.ts';
import { validateDocument } from '../validate.ts';
import { familyHash } from './duplicates.ts';
import { checkEntry } from './entry.ts';
import { hreflangProblem } from './languageCodes.ts';
import { entryIssues, NOW, rulesOf } from './testing.ts';

const U = (p: string) => `https://www.example.com/${p}/`;
const link = (hreflang: string, p: string): Alternate => ({ rel: 'alternate', hreflang, href: U(p) });
const local = (alternates: Alternate[], loc = U('en')) => rulesOf(entryIssues({ loc, alternates }));

describe('hreflang codes (HREF-004)', () => {
  it('accepts language, language-Script, language-REGION, x-default, case-insensitively', () => {
    for (const c of ['en', 'en-GB', 'en-gb', 'zh-Hant', 'zh-Hant-TW', 'de-CH', 'x-default', 'X-Default'])
      expect(hreflangProblem(c)).toBeNull();
  });
  it('rejects what Google does not support', () => {
    for (const c of ['en-UK', 'es-419', 'eng', 'GB', 'en_US', 'en-EU', 'xx', 'en-GB-oxendict'])
      expect(hreflangProblem(c)).not.toBeNull();
  });
});

describe('hrefs written as the loc or as an earlier href (checked once, issue #18)', () => {
  it('reports a repeated href with a finding at every link', () => {
    const spaced = ` ${U('de')}`;
    expect(
      local([
        link('en', 'en'),
        { rel: 'alternate', hreflang: 'de', href: spaced },
        { rel: 'alternate', hreflang: 'de-at', href: spaced },
      ]),
    ).toEqual(['LOC-005@alternates.1.href', 'LOC-005@alternates.2.href']);
    const upper = 'https://www.example.com/DE/ä';
    expect(
      local([
        link('en', 'en'),
        link('de', 'x'),
        { rel: 'alternate', hreflang: 'de-ch', href: upper },
        { rel: 'alternate', hreflang: 'x-default', href: upper },
      ]),
    ).toEqual(['LOC-004@alternates.2.href', 'LOC-004@alternates.3.href']);
  });
  it('checks an href written as a loc with a finding in full', () => {
    const loc = 'https://www.example.com/en/#top';
    const alternates = [{ rel: 'alternate', hreflang: 'en', href: loc }, link('de', 'de')];
    expect(local(alternates, loc)).toEqual(['LOC-008@loc']);
    const spaced = ` ${U('en')}`;
    expect(local([{ rel: 'alternate', hreflang: 'en', href: spaced }, link('de', 'de')], spaced)).toEqual([
      'LOC-005@loc',
      'LOC-005@alternates.0.href',
    ]);
  });
  it('finds a code given twice the same way with few links and with many', () => {
    for (const n of [4, 40]) {
      const many = Array.from({ length: n }, (_, i) =>
        link(`de-${['at', 'ch', 'de', 'lu'][i % 4]}`, `p${i}`),
      );
      many[0] = link('en', 'en');
      many[1] = link('x-default', 'en');
      many.push(link(many[2].hreflang!, 'other'), link('x-default', 'en'), link('en', 'elsewhere'));
      const rules = local(many).filter((r) => r !== 'HREF-010@alternates');
      // Every de-XX after the first of its code points elsewhere; the repeated x-default does not.
      const conflicts = many
        .map((a, i) => [a, i] as const)
        .filter(
          ([a, i]) =>
            many.findIndex((b) => b.hreflang === a.hreflang) < i &&
            a.href !== many.find((b) => b.hreflang === a.hreflang)!.href,
        )
        .map(([, i]) => `HREF-008@alternates.${i}.hreflang`);
      expect(rules).toEqual(conflicts);
      const facts = checkEntry({ id: 1, loc: U('en'), alternates: many }, 'urlset', { now: NOW }, []).href!;
      expect(facts.xDefault).toBe(U('en'));
      expect(facts.codes).toEqual(many.map((a) => a.hreflang!.toLowerCase()));
    }
  });
  it('gives a reused href the facts a scan of its own gives', () => {
    const loc = 'https://www.Example.com/en/page';
    const alternates = [
      { rel: 'alternate', hreflang: 'en', href: loc },
      { rel: 'alternate', hreflang: 'de', href: 'https://www.example.com/de/page' },
      { rel: 'alternate', hreflang: 'x-default', href: loc },
      { rel: 'alternate', hreflang: 'de-at', href: 'https://www.example.com/de/page' },
    ];
    const facts = checkEntry({ id: 1, loc, alternates }, 'urlset', { now: NOW }, []);
    expect(facts.href?.hrefs).toEqual(alternates.map((a) => a.href));
    expect(facts.href?.hashes).toEqual(alternates.map((a) => familyHash(a.href, scanUrl(a.href))));
    expect(facts.familyHash).toBe(familyHash(loc, scanUrl(loc)));
  });
});

describe('entry-level hreflang rules', () => {
  it('passes a self-referencing set', () => {
    expect(local([link('en', 'en'), link('de', 'de'), { ...link('x-default', 'en') }])).toEqual([]);
  });
  it('HREF-002 missing attributes, HREF-003 relative href', () => {
    expect(local([link('en', 'en'), { hreflang: 'fr', href: U('fr') }])).toEqual([
      'HREF-002@alternates.1.rel',
    ]);
    expect(
      local([link('en', 'en'), { rel: 'alternate', hreflang: 'fr', href: '//www.example.com/fr/' }]),
    ).toEqual(['HREF-003@alternates.1.href']);
  });
  it('HREF-005 self-reference missing, HREF-008 conflicting codes, HREF-009 two x-defaults', () => {
    expect(local([link('de', 'de')])).toEqual(['HREF-005@alternates']);
    expect(local([link('en', 'en'), link('de', 'de'), link('de', 'de-at')])).toEqual([
      'HREF-008@alternates.2.hreflang',
    ]);
    expect(local([link('en', 'en'), link('x-default', 'a'), link('x-default', 'b')])).toEqual([
      'HREF-009@alternates.2.hreflang',
    ]);
    expect(local([link('en', 'en'), link('en-GB', 'en')])).toEqual([]);
  });
  it('HREF-010 regional variants without the generic language', () => {
    expect(local([link('en-ie', 'en'), link('en-ca', 'ca'), link('en-au', 'au')])).toEqual([
      'HREF-010@alternates',
    ]);
  });
  it('HREF-012 non-hreflang links are kept and skipped', () => {
    expect(
      local([
        { rel: 'alternate', media: 'only screen and (max-width: 640px)', href: 'https://m.example.com/page' },
      ]),
    ).toEqual(['HREF-012@alternates.0']);
    expect(local([{ rel: 'amphtml', href: 'https://www.example.com/amp/' }])).toEqual([
      'HREF-012@alternates.0',
    ]);
  });
});

describe('cluster rules', () => {
  const run = (entries: Entry[]) =>
    validateDocument({ kind: 'urlset', entries, nextId: 9 }, { now: NOW }).map(
      (i) => `${i.entry ?? '-'}:${i.rule}:${i.severity}`,
    );
  const en: Entry = {
    id: 0,
    loc: U('en'),
    alternates: [link('en', 'en'), link('de', 'de'), link('x-default', 'en')],
  };
  const de: Entry = {
    id: 1,
    loc: U('de'),
    alternates: [link('en', 'en'), link('de', 'de'), link('x-default', 'en')],
  };
  it('a reciprocal cluster is clean', () => {
    expect(run([en, de])).toEqual([]);
  });
  it('HREF-006 missing return link (error) and unloaded partner (info)', () => {
    expect(run([en, { id: 1, loc: U('de'), alternates: [link('de', 'de')] }])).toEqual([
      '0:HREF-006:error',
      '0:HREF-007:warning',
      '1:HREF-007:warning',
    ]);
    expect(run([en])).toEqual(['0:HREF-006:info']);
  });
  it('HREF-007 different sets, HREF-009 conflicting x-default', () => {
    const de2: Entry = {
      id: 1,
      loc: U('de'),
      alternates: [link('en', 'en'), link('de', 'de'), link('x-default', 'de')],
    };
    expect(run([en, de2])).toEqual([
      '0:HREF-007:warning',
      '0:HREF-009:error',
      '1:HREF-007:warning',
      '1:HREF-009:error',
    ]);
  });
  it('an href missing only the trailing slash of a listed URL names that URL, not "no entry in this file" (s16 review)', () => {
    const fr: Entry = {
      id: 2,
      loc: U('fr'),
      alternates: [link('fr', 'fr'), { rel: 'alternate', hreflang: 'de', href: U('de').slice(0, -1) }],
    };
    const issues = validateDocument({ kind: 'urlset', entries: [de, fr], nextId: 9 }, { now: NOW });
    const onFr = issues.filter((i) => i.entry === 2);
    expect(onFr.some((i) => i.rule === 'HREF-006' && i.severity === 'info')).toBe(false);
    const near = onFr.find((i) => i.field === 'alternates.1.href');
    expect(near).toMatchObject({ rule: 'HREF-007', severity: 'warning' });
    expect(near?.message).toContain(`the sitemap lists ${U('de')} (only the trailing slash differs)`);
  });
  it('an entry listed by others but without links gets HREF-007', () => {
    expect(run([en, { id: 1, loc: U('de') }])).toEqual(['0:HREF-006:error', '1:HREF-007:warning']);
  });
});
