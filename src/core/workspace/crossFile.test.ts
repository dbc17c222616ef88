import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../model.ts';
import { entryPatch } from '../patch.ts';
import { CrossFileUrls } from './crossFile.ts';

const e = (id: number, loc: string): Entry => ({ id, loc });

describe('CrossFileUrls', () => {
  it('names the other files listing a URL, ignoring index files and duplicates within one file', () => {
    const urls = new CrossFileUrls([
      [e(0, 'https://a.example/x'), e(1, 'https://a.example/y'), e(2, 'https://a.example/y')],
      null,
      [e(0, ' https://a.example/x ')],
    ]);
    expect(urls.otherFiles('https://a.example/x', 0)).toEqual([2]);
    expect(urls.otherFiles('https://a.example/x', 2)).toEqual([0]);
    expect(urls.otherFiles('https://a.example/y', 0)).toEqual([]);
    expect(urls.sharedCount()).toBe(1);
  });

  it('follows edits and reports the touched URLs', () => {
    const a = [e(0, 'https://a.example/x')];
    const urls = new CrossFileUrls([a, [e(0, 'https://a.example/z')]]);
    const touched = urls.apply(
      1,
      entryPatch({ updated: [[e(0, 'https://a.example/z'), e(0, 'https://a.example/x')]] }),
    );
    expect([...touched].sort()).toEqual(['https://a.example/x', 'https://a.example/z']);
    expect(urls.otherFiles('https://a.example/x', 0)).toEqual([1]);
    urls.apply(0, entryPatch({ removed: a }));
    expect(urls.otherFiles('https://a.example/x', 1)).toEqual([]);
    expect(urls.sharedCount()).toBe(0);
  });

  it('after any sequence of edits answers like a fresh index (property)', () => {
    const pool = ['p', 'q', 'r', 's'].map((p) => `https://a.example/${p}`);
    const op = fc.record({
      file: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom('add', 'remove', 'update'),
      at: fc.nat(),
      loc: fc.constantFrom(...pool),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const files: Entry[][] = [[], [], []];
        const urls = new CrossFileUrls(files);
        let nextId = 0;
        for (const o of ops) {
          const list = files[o.file];
          if (o.kind === 'add' || list.length === 0) {
            const added = e(nextId++, o.loc);
            list.push(added);
            urls.apply(o.file, entryPatch({ added: [added] }));
          } else if (o.kind === 'remove') {
            const [removed] = list.splice(o.at % list.length, 1);
            urls.apply(o.file, entryPatch({ removed: [removed] }));
          } else {
            const i = o.at % list.length;
            const before = list[i];
            const after = { ...before, loc: o.loc };
            list[i] = after;
            urls.apply(o.file, entryPatch({ updated: [[before, after]] }));
          }
        }
        const fresh = new CrossFileUrls(files);
        for (const loc of pool)
          for (let f = 0; f < 3; f++) expect(urls.otherFiles(loc, f)).toEqual(fresh.otherFiles(loc, f));
        expect(urls.sharedCount()).toBe(fresh.sharedCount());
      }),
      { numRuns: 300 },
    );
  });
});
