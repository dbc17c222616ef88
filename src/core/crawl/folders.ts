/**
 * Which file of a workspace a new URL belongs to (the crawl audit's "add missing indexable
 * pages", CRAWL-006): the file whose listed URLs share the longest folder prefix with it. At the
 * deepest folder some file has URLs under, the file with the most URLs directly in that folder
 * wins, then the one with the most URLs under it, then the larger file (more URLs in all: a
 * split sitemap's big part over a stray page's file), then the first. A URL no file's folder
 * matches (another host) gets -1: the caller falls back to the active file.
 *
 * Built once from the files' URLs (O(URLs), one string per distinct folder); a lookup walks the
 * URL's folders from the deepest up.
 */

/** Per folder: `[file, direct, under]` triples (small: a folder is rarely in many files). */
type Counts = number[];

/** The folder index of a workspace (see the module comment). */
export interface FolderIndex {
  /** Folder (lower-case scheme and host, path to its last '/') → per-file counts. */
  readonly folders: ReadonlyMap<string, Counts>;
  /** URLs of each file (the last tie-break before file order). */
  readonly sizes: readonly number[];
}

/**
 * The folder of a URL: scheme and host lower-cased, the path up to its last `/`, without query
 * or fragment. Null when it is not an absolute URL.
 *
 * @example folderOf('HTTPS://Example.com/blog/post?x=1') === 'https://example.com/blog/'
 */
export function folderOf(url: string): string | null {
  const sep = url.indexOf('://');
  if (sep <= 0) return null;
  let end = url.length;
  const q = url.indexOf('?', sep + 3);
  if (q >= 0) end = q;
  const h = url.indexOf('#', sep + 3);
  if (h >= 0 && h < end) end = h;
  const pathAt = url.indexOf('/', sep + 3);
  const authority = url.slice(0, pathAt < 0 || pathAt > end ? end : pathAt).toLowerCase();
  if (pathAt < 0 || pathAt > end) return `${authority}/`;
  const last = url.lastIndexOf('/', end - 1);
  return authority + url.slice(pathAt, last + 1);
}

/** The parent folder (`https://a.example/blog/` → `https://a.example/`), null at the host root. */
function parentOf(folder: string): string | null {
  const root = folder.indexOf('/', folder.indexOf('://') + 3);
  if (root < 0 || root >= folder.length - 1) return null;
  return folder.slice(0, folder.lastIndexOf('/', folder.length - 2) + 1);
}

function bump(
  folders: Map<string, Counts>,
  folder: string,
  file: number,
  direct: number,
  under: number,
): void {
  let c = folders.get(folder);
  if (c === undefined) {
    c = [];
    folders.set(folder, c);
  }
  for (let i = 0; i < c.length; i += 3)
    if (c[i] === file) {
      c[i + 1] += direct;
      c[i + 2] += under;
      return;
    }
  c.push(file, direct, under);
}

/**
 * Index the URLs of each file (`files[i]` = the URLs of file i; pass an empty list for a file
 * that must not receive URLs, e.g. a sitemap index).
 *
 * @example fileForUrl(folderIndex([['https://a.example/blog/x'], ['https://a.example/shop/y']]), 'https://a.example/shop/z') === 1
 */
export function folderIndex(files: ReadonlyArray<Iterable<string>>): FolderIndex {
  const index: FolderIndex = { folders: new Map<string, Counts>(), sizes: [] };
  for (let f = 0; f < files.length; f++) addFolderFile(index, f, files[f]);
  return index;
}

/**
 * Add file `f`'s URLs to an index (see {@link folderIndex}), for a caller that reads the files one
 * at a time and keeps none of them (the CLI's `check --crawl` over a tree).
 *
 * @example const index = folderIndex([]); addFolderFile(index, 0, doc.entries.map((e) => e.loc))
 */
export function addFolderFile(index: FolderIndex, f: number, urls: Iterable<string>): void {
  const folders = index.folders as Map<string, Counts>;
  const sizes = index.sizes as number[];
  while (sizes.length <= f) sizes.push(0);
  // Direct counts per folder first (consecutive URLs mostly share a folder: no string made).
  const direct = new Map<string, number>();
  let last = '';
  let lastCount = 0;
  for (const url of urls) {
    sizes[f]++;
    if (last !== '' && url.startsWith(last) && url.indexOf('/', last.length) < 0) {
      lastCount++;
      continue;
    }
    if (last !== '') direct.set(last, (direct.get(last) ?? 0) + lastCount);
    const folder = folderOf(url.trim());
    last = folder ?? '';
    lastCount = folder === null ? 0 : 1;
  }
  if (last !== '') direct.set(last, (direct.get(last) ?? 0) + lastCount);
  for (const [folder, n] of direct) {
    bump(folders, folder, f, n, n);
    for (let p = parentOf(folder); p !== null; p = parentOf(p)) bump(folders, p, f, 0, n);
  }
}

/**
 * The file a URL belongs to (see the module comment), or -1 when no file's folder matches.
 *
 * @example fileForUrl(index, 'https://www.example.com/blog/new-post') // the blog sitemap's index
 */
export function fileForUrl(index: FolderIndex, url: string): number {
  for (let folder = folderOf(url.trim()); folder !== null; folder = parentOf(folder)) {
    const c = index.folders.get(folder);
    if (c === undefined) continue;
    const size = (i: number) => index.sizes[c[i]] ?? 0;
    let best = 0;
    for (let i = 3; i < c.length; i += 3) {
      const order = c[i + 1] - c[best + 1] || c[i + 2] - c[best + 2] || size(i) - size(best);
      if (order > 0) best = i;
    }
    return c[best];
  }
  return -1;
}
