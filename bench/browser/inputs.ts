/**
 * Seeded input files for `npm run bench:browser`, built once into a cache folder (same bytes every
 * run) and copied next to the served build: the 50,000-URL urlset (.xml and .xml.gz), the ~50 MB
 * worst case (.xml) and a 1,000,000-URL urlset (.xml.gz; lastmod, changefreq, priority on every
 * URL, 2 images on every 10th, 3 hreflang alternates on every 25th).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Entry } from '../../src/core/model.ts';
import { plainDoc, toXml, worstDoc } from '../generate.ts';

/** Bump when the generated content changes, so stale caches are rebuilt. */
const VERSION = 'v1';

/** Root start tag of the generated urlsets (sitemap, image and xhtml namespaces). */
export const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

/**
 * Compact XML of entry `i` (no indentation, so 1,000,000 URLs stay under the 200 MB decompression
 * cap): 2 images on every 10th URL, 3 hreflang alternates on every 25th.
 */
export function compactEntry(e: Entry, i: number): string {
  let s = `<url><loc>${e.loc}</loc><lastmod>${e.lastmod}</lastmod><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority>`;
  if (i % 10 === 0)
    s += `<image:image><image:loc>https://cdn.example.com/i/${i}-a.jpg</image:loc></image:image><image:image><image:loc>https://cdn.example.com/i/${i}-b.jpg</image:loc></image:image>`;
  if (i % 25 === 0) {
    const path = e.loc.slice('https://www.example.com'.length);
    for (const l of ['de', 'fr', 'x-default'])
      s += `<xhtml:link rel="alternate" hreflang="${l}" href="https://www.example.com${l === 'x-default' ? '' : `/${l}`}${path.replace(/&/g, '&amp;')}"/>`;
  }
  return `${s}</url>\n`;
}

function millionGz(): Buffer {
  const doc = plainDoc(1_000_000);
  const chunks: Buffer[] = [Buffer.from(HEAD)];
  let part: string[] = [];
  doc.entries.forEach((e, i) => {
    part.push(compactEntry(e, i));
    if (part.length === 50_000) {
      chunks.push(Buffer.from(part.join('')));
      part = [];
    }
  });
  chunks.push(Buffer.from(`${part.join('')}</urlset>\n`));
  return gzipSync(Buffer.concat(chunks), { level: 6 });
}

/** Input URLs (paths under the served root) by key. */
export interface Inputs extends Record<string, string> {
  plainXml: string;
  plainGz: string;
  worstXml: string;
  millionGz: string;
  /** `plain.xml.gz` as stored: `vite preview` sends a `.gz` with `Content-Encoding: gzip`, so the
   *  page's fetch of `plainGz` gets the inflated XML; this name is served as the gzip bytes. */
  plainGzRaw: string;
  /** The 1M urlset as XML (225 MB): inflated it is over the 200,000,000-byte GZ-006 cap, so the
   *  app refuses the real `.gz`; the 1M rows open this, and say so. */
  millionXml: string;
}

/** Write (or reuse from `cacheDir`) the inputs and copy them into `servedDir`. */
export function writeInputs(servedDir: string, cacheDir: string): Inputs {
  const dir = resolve(cacheDir, VERSION);
  mkdirSync(dir, { recursive: true });
  const files: Array<[string, () => Uint8Array]> = [
    ['plain.xml', () => Buffer.from(toXml(plainDoc()))],
    ['plain.xml.gz', () => gzipSync(Buffer.from(toXml(plainDoc())), { level: 6 })],
    ['worst.xml', () => Buffer.from(toXml(worstDoc()))],
    ['million.xml.gz', millionGz],
  ];
  for (const [name, make] of files) {
    const path = resolve(dir, name);
    if (!existsSync(path)) writeFileSync(path, make());
    copyFileSync(path, resolve(servedDir, name));
  }
  copyFileSync(resolve(dir, 'plain.xml.gz'), resolve(servedDir, 'plain.xml.gz.bin'));
  const millionXml = resolve(dir, 'million.xml');
  if (!existsSync(millionXml))
    writeFileSync(millionXml, gunzipSync(readFileSync(resolve(dir, 'million.xml.gz'))));
  copyFileSync(millionXml, resolve(servedDir, 'million.xml'));
  return {
    plainXml: '/bench-in/plain.xml',
    plainGz: '/bench-in/plain.xml.gz',
    worstXml: '/bench-in/worst.xml',
    millionGz: '/bench-in/million.xml.gz',
    plainGzRaw: '/bench-in/plain.xml.gz.bin',
    millionXml: '/bench-in/million.xml',
  };
}
