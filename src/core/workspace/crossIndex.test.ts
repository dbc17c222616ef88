import { describe, expect, it } from 'vitest';
import {
  fixtureDoc as doc,
  fixtureInput as input,
  hreflangLink as link,
  SITE as S,
} from '../testing/workspaceFixtures.ts';
import { buildWorkspace } from '../workspace.ts';
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
