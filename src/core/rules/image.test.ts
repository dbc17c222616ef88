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
  it('IMG-007 names the first of a repeated loc, with few images and with many', () => {
    const a = 'https://www.example.com/a.jpg';
    const msgs = (n: number) => {
      const images = Array.from({ length: n }, (_, i) => ({ loc: `https://www.example.com/${i}.jpg` }));
      images[1] = { loc: '' };
      images[2] = { loc: a };
      images[n - 2] = { loc: ` ${a}` };
      images[n - 1] = { loc: a };
      return entryIssues({ loc: page, images })
        .filter((i) => i.rule === 'IMG-007' || i.rule === 'IMG-002')
        .map((i) => `${i.rule}@${i.field} ${i.message}`);
    };
    for (const n of [6, 40])
      expect(msgs(n)).toEqual([
        'IMG-002@images.1.loc Image without a URL: every <image:image> needs an <image:loc>. Enter the image URL or remove the image.',
        `IMG-007@images.${n - 2}.loc Image “${a}” is listed twice on this page (also image 3); keep one.`,
        `IMG-007@images.${n - 1}.loc Image “${a}” is listed twice on this page (also image 3); keep one.`,
      ]);
  });
  it('IMG-006 names every deprecated tag, at the first', () => {
    const issues = entryIssues({
      loc: page,
      images: [
        { loc: 'https://www.example.com/a.jpg', title: 'T', license: 'L' },
        { loc: 'https://www.example.com/b.jpg', caption: 'C', geoLocation: 'G' },
      ],
    }).filter((i) => i.rule === 'IMG-006');
    expect(issues.map((i) => [i.field, i.message.split(':')[0]])).toEqual([
      ['images.0.title', 'Deprecated tag image'],
      ['images.1.caption', 'Deprecated tag image'],
    ]);
    expect(issues[0].message).toContain('image:title, image:license');
    expect(issues[1].message).toContain('image:caption, image:geo_location');
  });
});
