import { describe, expect, it } from 'vitest';
import type { Entry } from '../core/model.ts';
import { parseSitemap } from '../core/parse.ts';
import { createSitemapClient } from './client.ts';
import { decodeEntryColumns } from './entryColumns.ts';
import { encodeEntryColumns } from './entryColumnsEncode.ts';
import { EntryRows, objectColumns } from './entryRows.ts';

const roundTrip = (entries: Entry[], start = 0, end = entries.length): Entry[] => {
  const out: Entry[] = [];
  // structuredClone: what postMessage does to the columns between the worker and the page.
  const c = structuredClone(encodeEntryColumns(entries, start, end));
  decodeEntryColumns(c, out);
  // The page's store (entryRows.ts) reads each entry on its own, in any order (here backwards,
  // behind a first chunk): the same entries, keys in the same order, ids and locs from the columns.
  const rows = new EntryRows();
  rows.add(objectColumns([{ id: -1, loc: 'before' }]));
  rows.add(c);
  const ids: number[] = [];
  const locs: string[] = [];
  const made: Entry[] = [];
  for (let i = c.n - 1; i >= 0; i--) {
    ids[i] = rows.id(i + 1);
    locs[i] = rows.loc(i + 1);
    made[i] = rows.entry(i + 1);
  }
  expect(made).toStrictEqual(out);
  for (let i = 0; i < c.n; i++)
    if (Object.keys(made[i]).join() !== Object.keys(out[i]).join()) expect(made[i]).toBe(out[i]);
  expect(ids).toEqual(out.map((e) => e.id));
  expect(locs).toEqual(out.map((e) => e.loc));
  for (let i = 0; i < c.n; i++)
    if (rows.entry(i + 1) !== made[i] || rows.peek(i + 1) !== made[i]) expect(i).toBe(-1);
  return out;
};

describe('entry columns (worker → page)', () => {
  it('rebuilds plain and rich entries exactly, in order, whatever fields each has', () => {
    const entries: Entry[] = [
      { id: 0, loc: 'https://a.example/', line: 3, column: 1 },
      {
        id: 1,
        loc: 'https://a.example/x',
        line: 4,
        column: 2,
        lastmod: '2024-01-02',
        changefreq: 'daily',
        priority: '0.5',
      },
      { id: 7, loc: ' https://a.example/é?q=ü ', line: 5, column: 1, lastmod: '' },
      { id: 8, loc: '', line: 6, column: 9, priority: '1.0' },
      { id: 9, loc: 'https://a.example/i', line: 7, column: 1, images: [{ loc: 'https://a.example/i.png' }] },
      { id: 10, loc: 'https://a.example/c', line: 8, column: 1, changefreq: 'weekly' },
      { id: 11, loc: 'https://a.example/cp', line: 9, column: 1, changefreq: 'weekly', priority: '0.5' },
      { id: 12, loc: 'https://a.example/lp', line: 10, column: 1, lastmod: '2024', priority: '0.5' },
      { id: 13, loc: 'https://a.example/lc', line: 11, column: 1, lastmod: '2024', changefreq: ' daily\n' },
      { id: 14, loc: 'made in the editor' },
      {
        id: 15,
        loc: 'https://a.example/h',
        line: 12,
        column: 1,
        alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://a.example/de' }],
        extras: [{ ns: 'urn:x', name: 'y', xml: '<y xmlns="urn:x"/>' }],
      },
      {
        id: 16,
        loc: 'https://a.example/v',
        line: 13,
        column: 1,
        videos: [{ nodes: [] }],
        news: [{ nodes: [] }],
      },
      { id: 17, loc: '𝒳\u0000\n', line: 14, column: 1, lastmod: '🙂' },
      {
        id: 18,
        loc: 'https://a.example/im',
        line: 15,
        column: 1,
        priority: '0.1',
        images: [
          { loc: 'https://a.example/1.png', caption: 'niño & "x"', license: 'https://a.example/l' },
          { loc: '' },
          { loc: ' x ', title: 't', geoLocation: 'Paris' },
        ],
        alternates: [
          { rel: 'alternate', hreflang: 'de', href: 'https://a.example/de' },
          { rel: 'alternate', media: 'only screen', href: 'https://m.a.example/' },
          { hreflang: 'x-default' },
          {},
        ],
      },
      { id: 19, loc: 'https://a.example/e', line: 16, column: 1, images: [], alternates: [] },
      {
        id: 20,
        loc: 'https://a.example/ix',
        line: 17,
        column: 1,
        images: [{ loc: 'https://a.example/2.png', extras: [{ ns: 'urn:x', name: 'z', xml: '<z/>' }] }],
      },
      {
        id: 21,
        loc: 'https://a.example/ax',
        line: 18,
        column: 1,
        alternates: [{ rel: 'alternate', href: 'https://a.example/', attrs: { type: 'text/html' } }],
      },
    ];
    expect(roundTrip(entries)).toStrictEqual(entries);
    expect(roundTrip(entries, 3, 9)).toStrictEqual(entries.slice(3, 9));
    expect(roundTrip(entries, 4, 4)).toStrictEqual([]);
  });

  it('keeps every value when a chunk has more distinct changefreq and priority values than its table holds', () => {
    const entries: Entry[] = Array.from({ length: 70_000 }, (_, i) => ({
      id: i,
      loc: `https://a.example/${i}`,
      line: i + 2,
      column: 1,
      priority: `p${i}`,
    }));
    expect(roundTrip(entries)).toStrictEqual(entries);
  });

  it('rebuilds every mix of fields with image and link lists of every length, each key once, in order', () => {
    const captions = [{}, { caption: 'c' }, { title: 't' }, { caption: 'c', title: 't' }, { license: 'l' }];
    const links = [
      { rel: 'alternate', hreflang: 'de', href: 'https://a.example/de' },
      { rel: 'alternate', href: 'https://a.example/m', media: 'only screen' },
      { hreflang: 'fr' },
    ];
    const entries: Entry[] = [];
    for (let fields = 0; fields < 8; fields++)
      for (let ims = -1; ims <= 6; ims++)
        for (let alts = -1; alts <= 6; alts++) {
          const id = entries.length;
          const e: Entry = { id, loc: `https://a.example/${id}`, line: id + 2, column: 3 };
          if (fields & 1) e.lastmod = id % 2 ? '2024-05-01' : '2024-05-01T10:00:00+00:00';
          if (fields & 2) e.changefreq = 'weekly';
          if (fields & 4) e.priority = '0.5';
          if (ims >= 0)
            e.images = Array.from({ length: ims }, (_, j) => ({
              loc: `https://a.example/${id}-${j}.png`,
              ...captions[j % captions.length],
            }));
          if (alts >= 0)
            e.alternates = Array.from({ length: alts }, (_, j) => ({ ...links[j % links.length] }));
          entries.push(e);
        }
    const out = roundTrip(entries);
    expect(out).toStrictEqual(entries);
    // The same keys in the same order as the parser's entries (the literal sites decide it).
    for (const [i, e] of out.entries()) expect(Object.keys(e)).toEqual(Object.keys(entries[i]));
  });

  it('keeps every short lastmod when a chunk has more distinct ones than its word table holds', () => {
    const entries: Entry[] = Array.from({ length: 70_000 }, (_, i) => ({
      id: i,
      loc: `https://a.example/${i}`,
      line: i + 2,
      column: 1,
      lastmod: `d${i}`,
      changefreq: 'daily',
    }));
    expect(roundTrip(entries)).toStrictEqual(entries);
  });

  it('keeps every hreflang when the links of a chunk hold more distinct codes than its table holds', () => {
    const entries: Entry[] = Array.from({ length: 400 }, (_, i) => ({
      id: i,
      loc: `https://a.example/${i}`,
      line: i + 2,
      column: 1,
      alternates: Array.from({ length: 200 }, (_, j) => ({
        rel: 'alternate',
        hreflang: `c${i}-${j}`,
        href: `/${j}`,
      })),
    }));
    expect(roundTrip(entries)).toStrictEqual(entries);
  });

  it('gives a parsed document back as the parser made it', () => {
    const urls = Array.from(
      { length: 300 },
      (_, i) =>
        `<url><loc>https://a.example/${i}</loc>${i % 3 ? `<lastmod>2024-01-${(i % 28) + 1}</lastmod>` : ''}${
          i % 5 ? '<changefreq>daily</changefreq>' : ''
        }${i % 7 ? `<priority>0.${i % 10}</priority>` : ''}${
          i % 11
            ? ''
            : '<image:image><image:loc>https://a.example/i.png</image:loc><image:title>T</image:title></image:image>'
        }${i % 13 ? '' : '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/>'}</url>`,
    );
    const xml = `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>`;
    const { document } = parseSitemap(new TextEncoder().encode(xml));
    expect(document.entries).toHaveLength(300);
    expect(roundTrip(document.entries)).toStrictEqual(document.entries);
  });

  it('a big parse result with images and hreflang links comes out of the client exactly as parsed', async () => {
    const urls = Array.from(
      { length: 3000 },
      (_, i) =>
        `<url><loc>https://a.example/${i}</loc><lastmod>2024-02-0${(i % 9) + 1}</lastmod>${
          i % 4
            ? ''
            : `<image:image><image:loc>https://a.example/${i}.png</image:loc><image:caption>ü ${i}</image:caption></image:image>`
        }${i % 3 ? '' : `<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de/${i}"/>`}${
          i % 500 ? '' : '<video:video><video:title>v</video:title></video:video>'
        }</url>`,
    );
    const xml = `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>`;
    const bytes = new TextEncoder().encode(xml);
    const direct = parseSitemap(bytes.slice());
    const viaClient = await createSitemapClient({ createWorker: () => null }).parse(bytes, 'a.xml');
    expect(viaClient.document.entries).toHaveLength(3000);
    expect(viaClient.document.entries).toStrictEqual(direct.document.entries);
    expect(viaClient.issues).toStrictEqual(direct.issues);
    // The parsed bytes come back too (keep-format export), sent with the first chunk.
    expect(new TextDecoder().decode(viaClient.file)).toBe(xml);
  });
});
