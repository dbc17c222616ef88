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
