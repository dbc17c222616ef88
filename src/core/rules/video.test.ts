import { describe, expect, it } from 'vitest';
import type { XNode } from '../model.ts';
import { entryIssues, rulesOf } from './testing.ts';

const page = 'https://www.example.com/v/intro';
const good = (): XNode[] => [
  { name: 'thumbnail_loc', text: 'https://www.example.com/t.jpg' },
  { name: 'title', text: 'Intro' },
  { name: 'description', text: 'How it works' },
  { name: 'content_loc', text: 'https://www.example.com/intro.mp4' },
];
const run = (nodes: XNode[]) => rulesOf(entryIssues({ loc: page, videos: [{ nodes }] }));
const withNode = (n: XNode) => run([...good(), n]);

describe('VID rules', () => {
  it('passes a complete video', () => {
    expect(run(good())).toEqual([]);
  });
  it('VID-002 required children, VID-003 location', () => {
    expect(run(good().filter((n) => n.name !== 'title'))).toEqual(['VID-002@videos.0.title']);
    expect(run(good().filter((n) => n.name !== 'content_loc'))).toEqual(['VID-003@videos.0.content_loc']);
  });
  it('VID-004 same as page, VID-005 not a media file, VID-006 scheme', () => {
    expect(run([...good().slice(0, 3), { name: 'player_loc', text: page }])).toEqual([
      'VID-004@videos.0.player_loc',
    ]);
    expect(
      run([...good().slice(0, 3), { name: 'content_loc', text: 'https://www.example.com/watch.html' }]),
    ).toEqual(['VID-005@videos.0.content_loc']);
    expect(
      run([...good().slice(0, 3), { name: 'content_loc', text: 'rtmp://media.example.com/live' }]),
    ).toEqual(['VID-006@videos.0.content_loc']);
  });
  it('VID-007 description length, VID-008 title length', () => {
    expect(run([good()[0], good()[1], { name: 'description', text: 'x'.repeat(2049) }, good()[3]])).toEqual([
      'VID-007@videos.0.description',
    ]);
    expect(run([good()[0], { name: 'title', text: 't'.repeat(101) }, good()[2], good()[3]])).toEqual([
      'VID-008@videos.0.title',
    ]);
  });
  it('VID-009 duration, VID-010 dates, VID-011 rating, VID-012 view count', () => {
    expect(withNode({ name: 'duration', text: 'PT10M' })).toEqual(['VID-009@videos.0.duration']);
    expect(
      entryIssues({ loc: page, videos: [{ nodes: [...good(), { name: 'duration', text: '0' }] }] })[0]
        .severity,
    ).toBe('warning');
    expect(withNode({ name: 'duration', text: '600' })).toEqual([]);
    expect(withNode({ name: 'expiration_date', text: '2025/12/31' })).toEqual([
      'VID-010@videos.0.expiration_date',
    ]);
    expect(
      entryIssues({
        loc: page,
        videos: [{ nodes: [...good(), { name: 'expiration_date', text: '2025-12-31' }] }],
      })[0],
    ).toMatchObject({ rule: 'VID-010', severity: 'warning' });
    expect(withNode({ name: 'rating', text: '9/10' })).toEqual(['VID-011@videos.0.rating']);
    expect(withNode({ name: 'rating', text: '4.5' })).toEqual([]);
    expect(withNode({ name: 'view_count', text: '12,345' })).toEqual(['VID-012@videos.0.view_count']);
  });
  it('VID-013 yes/no, VID-014 restriction, VID-015 platform', () => {
    expect(withNode({ name: 'family_friendly', text: 'true' })).toEqual(['VID-013@videos.0.family_friendly']);
    expect(withNode({ name: 'family_friendly', text: 'Yes' })).toEqual(['VID-013@videos.0.family_friendly']);
    expect(withNode({ name: 'restriction', text: 'ca, mx' })).toEqual([
      'VID-014@videos.0.restriction',
      'VID-014@videos.0.restriction',
    ]);
    expect(withNode({ name: 'restriction', text: 'CA MX', attrs: { relationship: 'allow' } })).toEqual([]);
    expect(withNode({ name: 'platform', text: 'desktop', attrs: { relationship: 'allow' } })).toEqual([
      'VID-015@videos.0.platform',
    ]);
  });
  it('VID-016 uploader, VID-017 tags, VID-018 repeats', () => {
    expect(
      withNode({
        name: 'uploader',
        text: 'Grill Team',
        attrs: { info: 'https://social.example.net/u/grill' },
      }),
    ).toEqual(['VID-016@videos.0.uploader']);
    expect(
      run([...good(), ...Array.from({ length: 33 }, (_, i) => ({ name: 'tag', text: `t${i}` }))]),
    ).toEqual(['VID-017@videos.0.tag']);
    expect(run([...good(), good()[0]])).toEqual([
      'VID-018@videos.0.thumbnail_loc',
      'VID-020@videos.0.thumbnail_loc',
    ]);
  });
  it('VID-019 deprecated / undocumented, VID-020 order', () => {
    expect(withNode({ name: 'category', text: 'Grilling' })).toEqual(['VID-019@videos.0.category']);
    expect(
      entryIssues({ loc: page, videos: [{ nodes: [...good(), { name: 'id', text: 'x' }] }] })[0],
    ).toMatchObject({ rule: 'VID-019', severity: 'info' });
    expect(run([good()[1], good()[0], good()[2], good()[3]])).toEqual(['VID-020@videos.0.thumbnail_loc']);
  });
});
