// Hostile and heavy inputs (issue 20): each input is generated here and its bound is asserted as
// behaviour — refused with a message, or opened with the right entry count. Times and memory are
// measured by `npm run bench:hostile`, never here.
import { describe, expect, it } from 'vitest';
import { type Issue, NS } from './model.ts';
import { MAX_RAW_BYTES, MAX_SAME_ELEMENT_FINDINGS, RAW_ELEMENT_COST } from './parse/context.ts';
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

describe('deep nesting (issue 20 case 3)', () => {
  const video = ` xmlns:video="${NS.video}"`;
  const depthError = (issues: readonly Issue[]) =>
    issues.find((i) => i.rule === 'ENC-004' && /nested \d+ levels deep/.test(i.message));

  it('5,000 nested <video:a> are read without a stack overflow; the next entry is read too', () => {
    const n = 5000;
    const deep = `${'<video:a>'.repeat(n)}x${'</video:a>'.repeat(n)}`;
    const body = `<url><loc>https://a.example/1</loc><video:video><video:title>t</video:title>${deep}</video:video></url><url><loc>https://a.example/2</loc></url>`;
    const r = parseSitemap(urlset(body, video));
    expect(r.fatal).toBeNull();
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/1', 'https://a.example/2']);
    expect(r.document.entries[0].videos?.[0].nodes.map((x) => x.name)).toEqual(['title', 'a']);
    expect(depthError(r.issues)?.severity).toBe('error');
    expect(depthError(r.issues)?.entry).toBe(0);
  });

  it('200,000 nested unknown elements inside <url>: one depth error, the rest of the file read', () => {
    const n = 200_000;
    const body = `<url><loc>https://a.example/1</loc>${'<x>'.repeat(n)}${'</x>'.repeat(n)}</url><url><loc>https://a.example/2</loc></url>`;
    const r = parseSitemap(urlset(body));
    expect(r.fatal).toBeNull();
    expect(r.document.entries).toHaveLength(2);
    expect(r.issues.filter((i) => depthError([i]))).toHaveLength(1);
  });

  it('a feed nested 5,000 levels deep is read; its items still become entries', () => {
    const n = 5000;
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://a.example/1</link>${'<d>'.repeat(n)}${'</d>'.repeat(n)}</item><item><link>https://a.example/2</link></item></channel></rss>`;
    const r = parseSitemap(rss);
    expect(r.fatal).toBeNull();
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/1', 'https://a.example/2']);
    expect(depthError(r.issues)).toBeDefined();
  });

  it('256 levels are fine (libxml2 reads them); 257 is the first reported', () => {
    const at = (depth: number) => {
      const inner = depth - 2; // urlset (1) > url (2) > x (3…depth)
      return parseSitemap(
        urlset(`<url><loc>https://a.example/</loc>${'<x>'.repeat(inner)}${'</x>'.repeat(inner)}</url>`),
      );
    };
    expect(depthError(at(256).issues)).toBeUndefined();
    expect(depthError(at(257).issues)).toBeDefined();
  });
});

describe('budgets per file (issue 20 case 5)', () => {
  const cost = (xml: string) => 2 * xml.length + RAW_ELEMENT_COST;
  const keptWithin = (xml: string) => Math.ceil(MAX_RAW_BYTES / cost(xml));

  it('400,000 unknown elements: kept up to the byte budget, the rest left out with one error', () => {
    const n = 400_000;
    const body = `<url><loc>https://a.example/</loc>${'<x:q/>'.repeat(n)}</url><url><loc>https://a.example/2</loc></url>`;
    const r = parseSitemap(urlset(body, ' xmlns:x="urn:x"'));
    expect(r.fatal).toBeNull();
    expect(r.document.entries).toHaveLength(2);
    const kept = keptWithin('<x:q/>');
    expect(kept).toBeLessThan(n);
    expect(r.document.entries[0].extras).toHaveLength(kept);
    // One shared declarations object, not one per element.
    const extras = r.document.entries[0].extras ?? [];
    expect(extras[0].nsDecls).toEqual({ x: 'urn:x' });
    expect(extras[kept - 1].nsDecls).toBe(extras[0].nsDecls);
    const over = r.issues.filter((i) => i.rule === 'IMP-029');
    expect(over).toHaveLength(1);
    expect(over[0].severity).toBe('error');
    expect(over[0].message).toMatch(
      new RegExp(
        `reached the budget of a file \\(${kept.toLocaleString('en-US')} elements, ~32 MiB; at most 1,000,000 elements or 32 MiB\\)`,
      ),
    );
    // Findings: one per element up to the per-name budget, then one that counts the rest.
    const ext = r.issues.filter((i) => i.rule === 'EXT-001');
    expect(ext).toHaveLength(MAX_SAME_ELEMENT_FINDINGS + 1);
    expect(ext.at(-1)?.message).toBe(
      `${(n - MAX_SAME_ELEMENT_FINDINGS).toLocaleString('en-US')} more <x:q> elements from namespace "urn:x" are not listed one by one (at most 1,000 per element name)`,
    );
  });

  it('big unknown elements hit the byte budget long before the count budget', () => {
    const n = 20_000;
    const el = `<x:q>${'a'.repeat(1000)}</x:q>`;
    const body = `<url><loc>https://a.example/</loc>${el.repeat(n)}</url>`;
    const r = parseSitemap(urlset(body, ' xmlns:x="urn:x"'));
    const kept = keptWithin(el);
    expect(kept).toBeLessThan(n);
    expect(r.document.entries[0].extras).toHaveLength(kept);
    expect(r.issues.filter((i) => i.rule === 'IMP-029')).toHaveLength(1);
  });
});
