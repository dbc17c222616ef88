import { describe, expect, it } from 'vitest';
import { entryIssues, rulesOf } from './testing.ts';

const page = 'https://www.example.com/p';
const img = (images: Array<{ loc: string; caption?: string }>) => rulesOf(entryIssues({ loc: page, images }));

describe('IMG rules', () => {
  it('passes a plain image', () => {
    expect(img([{ loc: 'https://www.example.com/a.jpg' }])).toEqual([]);
  });
  it('IMG-002 missing loc, IMG-003 relative loc (with LOC-003 for the space)', () => {
    expect(img([{ loc: '' }])).toEqual(['IMG-002@images.0.loc']);
    expect(img([{ loc: 'images/photo 1.jpg' }])).toEqual(['IMG-003@images.0.loc', 'LOC-003@images.0.loc']);
  });
  it('IMG-004 more than 1,000 images', () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ loc: `https://www.example.com/${i}.jpg` }));
    expect(img(many)).toEqual(['IMG-004@images']);
    expect(img(many.slice(0, 1000))).toEqual([]);
  });
  it('IMG-006 deprecated children, IMG-007 duplicates', () => {
    expect(img([{ loc: 'https://www.example.com/a.jpg', caption: 'Dog' }])).toEqual([
      'IMG-006@images.0.caption',
    ]);
    expect(img([{ loc: 'https://www.example.com/a.jpg' }, { loc: 'https://www.example.com/a.jpg' }])).toEqual(
      ['IMG-007@images.1.loc'],
    );
  });
});
