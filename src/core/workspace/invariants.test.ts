import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../model.ts';
import { buildWorkspace, buildWorkspaceSteps, type WorkspaceInput } from '../workspace.ts';
import { crossFileUrls } from './checks.ts';
import { planWorkspaceExport } from './exportPlan.ts';

const NAMES = ['a.xml', 'b.xml', 'B.xml', 'c.xml.gz', 'fr/s.xml', 'en/s.xml', 'idx.xml'];

/** A random workspace: a few urlsets (URLs drawn from a small pool, so duplicates happen) and indexes naming random files. */
const inputsArb = fc
  .record({
    urlsets: fc.array(
      fc.record({
        name: fc.constantFrom(...NAMES),
        urls: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 25 }),
      }),
      { maxLength: 5 },
    ),
    indexes: fc.array(fc.array(fc.constantFrom(...NAMES, 'gone.xml', 'idx.xml'), { maxLength: 6 }), {
      maxLength: 2,
    }),
  })
  .map(({ urlsets, indexes }) => {
    const inputs: WorkspaceInput[] = [];
    indexes.forEach((children, k) => {
      const entries = children.map((c, id) => ({ id, loc: `https://a.example/${c}` }));
      const result: ParseResult = {
        kind: 'sitemapindex',
        document: { kind: 'sitemapindex', entries, nextId: entries.length },
        issues: [],
        fatal: null,
      };
      inputs.push({ name: k === 0 ? 'idx.xml' : `idx-${k}.xml`, result });
    });
    for (const u of urlsets) {
      const entries = u.urls.map((n, id) => ({ id, loc: `https://a.example/p/${n}` }));
      inputs.push({
        name: u.name,
        result: {
          kind: 'urlset',
          document: { kind: 'urlset', entries, nextId: entries.length },
          issues: [],
          fatal: null,
        },
      });
    }
    return inputs;
  });

describe('workspace invariants (property)', () => {
  it('combined rows list every non-index entry once; roles agree with the child refs', () => {
    fc.assert(
      fc.property(inputsArb, (inputs) => {
        const ws = buildWorkspace(inputs, { publishUrl: 'https://a.example/idx.xml' });
        const seen = new Set<string>();
        for (let r = 0; r < ws.combined.length; r++)
          seen.add(`${ws.combined.fileIndex[r]}:${ws.combined.entryIndex[r]}`);
        expect(seen.size).toBe(ws.combined.length);
        const nonIndex = ws.files.filter((f) => f.kind !== 'sitemapindex');
        const expected = nonIndex.length > 0 ? nonIndex : ws.files;
        expect(ws.combined.length).toBe(expected.reduce((n, f) => n + f.document.entries.length, 0));
        ws.files.forEach((file, f) => {
          const named = ws.children.some((c) => c.file === f && c.index !== f);
          if (file.kind === 'sitemapindex') expect(file.role).toBe('index');
          else expect(file.role).toBe(named ? 'child' : 'extra');
        });
        expect(ws.missing.every((c) => c.file === null)).toBe(true);
        // The one-pass LOC-006 check agrees with the incremental index used after edits.
        const urls = crossFileUrls(ws.files);
        const dupes = new Map(
          ws.issues.filter((i) => i.rule === 'LOC-006').map((i) => [`${i.file}:${i.entry}`, i.relatedFiles]),
        );
        ws.files.forEach((file, f) => {
          if (file.kind === 'sitemapindex') return;
          for (const entry of file.document.entries) {
            const others = urls.otherFiles(entry.loc, f);
            expect(dupes.get(`${f}:${entry.id}`) ?? []).toEqual(others);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the export plan keeps every loaded URL, respects maxUrls and never repeats a name', () => {
    fc.assert(
      fc.property(inputsArb, fc.integer({ min: 1, max: 10 }), (inputs, maxUrls) => {
        const ws = buildWorkspace(inputs);
        const plan = planWorkspaceExport(ws, {
          changedFiles: new Set([0]),
          now: '2024-07-01T00:00:00Z',
          publishBase: 'https://a.example/',
          split: { maxUrls },
        });
        expect(new Set(plan.map((p) => p.name)).size).toBe(plan.length);
        const children = plan.filter((p) => p.role === 'child');
        for (const p of children) expect(p.document.entries.length).toBeLessThanOrEqual(maxUrls);
        const exported = children
          .flatMap((p) => p.document.entries.map((e) => `${p.sourceFile}:${e.id}`))
          .sort();
        const loaded = ws.files
          .flatMap((f, i) => (f.kind === 'sitemapindex' ? [] : f.document.entries.map((e) => `${i}:${e.id}`)))
          .sort();
        expect(exported).toEqual(loaded);
        const allowed = new Set([...plan.map((p) => p.url), ...ws.missing.map((c) => c.url)]);
        for (const index of plan.filter((p) => p.role === 'index'))
          for (const e of index.document.entries) {
            expect(allowed.has(e.loc)).toBe(true);
            expect(e.loc).not.toBe(index.url);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('built in small steps, it equals the one-go build and its progress only grows up to the total', () => {
    fc.assert(
      fc.property(inputsArb, fc.integer({ min: 1, max: 7 }), (inputs, chunk) => {
        const settings = { publishUrl: 'https://a.example/idx.xml' };
        const steps = buildWorkspaceSteps(inputs, settings, chunk);
        let last = 0;
        let step = steps.next();
        for (; !step.done; step = steps.next()) {
          expect(step.value.done).toBeGreaterThanOrEqual(last);
          expect(step.value.done).toBeLessThanOrEqual(step.value.total);
          last = step.value.done;
        }
        expect(step.value).toEqual(buildWorkspace(inputs, settings));
      }),
      { numRuns: 200 },
    );
  });
});
