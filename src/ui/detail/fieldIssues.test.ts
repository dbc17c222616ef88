import { describe, expect, it } from 'vitest';
import { makeIssue } from '../../core/model.ts';
import { issuesAt, issuesUnder, unclaimed, worst } from './fieldIssues.ts';

const at = (field: string, severity: 'error' | 'warning' | 'info' = 'error') =>
  makeIssue('LOC-001', severity, field, { entry: 0, field });

describe('field issue matching', () => {
  const list = [
    at('images.0.loc'),
    at('images.0'),
    at('images.1.caption', 'warning'),
    at('images.10.loc'),
    at('images'),
  ];
  it('matches a path and everything inside it, not its siblings with the same prefix', () => {
    expect(issuesUnder(list, 'images.1').map((i) => i.field)).toEqual(['images.1.caption']);
    expect(issuesUnder(list, 'images.0').map((i) => i.field)).toEqual(['images.0.loc', 'images.0']);
    expect(issuesAt(list, 'images').map((i) => i.field)).toEqual(['images']);
  });
  it('leaves to the block what no row claims', () => {
    const video = [at('videos.0.title'), at('videos.0.thumbnail_loc'), at('videos.0.tag')];
    expect(unclaimed(video, 'videos.0', ['videos.0.title', 'videos.0.tag']).map((i) => i.field)).toEqual([
      'videos.0.thumbnail_loc',
    ]);
  });
  it('reports the worst severity', () => {
    expect(worst([at('a', 'info'), at('b', 'warning')])).toBe('warning');
    expect(worst([])).toBeUndefined();
  });
});
