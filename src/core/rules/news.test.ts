import { describe, expect, it } from 'vitest';
import type { XNode } from '../model.ts';
import { entryIssues, NOW, rulesOf } from './testing.ts';

const recent = new Date(NOW - 3_600_000).toISOString().replace('.000Z', 'Z');
const pub = (name: string, language: string): XNode => ({
  name: 'publication',
  text: '',
  children: [
    { name: 'name', text: name },
    { name: 'language', text: language },
  ],
});
const good = (): XNode[] => [
  pub('The Example Times', 'en'),
  { name: 'publication_date', text: recent },
  { name: 'title', text: 'Vote passes' },
];
const run = (nodes: XNode[], extra: XNode[][] = []) =>
  rulesOf(
    entryIssues({ loc: 'https://www.example.com/a', news: [{ nodes }, ...extra.map((n) => ({ nodes: n }))] }),
  );

describe('NEWS rules', () => {
  it('passes a complete recent article', () => {
    expect(run(good())).toEqual([]);
  });
  it('NEWS-002 two blocks, NEWS-003 missing parts', () => {
    expect(run(good(), [good()])).toEqual(['NEWS-002@news.1']);
    expect(run(good().slice(1))).toEqual(['NEWS-003@news.0.publication']);
    expect(run([pub('', 'en'), ...good().slice(1)])).toEqual(['NEWS-003@news.0.publication.name']);
  });
  it('NEWS-005 language, NEWS-006 date format, NEWS-007 age', () => {
    expect(run([pub('The Example Times', 'en-US'), ...good().slice(1)])).toEqual([
      'NEWS-005@news.0.publication.language',
    ]);
    expect(run([pub('The Example Times', 'zh-cn'), ...good().slice(1)])).toEqual([]);
    expect(run([good()[0], { name: 'publication_date', text: '24.06.2024 09:30' }, good()[2]])).toEqual([
      'NEWS-006@news.0.publication_date',
    ]);
    expect(run([good()[0], { name: 'publication_date', text: '2026-11-01' }, good()[2]])).toEqual([
      'NEWS-007@news.0.publication_date',
    ]);
  });
  it('NEWS-008 parenthetical name, NEWS-009 title content', () => {
    expect(run([pub('The Example Times (subscription)', 'en'), ...good().slice(1)])).toEqual([
      'NEWS-008@news.0.publication.name',
    ]);
    expect(
      run([...good().slice(0, 2), { name: 'title', text: 'The Example Times: Vote passes – 24 June 2024' }]),
    ).toEqual(['NEWS-009@news.0.title']);
  });
  it('NEWS-010 legacy children, NEWS-011 order', () => {
    expect(
      entryIssues({
        loc: 'https://www.example.com/a',
        news: [{ nodes: [...good(), { name: 'genres', text: 'Breaking' }] }],
      })[0],
    ).toMatchObject({ rule: 'NEWS-010', severity: 'warning' });
    expect(
      entryIssues({
        loc: 'https://www.example.com/a',
        news: [{ nodes: [...good(), { name: 'genres', text: 'Blog, OpEd' }] }],
      })[0],
    ).toMatchObject({ rule: 'NEWS-010', severity: 'info' });
    expect(run([good()[2], good()[0], good()[1]])).toEqual(['NEWS-011@news.0.publication']);
  });
});
