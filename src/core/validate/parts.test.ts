import { describe, expect, it } from 'vitest';
import type { CrawlJoin } from '../crawl/join.ts';
import type { Entry, SitemapDocument } from '../model.ts';
import { entryPatch, type Patch } from '../patch.ts';
import { DocumentCounts } from './documentCounts.ts';
import { DuplicateGroups } from './duplicateGroups.ts';
import { EntryIssues } from './entryIssues.ts';
import { HostScope } from './hostScope.ts';
import { HreflangClusters } from './hreflangClusters.ts';
import { type ListName, type Slot, SlotTable, type ValidatorPart } from './slots.ts';

const S = { now: Date.UTC(2026, 0, 1) };

/** The parts wired as the Validator wires them, built from `entries`, with an `apply` for patches. */
function parts(entries: Entry[], kind: SitemapDocument['kind'] = 'urlset') {
  const table = new SlotTable();
  const issues = new EntryIssues(table, kind, S);
  const counts = new DocumentCounts(table);
  const scope = new HostScope(table, counts.counters, kind, S);
  const dups = new DuplicateGroups(table, kind, entries.length);
  const clusters = new HreflangClusters(table, dups);
  const all: ValidatorPart[] = [counts, scope, dups, clusters];
  const slots: Slot[] = entries.map((e) => issues.insert(e, []));
  for (const s of slots) for (const p of all) p.file(s);
  for (const p of all) p.filed?.();
  for (const s of slots) for (const p of all) p.check(s);
  const apply = (patch: Patch) => {
    const change = issues.apply(patch);
    for (const p of all) p.apply(change);
    for (const p of all) p.settle?.();
    table.free(change.out);
  };
  const rules = (id: number) => table.issuesOf(id).map((i) => i.rule);
  /** The lists and entry of the slot of entry `id`, read now. */
  const slot = (id: number) => {
    const s = table.ofId(id)!;
    const list = (w: ListName) => table.list(s, w);
    return { dup: list('dup'), scope: list('scope'), cluster: list('cluster'), entry: table.entry(s) };
  };
  return { table, apply, rules, slot };
}

const url = (id: number, loc: string, more: Partial<Entry> = {}): Entry => ({ id, loc, ...more });

describe('DuplicateGroups', () => {
  it('flags the later listing of a URL, and clears it when the first one goes', () => {
    const a = url(0, 'https://a.com/x');
    const b = url(1, 'https://a.com/x');
    const p = parts([a, b, url(2, 'https://a.com/y')]);
    expect(p.rules(0)).toEqual([]);
    expect(p.slot(1).dup.map((i) => i.rule)).toEqual(['LOC-006']);
    expect(p.slot(1).dup[0].message).toContain('also listed by');
    p.apply(entryPatch({ removed: [a] }));
    expect(p.rules(1)).toEqual([]);
    expect(p.table.byRule.has('LOC-006')).toBe(false);
  });

  it('re-checks the family an edit joins, not only the edited entry', () => {
    const y = url(2, 'https://a.com/y');
    const p = parts([url(0, 'https://a.com/x'), url(1, 'https://a.com/z'), y]);
    p.apply(entryPatch({ updated: [[y, { ...y, loc: 'https://a.com/x' }]] }));
    expect(p.slot(2).dup.map((i) => i.rule)).toEqual(['LOC-006']);
    expect(p.rules(0)).toEqual([]);
  });
});

describe('HreflangClusters', () => {
  const en = 'https://a.com/en';
  const de = 'https://a.com/de';
  const links = (...hrefs: string[]) =>
    hrefs.map((href) => ({ rel: 'alternate', hreflang: href === en ? 'en' : 'de', href }));

  it('reports a missing return link on the lister, and drops it once the target links back', () => {
    const target = url(1, de, { alternates: links(de) });
    const p = parts([url(0, en, { alternates: links(en, de) }), target]);
    expect(p.slot(0).cluster.map((i) => i.rule)).toContain('HREF-006');
    p.apply(entryPatch({ updated: [[target, { ...target, alternates: links(en, de) }]] }));
    expect(p.slot(0).cluster.map((i) => i.rule)).not.toContain('HREF-006');
  });
});

describe('HostScope', () => {
  it('checks entries against the leading origin, and re-checks every entry when the lead moves', () => {
    const entries = [url(0, 'https://a.com/1'), url(1, 'https://a.com/2'), url(2, 'https://b.com/1')];
    const p = parts(entries);
    expect(p.slot(2).scope.length).toBeGreaterThan(0);
    expect(p.slot(0).scope).toEqual([]);
    p.apply(
      entryPatch({
        updated: [[entries[1], { ...entries[1], loc: 'https://b.com/2' }]],
        added: [url(3, 'https://b.com/3')],
      }),
    );
    expect(p.slot(2).scope).toEqual([]);
    expect(p.slot(0).scope.length).toBeGreaterThan(0);
  });
});

describe('SlotTable', () => {
  it('lists a slot’s issues part by part and keeps the totals when a slot goes', () => {
    const p = parts([url(0, 'not a url'), url(1, 'https://a.com/x'), url(2, 'https://a.com/x')]);
    const total = () => p.table.sevCount.error + p.table.sevCount.warning + p.table.sevCount.info;
    const before = total();
    const gone = p.table.issuesOf(0).length;
    expect(gone).toBeGreaterThan(0);
    p.apply(entryPatch({ removed: [p.slot(0).entry] }));
    expect(total()).toBe(before - gone);
    expect(p.table.issuesOf(0)).toEqual([]);
  });

  it('gives an edited entry a new row at the same seq, and the row it left no list', () => {
    const entries = [url(0, 'https://a.com/x'), url(1, 'not a url')];
    const p = parts(entries);
    const before = p.table.ofId(1)!;
    expect(p.table.hasIssues(before)).toBe(true);
    p.apply(entryPatch({ updated: [[entries[1], { ...entries[1], loc: 'https://a.com/z' }]] }));
    const after = p.table.ofId(1)!;
    expect(after).not.toBe(before);
    expect(p.table.seqAt(after)).toBe(1);
    expect(p.table.atSeq(1)).toBe(after);
    expect(p.table.hasIssues(before)).toBe(false);
    expect(p.rules(1)).toEqual([]);
    expect(p.table.exact(after)).toBe('https://a.com/z');
  });

  it('holds a crawl join only while some row is listed in it', () => {
    const p = parts([url(0, 'https://a.com/x'), url(1, 'https://a.com/y')]);
    const t = p.table;
    const held = () => [...(t as unknown as { joinOf: Map<number, { join: CrawlJoin }> }).joinOf.values()];
    const [a, b] = [{} as CrawlJoin, {} as CrawlJoin];
    const [s0, s1] = [t.ofId(0)!, t.ofId(1)!];
    t.setJoined(s0, a, 3);
    t.setJoined(s1, a, 4);
    t.setJoined(s0, b, 3);
    expect([t.joined(s0), t.joined(s1), t.crawlRow(s1)]).toEqual([b, a, 4]);
    expect(held().map((h) => h.join)).toEqual([a, b]);
    t.setJoined(s1, b, 5);
    expect(held().map((h) => h.join)).toEqual([b]);
    t.setJoined(s0, null, -1);
    t.setJoined(s1, null, -1);
    expect([t.joined(s0), t.crawlRow(s0), held().length]).toEqual([null, -1, 0]);
  });
});
