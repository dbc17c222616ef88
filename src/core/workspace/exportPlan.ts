/**
 * Export plan of a workspace (issue 7, OUT-008): which documents to write under which names, with
 * the index regenerated to point at the final absolute URLs. Bytes are produced later by the
 * serializer (`serializeFiles` in `../serialize.ts`), one planned document at a time.
 */

import { appendAll } from '../arrays.ts';
import { plural } from '../format.ts';
import type { DocumentKind, Entry, SitemapDocument } from '../model.ts';
import type { ExportChange } from '../serialize/exportChanges.ts';
import { publishFileName } from '../serialize/files.ts';
import { hasScheme } from '../urls.ts';
import { cut } from './estimate.ts';
import { newestLastmod } from './lastmod.ts';
import type { ChildRef, Workspace } from './types.ts';

/** Options of {@link planWorkspaceExport}. */
export interface WorkspaceExportOptions {
  /** Positions of the files edited since they were loaded: their index lastmod becomes `now`. */
  changedFiles: ReadonlySet<number>;
  /** W3C datetime of the export, e.g. `2024-06-24T09:30:00Z` (core reads no clock). */
  now: string;
  /** Re-split children above these limits into `<base>-1.xml`, `<base>-2.xml`, … */
  split?: { maxUrls?: number; maxBytes?: number };
  /** Where the files will be published: a directory URL (`https://a.example/maps/`) or any file URL in it. */
  publishBase: string;
  /**
   * Also export the files no index names (extras) and list them in the (first or generated) index.
   * Default true; with false they are left out of the plan entirely.
   */
  includeExtra?: boolean;
  /** Name of the index generated when the workspace has none. Default `sitemap-index.xml`. */
  indexName?: string;
  /**
   * Output format per child file position; default: the format the path its index names it by
   * suggests (`post-sitemap.xml` for a `post-sitemap.xml.gz` dropped), else its own name's
   * (see {@link defaultChildFormats}).
   */
  formats?: ReadonlyMap<number, ChildFormat>;
}

/** Output format of one child (the serializer's `format`). */
export type ChildFormat = 'xml' | 'xml.gz' | 'txt' | 'txt.gz';

/** One file to write. */
export interface PlannedFile {
  /** Relative name, may contain folders (`fr/sitemap.xml`); unique within the plan. */
  name: string;
  /** Final absolute URL: `publishBase`'s directory + `name`. */
  url: string;
  role: 'index' | 'child';
  /** How to serialize it; the name ends with the matching extension unless it kept its source name. */
  format: ChildFormat;
  document: SitemapDocument;
  /**
   * Workspace file this comes from (every part of a re-split child names the same file; a
   * regenerated index that is not split, the index file it replaces).
   */
  sourceFile?: number;
  /** The content differs from the loaded file (edited, or re-split); indexes are always regenerated. */
  changed: boolean;
  /**
   * What the plan itself rewrites (beyond the user's edits), for the export dialog: an index's
   * relative child locs written absolute, locs moved to their export URL, lastmods set to the
   * export time, entries added or left out (OUT-008, IDX-007), an index or child split.
   */
  changes: ExportChange[];
  /**
   * Where the format comes from: `index`, the path its index names it by (which may differ from
   * the name it was opened under: a `.gz` dropped for an index's `.xml`); `chosen`, the
   * `formats` option. Absent: its own name.
   */
  formatFrom?: 'index' | 'chosen';
  /** The path its index names it by, when a format chosen for it writes it under another name. */
  indexPath?: string;
  /**
   * A regenerated index written for the index file it replaces (`sourceFile`): the lastmod it
   * writes for each of that file's entries, by entry id (undefined: none). The editor follows the
   * export with these (state/workspaceExport.ts `followExportedIndexes`).
   */
  lastmods?: ReadonlyMap<number, string | undefined>;
}

/** Counts of what a regenerated index rewrites (see `indexChanges`). */
interface IndexTally {
  absolute: number;
  moved: number;
  /** The moved locs, `old now new` (the first few, for the dialog). */
  movedLocs: string[];
  /** Of `moved`: a loc with a query string or fragment (a published file has neither). */
  movedQuery: number;
  lastmods: number;
  added: number;
  dropped: number;
  /** Child locs that follow a format chosen for the child: `post-sitemap.xml now post-sitemap.xml.gz`. */
  renamed: string[];
}

/** A tally with nothing counted yet. */
function emptyTally(): IndexTally {
  return {
    absolute: 0,
    moved: 0,
    movedLocs: [],
    movedQuery: 0,
    lastmods: 0,
    added: 0,
    dropped: 0,
    renamed: [],
  };
}

/** The tally in words, each with its rule; empty when the index lists what it listed before. */
function indexChanges(t: IndexTally, parts: number): ExportChange[] {
  const out: ExportChange[] = [];
  const add = (id: string, n: number, text: string, rule: string) => {
    if (n > 0) out.push({ id, count: n, text, rule });
  };
  add('absolute', t.absolute, `${plural(t.absolute, 'relative child loc')} written absolute`, 'OUT-008');
  // Old → new in plain words, and why: the index names each file where this export publishes it
  // (OUT-008: built from the publish URL's folder), which a query string cannot be part of.
  const moved = t.movedLocs.slice(0, 2).join(', ') + (t.moved > 2 ? ' …' : '');
  add(
    'moved',
    t.moved,
    t.moved === 1
      ? `child loc ${moved}: ${t.movedQuery === 1 ? 'a published file has no query string, so the index names the file itself' : 'where this export publishes the file'}`
      : `${t.moved} child locs now point where this export publishes the files: ${moved}`,
    'OUT-008',
  );
  const n = t.renamed.length;
  const shown = n > 3 ? `${t.renamed.slice(0, 3).join(', ')} …` : t.renamed.join(', ');
  add(
    'renamed',
    n,
    n === 1
      ? `child loc ${shown} (the format chosen for it)`
      : `${n} child locs follow the formats chosen for them: ${shown}`,
    'OUT-008',
  );
  add('lastmods', t.lastmods, `${plural(t.lastmods, 'child lastmod')} set to the export time`, 'OUT-008');
  add('added', t.added, `${plural(t.added, 'file')} added to the index`, 'OUT-008');
  add(
    'dropped',
    t.dropped,
    `${plural(t.dropped, 'entry', 'entries')} left out (listed twice, or the index itself)`,
    'IDX-007',
  );
  add(
    'split',
    parts > 1 ? parts : 0,
    `split into ${plural(parts, 'index file')} (50,000 entries each)`,
    'SIZE-003',
  );
  return out;
}

/** Tally one index line that replaces the entry `before` (undefined: a line the index did not have). */
function tallyLine(
  t: IndexTally,
  before: { loc: string; lastmod?: string } | undefined,
  after: IndexLine,
  renamed?: string,
): void {
  if (before === undefined) {
    t.added++;
    return;
  }
  const loc = before.loc.trim();
  if (!hasScheme(loc)) t.absolute++;
  else if (loc !== after.loc && renamed === undefined) {
    t.moved++;
    if (t.movedLocs.length < 2) t.movedLocs.push(`${loc} now ${after.loc}`);
    if (/[?#]/.test(loc)) t.movedQuery++;
  }
  if (renamed !== undefined && loc !== after.loc) t.renamed.push(renamed);
  if ((before.lastmod?.trim() || undefined) !== after.lastmod) t.lastmods++;
}

const MAX_INDEX_ENTRIES = 50_000;
const EXT = /(\.(xml|txt|rss|atom))?(\.gz)?$/i;

function splitName(name: string): { stem: string; ext: string } {
  const ext = EXT.exec(name)?.[0] || '.xml';
  return { stem: EXT.exec(name)?.[0] ? name.slice(0, name.length - ext.length) : name, ext };
}

/** Windows device names, reserved with any extension (`con.xml` too). */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
/** Characters no file name should carry on any system: controls, `<>:"|?*`, backslash. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[\u0000-\u001f\u007f<>:"|?*\\]/g;

/**
 * A name from input (a zip member, a dropped file) made safe as a relative export path: data,
 * never a path that leaves the folder. Backslashes count as separators; empty, `.` and `..`
 * segments are dropped (so no absolute path and no way up); unsafe characters become `-`;
 * trailing dots and spaces go; Windows device names get a `_` prefix. Folders stay (`fr/a.xml`).
 *
 * @example safeExportName('../../x.xml') // 'x.xml'
 * @example safeExportName('C:\\win\\con.xml') // 'win/_con.xml'
 */
export function safeExportName(name: string): string {
  const segments: string[] = [];
  for (const raw of name.split(/[/\\]+/)) {
    let seg = raw
      .replace(UNSAFE, '-')
      .replace(/[. ]+$/, '')
      .trim();
    if (seg === '' || seg === '.' || /^\.+$/.test(seg)) continue;
    if (segments.length === 0 && /^[A-Za-z]-$/.test(seg)) continue; // a drive letter `C:`
    if (RESERVED.test(seg)) seg = `_${seg}`;
    segments.push(seg);
  }
  return segments.length === 0 ? 'sitemap.xml' : segments.join('/');
}

class Names {
  private readonly used = new Set<string>();
  constructor(private readonly base: string) {}
  /** Reserve `name` (made safe, see {@link safeExportName}), or `<stem>-2<ext>`, `-3`, … when taken. */
  take(name: string): { name: string; url: string } {
    let out = safeExportName(name);
    const { stem, ext } = splitName(out);
    for (let k = 2; this.used.has(out); k++) out = `${stem}-${k}${ext}`;
    this.used.add(out);
    const url = new URL(out.split('/').map(encodeURIComponent).join('/'), this.base).href;
    // Never reached with a safe name; a guard so no index ever points outside the publish base.
    if (!url.startsWith(this.base)) throw new Error(`Export name ${out} resolves outside ${this.base}`);
    return { name: out, url };
  }
}

interface ChildPlan {
  parts: PlannedFile[];
}

/** The format a file's name and kind suggest: `.gz` from the name, text for text sitemaps. */
export function sourceFormat(name: string, kind: DocumentKind): ChildFormat {
  const gz = name.toLowerCase().endsWith('.gz');
  if (kind === 'text') return gz ? 'txt.gz' : 'txt';
  return gz ? 'xml.gz' : 'xml';
}

/**
 * The format each child is written in unless another is chosen (by file position): the one the
 * path its first index names it by suggests (`post-sitemap.xml` for `post-sitemap.xml.gz`
 * dropped), else the one of its own name. What the export dialog shows before a choice.
 *
 * @example defaultChildFormats(ws, 'https://a.example/').get(1) // 'xml'
 */
export function defaultChildFormats(ws: Workspace, publishBase: string): Map<number, ChildFormat> {
  const out = new Map<number, ChildFormat>();
  for (const ref of ws.children) {
    if (ref.file === null || out.has(ref.file) || ws.files[ref.file].kind === 'sitemapindex') continue;
    const file = ws.files[ref.file];
    const rel = childPath(ref, ws.files[ref.index].publishUrl, publishBase);
    out.set(ref.file, sourceFormat(rel ?? file.name, file.kind));
  }
  ws.files.forEach((file, f) => {
    if (!out.has(f) && file.kind !== 'sitemapindex') out.set(f, sourceFormat(file.name, file.kind));
  });
  return out;
}

/**
 * Where index entry `ref` puts its child relative to the index's folder (`fr/sitemap.xml`), read
 * from the `<loc>` as the index names it: a relative loc as written, an absolute one under the
 * index's own folder (its publish URL when known, else the publish base). Undefined when the loc
 * leaves that folder, carries a query or fragment, or names no file: the child then keeps its
 * own file name.
 *
 * @example childPath({ loc: 'fr/sitemap.xml', … }, undefined, 'https://a.example/') // 'fr/sitemap.xml'
 */
export function childPath(
  ref: ChildRef,
  indexUrl: string | undefined,
  publishBase: string,
): string | undefined {
  let dir: URL;
  let url: URL;
  try {
    dir = new URL('.', indexUrl ?? publishBase);
    url = new URL(ref.loc, dir);
  } catch {
    return undefined;
  }
  if (url.origin !== dir.origin || url.search !== '' || url.hash !== '') return undefined;
  if (!url.pathname.startsWith(dir.pathname)) return undefined;
  const rest = url.pathname.slice(dir.pathname.length);
  if (rest === '' || rest.endsWith('/')) return undefined;
  return rest
    .split('/')
    .map((seg) => {
      try {
        const plain = decodeURIComponent(seg);
        return /[/\\]/.test(plain) ? seg : plain;
      } catch {
        return seg;
      }
    })
    .join('/');
}

/**
 * Export name of an index file: its name, with the last segment of its publish URL when that is
 * known (`sitemap.xml` for an index opened as `sitemap (3).xml` beside same-name children).
 */
function indexFileName(file: Workspace['files'][number]): string {
  const last = publishFileName(file.publishUrl);
  if (last === null) return file.name;
  return last === '' || /[/\\]/.test(last) ? file.name : folderOf(file.name) + last;
}

/** Folder of a planned name, with its trailing slash: `fr/` for `fr/sitemap.xml`, else ''. */
const folderOf = (name: string) => name.slice(0, name.lastIndexOf('/') + 1);

function planChild(
  ws: Workspace,
  f: number,
  options: WorkspaceExportOptions,
  names: Names,
  path: string | undefined,
): ChildPlan {
  const file = ws.files[f];
  const doc = file.document;
  const maxUrls = options.split?.maxUrls ?? Number.POSITIVE_INFINITY;
  const maxBytes = options.split?.maxBytes ?? Number.POSITIVE_INFINITY;
  const runs = options.split ? cut(doc.entries, maxUrls, maxBytes) : [doc.entries];
  const changed = options.changedFiles.has(f);
  // The path its index gives it (`fr/sitemap.xml`), else its own name: its format too, unless
  // another one is chosen (then the index's loc follows the new name).
  const named = path ?? file.name;
  const chosen = options.formats?.get(f);
  const format = chosen ?? sourceFormat(named, file.kind);
  const from =
    chosen !== undefined
      ? { formatFrom: 'chosen' as const }
      : path !== undefined
        ? { formatFrom: 'index' as const }
        : {};
  const { stem } = splitName(named);
  if (runs.length === 1) {
    const same = sourceFormat(named, file.kind) === format;
    const { name, url } = names.take(same ? named : `${stem}.${format}`);
    const renamed = !same && path !== undefined ? { indexPath: path } : {};
    return {
      parts: [
        {
          name,
          url,
          role: 'child',
          format,
          document: doc,
          sourceFile: f,
          changed,
          changes: [],
          ...from,
          ...renamed,
        },
      ],
    };
  }
  const parts = runs.map((entries, k) => {
    const { name, url } = names.take(`${stem}-${k + 1}.${format}`);
    const document: SitemapDocument = { ...doc, entries: entries as Entry[] };
    delete document.source;
    if (k > 0) delete document.rootExtras;
    const changes: ExportChange[] = [
      {
        id: 'resplit',
        count: runs.length,
        text: `part ${k + 1} of ${runs.length} of ${safeExportName(named)} (re-split)`,
        rule: 'OUT-008',
      },
    ];
    return { name, url, role: 'child' as const, format, document, sourceFile: f, changed: true, changes };
  });
  return { parts };
}

function indexDocuments(
  entries: Array<{ loc: string; lastmod?: string }>,
  template: SitemapDocument | undefined,
): SitemapDocument[] {
  const docs: SitemapDocument[] = [];
  for (let at = 0; at === 0 || at < entries.length; at += MAX_INDEX_ENTRIES) {
    const slice = entries.slice(at, at + MAX_INDEX_ENTRIES).map((e, id) => ({ id, ...e }));
    const doc: SitemapDocument = { kind: 'sitemapindex', entries: slice, nextId: slice.length };
    if (template?.stylesheet !== undefined) doc.stylesheet = template.stylesheet;
    docs.push(doc);
  }
  return docs;
}

interface IndexLine {
  loc: string;
  lastmod?: string;
}

function line(loc: string, lastmod: string | undefined): IndexLine {
  return lastmod === undefined ? { loc } : { loc, lastmod };
}

/**
 * Plan the export of a workspace: every loaded child (re-split when `split` limits are given
 * and exceeded, parts named `<base>-1.xml`, `<base>-2.xml`, …), then one regenerated index per
 * index file (several when over 50,000 children, SIZE-003), or a generated one when the
 * workspace had none and there is more than one child. Index entries point at the final
 * absolute URLs under `publishBase`; a changed or re-split child gets lastmod `now`, an
 * unchanged one keeps its old index lastmod, an extra one gets its newest inner lastmod
 * (OUT-008). Missing children keep their entry (made absolute against `publishBase`); a child
 * listed twice is listed once, an entry naming the index itself is dropped. Documents of unchanged, unsplit children are passed through as is.
 *
 * @example
 * planWorkspaceExport(ws, { changedFiles: new Set([1]), now: '2024-06-24T09:30:00Z', publishBase: 'https://a.example/' })
 * // [{ name: 'sitemap-0.xml', role: 'child', … }, { name: 'sitemap.xml', role: 'index', … }]
 */
export function planWorkspaceExport(ws: Workspace, options: WorkspaceExportOptions): PlannedFile[] {
  const names = new Names(new URL('.', options.publishBase).href);
  const indexNames = new Map<number, { name: string; url: string }>();
  for (const i of ws.indexes) indexNames.set(i, names.take(indexFileName(ws.files[i])));
  const generated =
    ws.indexes.length === 0 ? names.take(options.indexName ?? 'sitemap-index.xml') : undefined;
  const children: PlannedFile[] = [];
  const planned = new Map<number, ChildPlan>();
  // Each child goes where the first index naming it says, inside that index's folder.
  const paths = new Map<number, string>();
  for (const ref of ws.children) {
    if (ref.file === null || paths.has(ref.file) || ws.files[ref.file].kind === 'sitemapindex') continue;
    const rel = childPath(ref, ws.files[ref.index].publishUrl, options.publishBase);
    const at = indexNames.get(ref.index);
    if (rel !== undefined && at !== undefined) paths.set(ref.file, folderOf(at.name) + rel);
  }
  /** `post-sitemap.xml now post-sitemap.xml.gz` when a chosen format renamed child `f`. */
  const renamedOf = (f: number): string | undefined => {
    const [part, more] = planOnce(f).parts;
    if (more !== undefined || part.indexPath === undefined) return undefined;
    return `${part.indexPath} now ${part.name}`;
  };
  const planOnce = (f: number) => {
    let plan = planned.get(f);
    if (plan === undefined) {
      plan = planChild(ws, f, options, names, paths.get(f));
      planned.set(f, plan);
      for (const part of plan.parts) children.push(part);
    }
    return plan;
  };
  const partLines = (f: number, kept: string | undefined) =>
    planOnce(f).parts.map((p) =>
      line(
        p.url,
        p.changed
          ? options.now
          : (kept ?? (ws.files[f].role === 'extra' ? newestLastmod(p.document)?.value : undefined)),
      ),
    );
  const extraLines = () =>
    options.includeExtra === false
      ? []
      : ws.extra.filter((f) => ws.files[f].kind !== 'sitemapindex').flatMap((f) => partLines(f, undefined));
  const indexes: PlannedFile[] = [];
  ws.indexes.forEach((i, k) => {
    const tally = emptyTally();
    const lastmods = new Map<number, string | undefined>();
    const lines = indexLines(ws, i, options, indexNames, partLines, renamedOf, tally, lastmods);
    if (k === 0) {
      const extra = extraLines();
      tally.added += extra.length;
      appendAll(lines, extra);
    }
    pushIndex(indexes, names, indexNames.get(i)!, lines, ws.files[i].document, tally, i, lastmods);
  });
  if (generated !== undefined) {
    const lines = extraLines();
    const tally = emptyTally();
    tally.added = lines.length;
    if (lines.length > 1) pushIndex(indexes, names, generated, lines, undefined, tally);
  }
  return [...children, ...indexes];
}

function indexLines(
  ws: Workspace,
  i: number,
  options: WorkspaceExportOptions,
  indexNames: ReadonlyMap<number, { url: string }>,
  partLines: (f: number, kept: string | undefined) => IndexLine[],
  renamedOf: (f: number) => string | undefined,
  tally: IndexTally,
  lastmods: Map<number, string | undefined>,
): IndexLine[] {
  const lines: IndexLine[] = [];
  const listed = new Set<number | string>();
  const entries = ws.files[i].document.entries;
  for (const ref of ws.children) {
    if (ref.index !== i) continue;
    const key: number | string = ref.file ?? ref.url ?? ref.loc;
    if (ref.loc === '' || listed.has(key) || ref.file === i) {
      tally.dropped++;
      continue;
    }
    listed.add(key);
    const entry = entries[ref.entryIndex];
    const kept = entry.lastmod?.trim() || undefined;
    const made =
      ref.file === null
        ? [line(missingUrl(ref, options), kept)]
        : ws.files[ref.file].kind === 'sitemapindex'
          ? [line(indexNames.get(ref.file)!.url, options.now)]
          : partLines(ref.file, kept);
    // The first line takes the entry's place; more (the parts of a re-split child) are added.
    const renamed =
      ref.file !== null && ws.files[ref.file].kind !== 'sitemapindex' ? renamedOf(ref.file) : undefined;
    made.forEach((l, k) => {
      tallyLine(tally, k === 0 ? entry : undefined, l, renamed);
    });
    if (made.length > 0) lastmods.set(entry.id, made[0].lastmod);
    appendAll(lines, made);
  }
  return lines;
}

function missingUrl(ref: ChildRef, options: WorkspaceExportOptions): string {
  if (ref.url !== undefined) return ref.url;
  try {
    return new URL(ref.loc, options.publishBase).href;
  } catch {
    return ref.loc;
  }
}

function pushIndex(
  out: PlannedFile[],
  names: Names,
  target: { name: string; url: string },
  lines: IndexLine[],
  template: SitemapDocument | undefined,
  tally: IndexTally,
  sourceFile?: number,
  lastmods?: ReadonlyMap<number, string | undefined>,
): void {
  // An entry pointing at the index's own final URL would be a loop (IDX-007): drop it.
  const kept = lines.filter((l) => l.loc !== target.url);
  tally.dropped += lines.length - kept.length;
  const docs = indexDocuments(kept, template);
  const format = sourceFormat(target.name, 'sitemapindex');
  const changes = indexChanges(tally, docs.length);
  if (docs.length === 1) {
    // One index for one: it may be written over the file it was opened from (keeping its format).
    const from = sourceFile === undefined ? {} : { sourceFile, ...(lastmods ? { lastmods } : {}) };
    out.push({ ...target, role: 'index', format, document: docs[0], ...from, changed: true, changes });
    return;
  }
  const { stem, ext } = splitName(target.name);
  docs.forEach((document, k) => {
    out.push({
      ...names.take(`${stem}-${k + 1}${ext}`),
      role: 'index',
      format,
      document,
      changed: true,
      changes,
    });
  });
}
