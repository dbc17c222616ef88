import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../../core/model.ts';
import { buildWorkspace } from '../../core/workspace.ts';
import { workspaceSummary } from './CrossFileIssues.tsx';

const urlset = (...locs: string[]): ParseResult => {
  const entries = locs.map((loc, id) => ({ id, loc, line: id + 2 }));
  return {
    kind: 'urlset',
    document: {
      kind: 'urlset',
      entries,
      nextId: entries.length,
      source: { bytes: 100, decodedBytes: 100, gzip: false, encoding: 'utf-8' },
    },
    issues: [],
    fatal: null,
  };
};

describe('workspaceSummary counts URLs, not the rows that list them (session 19 review)', () => {
  it('one URL in two files is one URL listed in more than one file', () => {
    const ws = buildWorkspace([
      { name: 'posts.xml', result: urlset('https://a.example/x', 'https://a.example/y') },
      { name: 'pages.xml', result: urlset('https://a.example/x', 'https://a.example/z') },
    ]);
    expect(ws.issues.filter((i) => i.rule === 'LOC-006')).toHaveLength(2);
    expect(workspaceSummary(ws)).toContain('1 URL listed in more than one file.');
  });

  it('two URLs, one of them in three files, are two', () => {
    const ws = buildWorkspace([
      { name: 'a.xml', result: urlset('https://a.example/x', 'https://a.example/y') },
      { name: 'b.xml', result: urlset('https://a.example/x', 'https://a.example/y') },
      { name: 'c.xml', result: urlset('https://a.example/x') },
    ]);
    expect(workspaceSummary(ws)).toContain('2 URLs listed in more than one file.');
  });
});
