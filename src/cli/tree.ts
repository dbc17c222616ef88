/**
 * Where the files of a sitemap tree are on disk: the targets named on the command line (a file,
 * a folder of sitemaps, a robots.txt) and the local file of each child URL an index or robots.txt
 * names — under `--root` by the URL's path below `--base`, else next to the index by file name,
 * with or without `.gz`.
 */
import { closeSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isGzip } from '../core/magic.ts';
import { gunzipHead } from '../core/parse/gzip.ts';

const SITEMAP_FILE = /\.(xml|txt)(\.gz)?$/i;

/** Where local files are published: `root` (a folder) is served at `base` (a URL). */
export interface SiteMapping {
  root?: string;
  base?: string;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Stable identity of a file (its real path), or the resolved path when it does not exist. */
export function fileKey(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** The sitemap files of a folder (recursive, sorted, `.xml`/`.txt` plain or gzipped, robots.txt excluded). */
export function folderFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    const items = readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const item of items) {
      const p = path.join(d, item.name);
      if (item.isDirectory()) {
        if (!item.name.startsWith('.') && item.name !== 'node_modules') walk(p);
      } else if (SITEMAP_FILE.test(item.name) && item.name.toLowerCase() !== 'robots.txt') out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Bytes of a file's start read to tell an index (the root element comes after at most a prolog). */
const HEAD_BYTES = 16 * 1024;
/** A `<sitemapindex` start tag, prefixed or not. */
const INDEX_ROOT = /<(?:[\w.-]+:)?sitemapindex[\s>/]/;

/**
 * True when the file at `p` starts like a sitemap index (gzipped or not), by its first 16 KiB,
 * not its name: a folder's or zip's indexes are read before their children, so each child is
 * checked with the URL its index gives it (the app's export names its index `sitemap.xml` and
 * writes it after the children).
 *
 * @example looksLikeIndex('site/sitemap.xml') // true when it holds <sitemapindex …>
 */
export function looksLikeIndex(p: string): boolean {
  let fd: number;
  try {
    fd = openSync(p, 'r');
  } catch {
    return false;
  }
  try {
    const head = new Uint8Array(HEAD_BYTES);
    const n = readSync(fd, head, 0, HEAD_BYTES, 0);
    const raw = head.subarray(0, n);
    const bytes = isGzip(raw) ? gunzipHead(raw, HEAD_BYTES) : raw;
    return INDEX_ROOT.test(new TextDecoder('latin1').decode(bytes));
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** `p` itself, or its `.gz` twin (either way round) when only that exists. */
function withGz(p: string): string | null {
  if (isFile(p)) return p;
  const twin = /\.gz$/i.test(p) ? p.slice(0, -3) : `${p}.gz`;
  return isFile(twin) ? twin : null;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The publish URL of a local file under `root` (null when outside it or without a mapping). */
export function publishUrlOf(file: string, site: SiteMapping): string | undefined {
  if (site.root === undefined || site.base === undefined) return undefined;
  const rel = path.relative(path.resolve(site.root), path.resolve(file));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const base = site.base.endsWith('/') ? site.base : `${site.base}/`;
  return new URL(rel.split(path.sep).map(encodeURIComponent).join('/'), base).href;
}

/**
 * The local file a child URL names, or null: first under `root` by the URL's path below `base`,
 * then below the folder of `from` (the index) by the URL's path or its tails, down to the file
 * name alone; `.gz` twins count. A relative URL is resolved against the index's own folder. A
 * tail that lands on the index itself is not taken for it (only the URL's whole path can be a
 * loop onto the index).
 *
 * @example resolveChild('https://a.example/s/1.xml', 'dist/index.xml', { root: 'dist', base: 'https://a.example/' }) // 'dist/s/1.xml'
 * @example resolveChild('fr/sitemap.xml', 'site/sitemap.xml', {}) // 'site/fr/sitemap.xml'
 */
export function resolveChild(url: string, from: string, site: SiteMapping): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // Relative: its path against the index's folder (an origin of our own, so `..` cannot leave it).
    let rel: URL;
    try {
      rel = new URL(url, RELATIVE_BASE);
    } catch {
      return null;
    }
    const inFolder = rel.pathname.startsWith(RELATIVE_DIR);
    if (url.startsWith('/') || !inFolder) return underFolder(rel.pathname, from);
    return withGz(path.join(path.dirname(from), ...segmentsOf(rel.pathname.slice(RELATIVE_DIR.length))));
  }
  if (site.root !== undefined && site.base !== undefined) {
    const base = new URL(site.base.endsWith('/') ? site.base : `${site.base}/`);
    if (u.origin === base.origin && u.pathname.startsWith(base.pathname)) {
      const rel = decodedPath(u.pathname.slice(base.pathname.length));
      const found = rel === '' ? null : withGz(path.join(site.root, ...rel.split('/')));
      if (found !== null) return found;
    }
  }
  return underFolder(u.pathname, from);
}

const RELATIVE_DIR = '/index-folder/';
const RELATIVE_BASE = `https://relative.invalid${RELATIVE_DIR}`;

function segmentsOf(pathname: string): string[] {
  return decodedPath(pathname)
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..');
}

/** A URL path below the index's folder, then shorter tails of it, down to the file name (never the index by a tail). */
function underFolder(pathname: string, from: string): string | null {
  const segments = segmentsOf(pathname);
  const self = fileKey(from);
  for (let k = 0; k < segments.length; k++) {
    const found = withGz(path.join(path.dirname(from), ...segments.slice(k)));
    if (found !== null && (k === 0 || fileKey(found) !== self)) return found;
  }
  return null;
}
