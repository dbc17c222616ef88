// Hostile and heavy inputs (issue 20): each input is generated here and its bound is asserted as
// behaviour — refused with a message, or opened with the right entry count. Times and memory are
// measured by `npm run bench:hostile`, never here.
import { describe, expect, it } from 'vitest';
import { NS } from './model.ts';
import { parseSitemap } from './parse.ts';

const urlset = (body: string, rootAttrs = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS.sitemap}"${rootAttrs}>${body}</urlset>`;

describe('many findings (issue 20 case 2)', () => {
  it('a valid file with 200,000 findings opens with every entry', () => {
    const n = 100_000;
    const img = ` xmlns:image="${NS.image}"`;
    const body = Array.from(
      { length: n },
      (_, i) =>
        `<url><loc>https://a.example/${i}?a&b&c</loc><image:image><image:loc>https://a.example/${i}.jpg?a&b</image:loc></image:image></url>`,
    ).join('');
    const r = parseSitemap(urlset(body, img));
    expect(r.fatal).toBeNull();
    expect(r.document.entries).toHaveLength(n);
    expect(r.issues.filter((i) => i.rule === 'ENC-005').length).toBeGreaterThanOrEqual(2 * n);
  });
});

describe('namespace declarations (issue 20 case 4)', () => {
  const n = 30_000;
  const decls = (from: number) =>
    Array.from({ length: n }, (_, i) => ` xmlns:p${from + i}="urn:p${from + i}"`).join('');

  it(`${n} root declarations and ${n} sibling entries that each declare one open every entry`, () => {
    const urls = Array.from(
      { length: n },
      (_, i) => `<url xmlns:q${i}="urn:q${i}"><loc>https://a.example/${i}</loc></url>`,
    ).join('');
    const r = parseSitemap(urlset(urls, decls(0)));
    expect(r.fatal).toBeNull();
    expect(r.document.entries).toHaveLength(n);
  });

  it(`${n} nested declarations are undone when their elements close`, () => {
    const open = Array.from(
      { length: n },
      (_, i) => `<p${i}:x xmlns:p${i}="urn:${i}" xmlns:image="urn:not-image">`,
    );
    const close = Array.from({ length: n }, (_, i) => `</p${n - 1 - i}:x>`);
    const img = `<image:image><image:loc>https://a.example/i.jpg</image:loc></image:image>`;
    const body = `<url><loc>https://a.example/</loc>${open.join('')}${close.join('')}${img}</url><url><loc>https://a.example/2</loc>${img}</url>`;
    const r = parseSitemap(urlset(body, ` xmlns:image="${NS.image}"`));
    expect(r.fatal).toBeNull();
    expect(r.document.entries.map((e) => e.images?.map((i) => i.loc))).toEqual([
      ['https://a.example/i.jpg'],
      ['https://a.example/i.jpg'],
    ]);
    expect(r.document.entries[0].extras).toHaveLength(1);
  });
});
