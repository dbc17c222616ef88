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

describe('a child no file matches (IDX-006, never IDX-001: that is "exactly one <loc>")', () => {
  const urlset = (loc: string): ParseResult => ({
    kind: 'urlset',
    document: { kind: 'urlset', entries: [{ id: 0, loc }], nextId: 1 },
    issues: [],
    fatal: null,
  });
  const inputs = [
    { name: 'sitemap.xml', result: index('https://a.example/posts.xml', 'https://a.example/pages.xml') },
    { name: 'posts.xml', result: urlset('https://a.example/p') },
  ];
  const missing = (how: 'not-found' | 'not-open') =>
    buildWorkspace(inputs, { perFileRules: false, missingChildren: how }).issues.map((i) => [
      i.rule,
      i.severity,
      i.file,
      i.entry,
      i.field,
    ]);

  it('is an error where the files were looked for on disk (the CLI)', () => {
    expect(missing('not-found')).toEqual([['IDX-006', 'error', 0, 1, 'loc']]);
  });

  it('is a note at the index row in the editor, where the child was only not dropped', () => {
    expect(missing('not-open')).toEqual([['IDX-006', 'info', 0, 1, 'loc']]);
    const ws = buildWorkspace(inputs, { perFileRules: false, missingChildren: 'not-open' });
    expect(ws.issues[0].message).toMatch(/pages\.xml is not open.*drop it here to check it/);
  });
});
