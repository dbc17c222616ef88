import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../model.ts';
import { buildWorkspace } from '../workspace.ts';
import { indexIssues } from './indexChecks.ts';

const index = (...locs: string[]): ParseResult => {
  const entries = locs.map((loc, id) => ({ id, loc }));
  return {
    kind: 'sitemapindex',
    document: { kind: 'sitemapindex', entries, nextId: entries.length },
    issues: [],
    fatal: null,
  };
};

describe('indexIssues', () => {
  const run = (publishUrl: string | undefined, ...locs: string[]) => {
    const ws = buildWorkspace([{ name: 'idx.xml', result: index(...locs), publishUrl }]);
    return indexIssues(ws.files, 0, ws.children, {}, () => null).map((i) => [i.rule, i.entry]);
  };

  it('treats another port as another site (IDX-004)', () => {
    expect(run('https://a.example/idx.xml', 'https://a.example:8443/s.xml')).toEqual([['IDX-004', 0]]);
  });

  it('leaves relative children to LOC-001 and compares hosts case-insensitively', () => {
    expect(run('https://a.example/idx.xml', 'fr/s.xml', 'https://A.EXAMPLE/s.xml')).toEqual([]);
  });

  it('accepts children in sub-directories of the index directory (IDX-005)', () => {
    expect(
      run(
        'https://a.example/maps/idx.xml',
        'https://a.example/maps/fr/s.xml',
        'https://a.example/mapsx/s.xml',
      ),
    ).toEqual([['IDX-005', 1]]);
  });

  it('compares duplicates after resolving against the publish URL (IDX-007)', () => {
    expect(run('https://a.example/idx.xml', 's.xml', 'https://a.example/s.xml')).toEqual([['IDX-007', 1]]);
  });
});
