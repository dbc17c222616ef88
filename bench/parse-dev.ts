/**
 * PARSER's quick measuring script: generates seeded sitemaps in memory and compares
 * parseSitemap with fast-xml-parser's XMLParser.parse. Run: `npx tsx bench/parse-dev.ts`.
 */
import { XMLParser } from 'fast-xml-parser';
import { parseSitemap } from '../src/core/parse.ts';
import { medianRuns } from './measure.ts';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

function plain(n: number, word: string): string {
  const r = rng(42);
  const parts: string[] = [HEAD];
  for (let i = 0; i < n; i++) {
    const slug = `${word}-${Math.floor(r() * 1e9).toString(36)}-${i}`;
    const day = String(1 + Math.floor(r() * 28)).padStart(2, '0');
    parts.push(
      `  <url>\n    <loc>https://www.example.com/section/category/${slug}/page${i % 10 === 0 ? `?ref=sitemap&amp;id=${i}` : '/'}</loc>\n    <lastmod>2024-06-${day}T09:30:00+02:00</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.${Math.floor(r() * 9) + 1}</priority>\n  </url>\n`,
    );
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

function rich(n: number): string {
  const r = rng(7);
  const langs = ['en', 'de', 'fr', 'es', 'it'];
  const parts: string[] = [HEAD];
  for (let i = 0; i < n; i++) {
    const slug = `p-${Math.floor(r() * 1e9).toString(36)}-${i}`;
    parts.push(
      `  <url>\n    <loc>https://www.example.com/en/${slug}/</loc>\n    <lastmod>2024-06-24</lastmod>\n`,
    );
    for (const l of langs) {
      parts.push(
        `    <xhtml:link rel="alternate" hreflang="${l}" href="https://www.example.com/${l}/${slug}/"/>\n`,
      );
    }
    for (let k = 0; k < 3; k++) {
      parts.push(
        `    <image:image>\n      <image:loc>https://cdn.example.com/img/${slug}-${k}.jpg</image:loc>\n      <image:title>Picture ${k} of ${slug}</image:title>\n    </image:image>\n`,
      );
    }
    parts.push('  </url>\n');
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

const fxp = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false });
const enc = new TextEncoder();

function row(label: string, xml: string, runs: number): void {
  const bytes = enc.encode(xml);
  const entries = parseSitemap(bytes).document.entries.length;
  const ours = medianRuns(() => parseSitemap(bytes), runs).cpu;
  const oursStr = medianRuns(() => parseSitemap(xml), runs).cpu;
  const theirs = medianRuns(() => fxp.parse(xml), Math.max(1, Math.floor(runs / 3))).cpu;
  const mb = (bytes.length / 1e6).toFixed(1);
  console.log(
    `${label.padEnd(28)} ${mb.padStart(5)} MB ${String(entries).padStart(7)} entries | parseSitemap(bytes) ${ours.toFixed(1).padStart(7)} ms | (string) ${oursStr.toFixed(1).padStart(7)} ms | fast-xml-parser ${theirs.toFixed(1).padStart(8)} ms | ${(theirs / ours).toFixed(1)}x`,
  );
}

row('50k urls ascii', plain(50_000, 'page'), 9);
row('50k urls non-ascii', plain(50_000, 'straße-café-日本'), 9);
row('45k urls, 5 alternates + 3 images', rich(45_000), 5);
console.log('times are median CPU ms (user+system), see medianRuns() in measure.ts');
