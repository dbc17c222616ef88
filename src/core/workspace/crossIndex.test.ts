import { describe, expect, it, vi } from 'vitest';
import {
  fixtureDoc as doc,
  fixtureInput as input,
  hreflangLink as link,
  SITE as S,
} from '../testing/workspaceFixtures.ts';
import { buildWorkspace, buildWorkspaceSteps } from '../workspace.ts';
import { CrossFileIndex } from './crossIndex.ts';

describe('CrossFileIndex', () => {
  it('finds URLs listed in two files, not those repeated inside one file', () => {
    const ix = new CrossFileIndex();
    const a = doc([{ loc: `${S}a` }, { loc: `${S}b` }, { loc: `${S}b` }]);
    const b = doc([{ loc: ` ${S}a ` }, { loc: `${S}c` }]);
    ix.addEntries(0, a.entries, 0, 2);
    ix.addEntries(0, a.entries, 2, 3);
    ix.addEntries(3, b.entries, 0, 2);
    expect(ix.sharedUrls()).toEqual([{ loc: `${S}a`, rows: [0, 3] }]);
    expect(ix.place(3)).toEqual({ file: 3, entryIndex: 0, line: 3, column: 1 });
    expect(() => ix.addEntries(1, a.entries, 0, 1)).toThrow(/ascending/);
  });

  it('stays exact over 300,000 distinct URLs (no false duplicates from the 64-bit hash)', () => {
    const ix = new CrossFileIndex();
    for (let f = 0; f < 3; f++) {
      const entries = Array.from({ length: 100_000 }, (_, k) => ({ loc: `${S}p/${f}/${k}` }));
      ix.addEntries(f, entries, 0, entries.length);
    }
    expect(ix.rows).toBe(300_000);
    expect(ix.sharedUrls()).toEqual([]);
  });
});

describe('HREF-006 across files in the workspace', () => {
  const en = doc([{ loc: `${S}en/`, alternates: [link('en', `${S}en/`), link('de', `${S}de/`)] }]);
  const deNoReturn = doc([{ loc: `${S}de/`, alternates: [link('de', `${S}de/`)] }]);
  const deReturn = doc([{ loc: `${S}de/`, alternates: [link('de', `${S}de/`), link('en', `${S}en/`)] }]);

  it('reports a page in another file that does not link back, on the link, naming that file', () => {
    const ws = buildWorkspace([input('en.xml', en), input('de.xml', deNoReturn)], { perFileRules: false });
    const href = ws.issues.filter((i) => i.rule === 'HREF-006');
    expect(href).toHaveLength(1);
    expect(href[0]).toMatchObject({
      file: 0,
      entry: 0,
      severity: 'error',
      field: 'alternates.1.href',
      line: 3,
      relatedFiles: [1],
    });
    expect(href[0].message).toContain('de.xml:3');
    const ok = buildWorkspace([input('en.xml', en), input('de.xml', deReturn)], { perFileRules: false });
    expect(ok.issues.filter((i) => i.rule === 'HREF-006')).toEqual([]);
  });
});

describe('the cross-file hreflang pass in steps', () => {
  // en/k (file 0) lists de/k (file 1) and an unloaded fr/k; de/k links back for even k only.
  // File 1 also lists en/0..9 (LOC-006 across files), after its de pages.
  const N = 600;
  const en = doc(
    Array.from({ length: N }, (_, k) => ({
      loc: `${S}en/${k}`,
      alternates: [link('en', `${S}en/${k}`), link('de', `${S}de/${k}`), link('fr', `${S}fr/${k}`)],
    })),
  );
  const de = doc([
    ...Array.from({ length: N }, (_, k) => ({
      loc: `${S}de/${k}`,
      alternates: [link('de', `${S}de/${k}`), ...(k % 2 === 0 ? [link('en', `${S}en/${k}`)] : [])],
    })),
    ...Array.from({ length: 10 }, (_, k) => ({ loc: `${S}en/${k}` })),
  ]);
  const inputs = [input('en.xml', en), input('de.xml', de)];

  it('gives the same issues and notes in steps of 7 as in one pass', () => {
    const whole = buildWorkspace(inputs);
    const steps = buildWorkspaceSteps(inputs, {}, 7);
    let step = steps.next();
    while (!step.done) step = steps.next();
    const sliced = step.value;
    expect(sliced.issues).toEqual(whole.issues);
    expect(sliced.unloadedNotes).toEqual(whole.unloadedNotes);
    // The pass found what the fixture holds: the odd de pages do not link back; LOC-006 twice per shared URL.
    const href = whole.issues.filter((i) => i.rule === 'HREF-006');
    expect(href.map((i) => i.entry)).toEqual(Array.from({ length: N / 2 }, (_, k) => 2 * k + 1));
    expect(whole.issues.filter((i) => i.rule === 'LOC-006')).toHaveLength(20);
    // Issues in file order, then entry order (LOC-006 of en/1 before its HREF-006).
    const order = whole.issues.map((i) => [i.file, i.entry]);
    expect(order).toEqual(
      [...order].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
    );
    // Every en page's note is answered but for its unloaded fr link.
    expect([...(whole.unloadedNotes?.get(0)?.values() ?? [])]).toEqual(Array(N).fill(1));
  });

  it('does no more than its chunk of link lookups and issue places in any one step', () => {
    const chunk = 16;
    const ix = CrossFileIndex.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    const find = vi.spyOn(ix, 'find');
    const place = vi.spyOn(CrossFileIndex.prototype, 'place');
    try {
      const steps = buildWorkspaceSteps(inputs, {}, chunk);
      let most = { find: 0, place: 0 };
      let total = { find: 0, place: 0 };
      for (let step = steps.next(); ; step = steps.next()) {
        const now = {
          find: find.mock.calls.length - total.find,
          place: place.mock.calls.length - total.place,
        };
        most = { find: Math.max(most.find, now.find), place: Math.max(most.place, now.place) };
        total = { find: find.mock.calls.length, place: place.mock.calls.length };
        if (step.done) break;
      }
      // All the links were looked up (once each) and every issue placed, in steps of a chunk
      // (plus the links of the row that crosses it; one HREF-006 places its source and target).
      expect(total.find).toBe(2 * N + N / 2);
      expect(total.place).toBeGreaterThan(N);
      expect(most.find).toBeLessThanOrEqual(chunk + 3);
      expect(most.place).toBeLessThanOrEqual(2 * chunk + 2);
    } finally {
      find.mockRestore();
      place.mockRestore();
    }
  });
});
