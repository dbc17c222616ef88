/**
 * Seeded benchmark inputs (same bytes every run): a 50,000-URL urlset (~10.6 MB), the same with
 * non-ASCII paths and values, and a ~50 MB worst case with xhtml:link alternates and images.
 * Documents are built as models; their XML is written by a small independent string builder.
 */
import type { Entry, SitemapDocument } from '../src/core/model.ts';

/** mulberry32 seeded PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'garden',
  'kitchen',
  'outdoor',
  'lighting',
  'storage',
  'office',
  'travel',
  'sports',
  'kids',
  'tools',
];
const WORDS_INTL = [
  'café',
  'straße',
  'łódź',
  '日本語',
  'niño',
  'ελληνικά',
  'москва',
  'smörgås',
  'crème-brûlée',
  '北京',
];
const FREQS = ['daily', 'weekly', 'monthly', 'yearly'];
const LANGS = ['de', 'en', 'es', 'fr', 'x-default'];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

function date(rnd: () => number): string {
  const m = String(1 + Math.floor(rnd() * 12)).padStart(2, '0');
  const d = String(1 + Math.floor(rnd() * 28)).padStart(2, '0');
  const h = String(Math.floor(rnd() * 24)).padStart(2, '0');
  return `2024-${m}-${d}T${h}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}:00+00:00`;
}

function path(rnd: () => number, words: readonly string[], i: number): string {
  return `/${pick(rnd, words)}/${pick(rnd, words)}-${pick(rnd, words)}/p-${Math.floor(rnd() * 1e6)}-${i}`;
}

/** 50,000 URLs with lastmod/changefreq/priority; `intl` puts non-ASCII into paths. */
export function plainDoc(n = 50_000, intl = false): SitemapDocument {
  const rnd = prng(intl ? 2 : 1);
  const words = intl ? WORDS_INTL : WORDS;
  const entries: Entry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    entries[i] = {
      id: i,
      loc: `https://www.example.com${path(rnd, words, i)}?id=${i}`,
      lastmod: date(rnd),
      changefreq: pick(rnd, FREQS),
      priority: `0.${1 + Math.floor(rnd() * 9)}`,
    };
  }
  return { kind: 'urlset', entries, nextId: n };
}

/** Worst case: every URL has 5 hreflang alternates and 2 images, one with a caption (~50 MB). */
export function worstDoc(n = 50_000): SitemapDocument {
  const rnd = prng(3);
  const entries: Entry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = path(rnd, WORDS, i);
    entries[i] = {
      id: i,
      loc: `https://www.example.com/en${p}`,
      lastmod: date(rnd),
      images: [0, 1].map((k) => ({
        loc: `https://cdn.example.com/i/${i}-${k}.jpg`,
        ...(k === 0 ? { caption: `${pick(rnd, WORDS_INTL)} & ${pick(rnd, WORDS)} "${k}"` } : {}),
      })),
      alternates: LANGS.map((l) => ({
        rel: 'alternate',
        hreflang: l,
        href: `https://www.example.com/${l === 'x-default' ? 'en' : l}${p}`,
      })),
    };
  }
  return { kind: 'urlset', entries, nextId: n };
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Independent XML writer for the bench inputs (raw UTF-8 kept, as many generators do). */
export function toXml(doc: SitemapDocument): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const e of doc.entries) {
    let s = `  <url>\n    <loc>${esc(e.loc)}</loc>\n`;
    if (e.lastmod) s += `    <lastmod>${e.lastmod}</lastmod>\n`;
    if (e.changefreq) s += `    <changefreq>${e.changefreq}</changefreq>\n`;
    if (e.priority) s += `    <priority>${e.priority}</priority>\n`;
    for (const img of e.images ?? []) {
      s += `    <image:image>\n      <image:loc>${esc(img.loc)}</image:loc>\n`;
      if (img.caption) s += `      <image:caption>${esc(img.caption)}</image:caption>\n`;
      s += '    </image:image>\n';
    }
    for (const a of e.alternates ?? []) {
      s += `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${esc(a.href ?? '')}"/>\n`;
    }
    parts.push(`${s}  </url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** The three bench inputs as bytes, plus their models. */
export function benchInputs(): Array<{ name: string; doc: SitemapDocument; bytes: Uint8Array }> {
  const enc = new TextEncoder();
  return [
    ['50k URLs (ASCII)', plainDoc()],
    ['50k URLs (non-ASCII)', plainDoc(50_000, true)],
    ['50k URLs + 5 hreflang + 2 images (worst case)', worstDoc()],
  ].map(([name, doc]) => ({
    name: name as string,
    doc: doc as SitemapDocument,
    bytes: enc.encode(toXml(doc as SitemapDocument)),
  }));
}
