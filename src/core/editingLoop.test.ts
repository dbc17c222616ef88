/** Issue 15: fixes that say what they did, the severity profile, text sitemap comment lines. */
import { describe, expect, it } from 'vitest';
import { getFix, planFixAll } from './fixes.ts';
import type { Entry, Issue, SitemapDocument, ValidationSettings } from './model.ts';
import { parseSitemap } from './parse.ts';
import { entryPatch } from './patch.ts';
import { profileNote } from './rules/profile.ts';
import { ruleInfo } from './rules/registry.ts';
import { serializeSitemap } from './serialize.ts';
import { Validator } from './validate.ts';

const NOW = Date.UTC(2026, 10, 21);
const doc = (entries: Entry[], kind: SitemapDocument['kind'] = 'urlset'): SitemapDocument => ({
  kind,
  entries,
  nextId: entries.length,
});

function issuesOf(d: SitemapDocument, settings: Partial<ValidationSettings> = {}, parse: Issue[] = []) {
  const v = new Validator({ now: NOW, ...settings });
  v.load(d, parse);
  return v;
}

function plan(d: SitemapDocument, rule: string, settings: Partial<ValidationSettings> = {}) {
  const v = issuesOf(d, settings);
  return planFixAll(
    rule,
    v.all().filter((i) => i.rule === rule),
    { document: d, settings: { now: NOW, ...settings } },
  );
}

describe('Fix all does something or says why not (case 2)', () => {
  it('PRIO-001 clamps an out-of-range priority', () => {
    const p = plan(
      doc([
        { id: 0, loc: 'https://a.example/', priority: '1.5' },
        { id: 1, loc: 'https://a.example/b', priority: '-0.2' },
        { id: 2, loc: 'https://a.example/c', priority: 'high' },
      ]),
      'PRIO-001',
    );
    expect(p.result.update?.map((e) => e.priority)).toEqual(['1.0', '0.0']);
    expect(p).toMatchObject({ rows: 2, cannot: 1 });
  });
  it('CF-001 maps unambiguous synonyms and counts the rest as not fixable', () => {
    const p = plan(
      doc([
        { id: 0, loc: 'https://a.example/', changefreq: 'Annually' },
        { id: 1, loc: 'https://a.example/b', changefreq: 'every day' },
        { id: 2, loc: 'https://a.example/c', changefreq: 'sometimes' },
      ]),
      'CF-001',
    );
    expect(p.result.update?.map((e) => e.changefreq)).toEqual(['yearly', 'daily']);
    expect(p).toMatchObject({ rows: 2, cannot: 1, needs: {} });
  });
  it('LASTMOD-001 converts 15/01/2024, YYYY-M-D and RFC 2822; 05/01/2024 waits for the day/month order', () => {
    const d = doc([
      { id: 0, loc: 'https://a.example/', lastmod: '15/01/2024' },
      { id: 1, loc: 'https://a.example/b', lastmod: '2024-1-5' },
      { id: 2, loc: 'https://a.example/c', lastmod: 'Mon, 15 Jan 2024 10:00:00 GMT' },
      { id: 3, loc: 'https://a.example/d', lastmod: '05/01/2024' },
    ]);
    const p = plan(d, 'LASTMOD-001');
    expect(p.result.update?.map((e) => e.lastmod)).toEqual([
      '2024-01-15',
      '2024-01-05',
      '2024-01-15T10:00:00Z',
    ]);
    expect(p).toMatchObject({ rows: 3, cannot: 1, needs: { dateOrder: 1 } });
    const asked = plan(d, 'LASTMOD-001', { dateOrder: 'mdy' });
    expect(asked.result.update?.find((e) => e.id === 3)?.lastmod).toBe('2024-05-01');
  });
  it('LOC-001 says it needs the publish URL, then fixes', () => {
    const d = doc([{ id: 0, loc: '/about/' }]);
    const issue = issuesOf(d)
      .all()
      .find((i) => i.rule === 'LOC-001')!;
    expect(getFix('LOC-001')!.needs(issue, { document: d, settings: { now: NOW } })).toBe('publishUrl');
    expect(plan(d, 'LOC-001')).toMatchObject({ rows: 0, cannot: 1, needs: { publishUrl: 1 } });
    const p = plan(d, 'LOC-001', { publishUrl: 'https://www.example.com/sitemap.xml' });
    expect(p.result.update?.[0].loc).toBe('https://www.example.com/about/');
  });
});

const ORDERED = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc>https://a.example/1</loc><priority>0.5</priority><lastmod>2024-01-01</lastmod>
<image:image><image:loc>https://a.example/1.jpg</image:loc><image:caption>C</image:caption><image:title>One</image:title></image:image></url>
<url><loc>https://a.example/2</loc><priority>0.5</priority><lastmod>2024-01-01</lastmod>
<image:image><image:title>Two</image:title><image:loc>https://a.example/2.jpg</image:loc></image:image></url>
</urlset>`;

describe('severity profile (case 3)', () => {
  const parsed = parseSitemap(ORDERED);
  const strictOnly = ['XML-006', 'IMG-008', 'IMG-006'];
  it('marks XML-006, IMG-006 and IMG-008 as Strict (XSD) rules in the registry', () => {
    for (const id of strictOnly) expect(ruleInfo(id)?.profile, id).toBe('strict');
    expect(ruleInfo('LOC-001')?.profile).toBeUndefined();
  });
  it('under Search engines, order and deprecated-tag findings are one file-level note per rule', () => {
    const v = issuesOf(parsed.document, {}, parsed.issues);
    const perRow = v.all().filter((i) => i.entry !== undefined && strictOnly.includes(i.rule));
    expect(perRow).toEqual([]);
    const notes = v.documentIssues().filter((i) => strictOnly.includes(i.rule));
    expect(notes.map((i) => [i.rule, i.severity]).sort()).toEqual([
      ['IMG-006', 'info'],
      ['IMG-008', 'info'],
      ['XML-006', 'info'],
    ]);
    expect(notes.find((i) => i.rule === 'XML-006')?.message).toMatch(
      /^2 URLs list their children out of XSD order/,
    );
    const c = v.counts();
    expect(c.warning).toBe(0);
    expect(c.info).toBe(v.all().filter((i) => i.severity === 'info').length);
  });
  it('IMG-008 names the order it wants and the child out of it, not "loc first" (s16 review)', () => {
    // loc is first here: the problem is the title before the caption.
    const r = parseSitemap(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>https://a.example/</loc><image:image><image:loc>https://a.example/i.jpg</image:loc><image:title>T</image:title><image:caption>C</image:caption></image:image></url></urlset>',
    );
    expect(r.issues.find((i) => i.rule === 'IMG-008')?.message).toBe(
      '<image:caption> comes after <image:title> (XSD order: loc, caption, geo_location, title, license)',
    );
    const note = profileNote('IMG-008', 1).message;
    expect(note).not.toContain('loc first');
    expect(note).toMatch(
      /^1 URL lists image children out of XSD order \(loc, caption, geo_location, title, license\)/,
    );
  });
  it('a note about one URL reads in the singular', () => {
    expect(profileNote('IMG-006', 1).message).toMatch(/^1 URL carries deprecated image tags/);
    expect(profileNote('XML-006', 1).message).toMatch(/^1 URL lists its children out of XSD order/);
    expect(profileNote('IMG-006', 3).message).toMatch(/^3 URLs carry deprecated image tags/);
  });
  it('under Strict (XSD), every row shows its finding', () => {
    const v = issuesOf(parsed.document, { profile: 'strict' }, parsed.issues);
    expect(v.all().filter((i) => i.rule === 'XML-006' && i.entry !== undefined)).toHaveLength(2);
    expect(v.counts().warning).toBeGreaterThanOrEqual(5);
  });
  it('switching profiles keeps the parser findings', () => {
    const v = issuesOf(parsed.document, {}, parsed.issues);
    v.setSettings({ now: NOW, profile: 'strict' });
    expect(v.all().filter((i) => i.rule === 'IMG-008')).toHaveLength(1);
    v.setSettings({ now: NOW });
    expect(v.quietIssues('IMG-008')).toHaveLength(1);
  });
  it('the notes fix all their rows in one step, and the notes go away', () => {
    const v = issuesOf(parsed.document, {}, parsed.issues);
    const ctx = { document: parsed.document, settings: { now: NOW } };
    for (const rule of strictOnly) {
      const p = planFixAll(rule, v.quietIssues(rule), ctx);
      expect(p.rows, rule).toBeGreaterThan(0);
      expect(p.cannot, rule).toBe(0);
      v.apply(
        entryPatch({
          updated: (p.result.update ?? []).map((after) => [
            ctx.document.entries.find((e) => e.id === after.id)!,
            after,
          ]),
        }),
      );
      ctx.document = {
        ...ctx.document,
        entries: ctx.document.entries.map((e) => p.result.update?.find((u) => u.id === e.id) ?? e),
      };
    }
    expect(v.all().filter((i) => strictOnly.includes(i.rule))).toEqual([]);
  });
});

describe('text sitemap lines that are not URLs (case 5)', () => {
  const text =
    '# To add a list of URLs, make one per line\nhttps://www.example.com/\nhttps://www.example.com/ü\n';
  const parsed = parseSitemap(text);
  it('stay rows flagged TXT-001 with a fix that removes them in one step', () => {
    expect(parsed.document.kind).toBe('text');
    expect(parsed.document.entries).toHaveLength(3);
    const v = issuesOf(parsed.document, {}, parsed.issues);
    const flagged = v.all().filter((i) => i.rule === 'TXT-001');
    expect(flagged.map((i) => i.entry)).toEqual([0]);
    const p = planFixAll('TXT-001', flagged, { document: parsed.document, settings: { now: NOW } });
    expect(p.result.remove).toEqual([0]);
    expect(getFix('TXT-001')?.label).toBe('Add the missing scheme; remove lines that are not URLs');
  });
  it('export as they were or leave them out; never percent-encoded into a URL', () => {
    const kept = serializeSitemap(parsed.document, { format: 'txt' });
    expect(kept).toBe(
      '# To add a list of URLs, make one per line\nhttps://www.example.com/\nhttps://www.example.com/%C3%BC\n',
    );
    expect(serializeSitemap(parsed.document, { format: 'txt', nonUrlLines: 'drop' })).toBe(
      'https://www.example.com/\nhttps://www.example.com/%C3%BC\n',
    );
    expect(serializeSitemap(parsed.document, { format: 'xml' })).not.toContain('%20To%20add');
  });
});

describe('undo brings parse findings back', () => {
  it('an edit drops the order finding; putting the same entry back restores it', () => {
    const parsed = parseSitemap(ORDERED);
    const v = issuesOf(parsed.document, { profile: 'strict' }, parsed.issues);
    const before = parsed.document.entries[0];
    const after = { ...before };
    v.apply(entryPatch({ updated: [[before, after]] }));
    expect(v.issuesOf(0).some((i) => i.rule === 'XML-006')).toBe(false);
    v.apply(entryPatch({ updated: [[after, before]] }));
    expect(v.issuesOf(0).some((i) => i.rule === 'XML-006')).toBe(true);
  });
});
