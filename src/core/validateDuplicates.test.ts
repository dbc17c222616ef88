import { describe, expect, it } from 'vitest';
import type { Entry, Issue, SitemapDocument } from './model.ts';
import { entryPatch } from './patch.ts';
import { Validator, validateDocument } from './validate.ts';

const SETTINGS = { now: Date.UTC(2026, 10, 21) };
const SAME = 'https://www.example.com/same';

/** Group issues (duplicates) by entry id, as `rule|message` strings. */
function dupsById(issues: readonly Issue[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const i of issues) {
    if (i.entry === undefined || !['LOC-006', 'LOC-007', 'LOC-011'].includes(i.rule)) continue;
    const list = out.get(i.entry) ?? [];
    list.push(`${i.rule}|${i.message}`);
    out.set(i.entry, list);
  }
  return out;
}

const exactDup = (line: number) =>
  `LOC-006|Duplicate URL: also listed by the entry on line ${line}. Remove this entry (its images, videos and links can be merged into the first).`;

describe('large duplicate families', () => {
  it('points every repeat of a URL listed 3,000 times at the first listing', () => {
    const entries: Entry[] = Array.from({ length: 3000 }, (_, i) => ({ id: i, loc: SAME, line: i + 10 }));
    const dups = dupsById(validateDocument({ kind: 'urlset', entries, nextId: 3000 }, SETTINGS));
    expect(dups.has(0)).toBe(false);
    expect(dups.size).toBe(2999);
    for (let i = 1; i < 3000; i++) expect(dups.get(i)).toEqual([exactDup(10)]);
  });

  it('names the first listing of each form in a mixed family of 3,000 near-duplicates', () => {
    const forms = [SAME, `${SAME}/`, 'http://www.example.com/same', 'https://www.example.com/SAME'];
    const entries: Entry[] = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      loc: forms[i % forms.length],
      line: i + 2,
    }));
    const dups = dupsById(validateDocument({ kind: 'urlset', entries, nextId: 3000 }, SETTINGS));
    // Brute force: the first entry of each form is lines 2..5; every later one repeats it exactly.
    for (let i = forms.length; i < 3000; i++) expect(dups.get(i)).toEqual([exactDup(2 + (i % forms.length))]);
    // The first https listing and the first http listing name each other (LOC-007 goes both ways).
    expect(dups.get(0)?.[0]).toMatch(
      /^LOC-007\|The same page is also listed as the entry on line 4 \(http and https\)/,
    );
    expect(dups.get(1)?.[0]).toMatch(
      /^LOC-006\|Probable duplicate: differs only by .* from the entry on line 2\./,
    );
    expect(dups.get(2)?.[0]).toMatch(
      /^LOC-007\|The same page is also listed as the entry on line 2 \(http and https\)/,
    );
    expect(dups.get(3)?.[0]).toMatch(
      /^LOC-011\|Differs only by the letter case of the path from the entry on line 2;/,
    );
  });

  it('keeps a 3,000-entry family right through incremental edits', () => {
    const entries: Entry[] = Array.from({ length: 3000 }, (_, i) => ({ id: i, loc: SAME, line: i + 10 }));
    const doc: SitemapDocument = { kind: 'urlset', entries, nextId: 3000 };
    const v = new Validator(SETTINGS);
    v.load(doc);
    // Edit one member away from the family, then remove the first listing.
    const moved = { ...entries[5], loc: 'https://www.example.com/other' };
    v.apply(entryPatch({ updated: [[entries[5], moved]] }));
    v.apply(entryPatch({ removed: [entries[0]] }));
    const dups = dupsById(v.all());
    expect(dups.has(1)).toBe(false);
    expect(dups.has(5)).toBe(false);
    for (let i = 2; i < 3000; i++) if (i !== 5) expect(dups.get(i)).toEqual([exactDup(11)]);
    const rest = [entries[1], ...entries.slice(2, 5), moved, ...entries.slice(6)];
    const full = validateDocument({ kind: 'urlset', entries: rest, nextId: 3000 }, SETTINGS);
    expect(v.all().map((i) => `${i.entry} ${i.rule} ${i.message}`)).toEqual(
      full.map((i) => `${i.entry} ${i.rule} ${i.message}`),
    );
  });

  it('checks hreflang clusters whose pages are each listed 1,500 times', () => {
    const en = 'https://www.example.com/en/x';
    const de = 'https://www.example.com/de/x';
    const alternates = [
      { rel: 'alternate', hreflang: 'en', href: en },
      { rel: 'alternate', hreflang: 'de', href: de },
    ];
    const entries: Entry[] = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      loc: i % 2 === 0 ? en : de,
      line: i + 2,
      alternates,
    }));
    const issues = validateDocument({ kind: 'urlset', entries, nextId: 3000 }, SETTINGS);
    const byId = new Map<number, string[]>();
    for (const i of issues)
      if (i.entry !== undefined) byId.set(i.entry, [...(byId.get(i.entry) ?? []), `${i.rule}|${i.message}`]);
    expect(byId.has(0)).toBe(false);
    expect(byId.has(1)).toBe(false);
    for (let i = 2; i < 3000; i++) expect(byId.get(i)).toEqual([exactDup(2 + (i % 2))]);
  });
});
