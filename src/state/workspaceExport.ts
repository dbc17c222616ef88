/**
 * Workspace export (issue 7, OUT-008): plan with core `planWorkspaceExport`, serialize each
 * planned document, and bundle everything into one .zip. Runs on the main thread (a workspace
 * of a few hundred thousand URLs takes well under a second per 100,000 URLs).
 */
import { sameBytes } from '../core/arrays.ts';
import { plural } from '../core/format.ts';
import { gzipBytes } from '../core/gzip.ts';
import { KeepFormatUnavailable, keepFormat } from '../core/keep/keepFormat.ts';
import type { Entry } from '../core/model.ts';
import { idIndexOf } from '../core/patch.ts';
import { type ExportChange, exportChanges } from '../core/serialize/exportChanges.ts';
import { serializeSitemap } from '../core/serialize.ts';
import {
  type ChildFormat,
  defaultChildFormats,
  type PlannedFile,
  planWorkspaceExport,
  safeExportName,
  sourceFormat,
} from '../core/workspace/exportPlan.ts';
import type { Workspace } from '../core/workspace.ts';
import { zipFiles } from '../core/zip.ts';
import type { AppStore } from './types.ts';
import type { WorkspaceState } from './workspaceStore.ts';

/** What the user chose in the export dialog. */
export interface WorkspaceExportRequest {
  /** Directory URL (or any file URL in it) where the files will be published. */
  publishBase: string;
  /** Output format per workspace file position; others keep the format of their name. */
  formats?: ReadonlyMap<number, ChildFormat>;
  /** Re-split children above this many URLs (e.g. 1,000); undefined = keep files whole. */
  maxUrls?: number;
  /** Export time in ms since epoch (the lastmod of changed children). */
  now: number;
  /** Also export the files no index names and list them in the index. Default true. */
  includeExtra?: boolean;
  /**
   * Write each file over the one it was opened from, keeping its formatting where it can (the
   * single-file export's *Keep the file's formatting*). Default true; false normalizes all.
   */
  keepFormat?: boolean;
}

/** One file of the export, serialized. */
export interface ExportedFile {
  name: string;
  role: PlannedFile['role'];
  format: ChildFormat;
  /** Bytes as written into the zip (gzipped for `.gz` formats). */
  bytes: Uint8Array;
  /** Entries: URLs of a child, `<sitemap>` entries of an index. */
  entries: number;
  /** Size before gzip, in bytes. */
  uncompressedBytes: number;
  /**
   * The bytes differ from the file it was opened from (the plan's `changed` when that file's
   * bytes are unknown): an untouched child or an index whose entries stayed the same is not.
   */
  changed: boolean;
  /** The user edited the file it comes from (it has undo steps or unexported edits). */
  edited: boolean;
  /**
   * Why a `changed` file differs beyond the user's edits (empty when it is not changed): what the
   * plan rewrites (OUT-008: an index's relative child locs written absolute, new lastmods, …),
   * another compression (OUT-010), formatting normalized (OUT-005) and what that rewrites.
   */
  changes: ExportChange[];
  /** Written over the file it was opened from, keeping its formatting (else normalized). */
  kept: boolean;
  /** Workspace file it comes from (see core `PlannedFile.sourceFile`). */
  sourceFile?: number;
  /** A regenerated index: the lastmod written for each entry of its file, by id (`PlannedFile.lastmods`). */
  lastmods?: ReadonlyMap<number, string | undefined>;
}

/** W3C datetime with seconds, UTC: `2024-06-24T09:30:00Z`. */
export function w3cNow(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Positions of the files whose store has undo steps that change entries or is `dirty` ("changed"
 * for OUT-008; a settings step alone changes no file).
 *
 * @example changedFiles(ws.getState()) // Set { 1 }
 */
export function changedFiles(state: WorkspaceState): Set<number> {
  const out = new Set<number>();
  state.files.forEach((slot, k) => {
    const s = slot.store.getState();
    if (s.dirty || s.history.editsEntries) out.add(k);
  });
  return out;
}

/**
 * The publish base to propose: the folder of the index's publish URL (`settingsUrl`, the first
 * index file's setting, else what the model knows of the first index), else the folder holding
 * every loaded child the first index names by absolute URL (an index at the root listing `en/…`
 * and `fr/…` is proposed at the root); undefined when none is known.
 *
 * @example suggestedPublishBase(model, '') // 'https://example.org/' for children /en/sitemap.xml, /fr/sitemap.xml
 */
export function suggestedPublishBase(model: Workspace, settingsUrl: string): string | undefined {
  const candidates = [settingsUrl.trim(), ...model.indexes.map((i) => model.files[i].publishUrl ?? '')];
  for (const c of candidates) {
    if (c === '') continue;
    try {
      return new URL('.', c).href;
    } catch {
      // not an absolute URL: try the next one
    }
  }
  const first = model.indexes[0];
  let common: URL | undefined;
  for (const ref of model.children) {
    if (ref.file === null || ref.url === undefined || (first !== undefined && ref.index !== first)) continue;
    let dir: URL;
    try {
      dir = new URL('.', ref.url);
    } catch {
      continue;
    }
    if (common === undefined) common = dir;
    else if (dir.origin !== common.origin) continue;
    else while (!dir.pathname.startsWith(common.pathname)) common = new URL('..', common);
  }
  return common?.href;
}

/**
 * A file written over the one it was opened from, keeping that file's formatting (an untouched
 * .gz: its very bytes); null when it cannot (another format, edits that cannot be written in
 * place). Each part of a re-split child is its file minus the entries of the other parts. A
 * regenerated index is written over its file when it lists as many children as the file did:
 * its entries are the file's, in order, with only their new URLs and lastmods changed (the
 * rewrite is verified to read back as the regenerated index, or the index is normalized).
 */
function keptChild(
  p: PlannedFile,
  state: WorkspaceState,
  plain: string,
): { raw: Uint8Array; gz?: Uint8Array; dropped: ExportChange[] } | null {
  if (p.sourceFile === undefined) return null;
  const src = state.files[p.sourceFile]?.store.keepSource?.() ?? null;
  if (!src || plain !== (src.kind === 'text' ? 'txt' : 'xml')) return null;
  if (p.role === 'index' && p.document.entries.length !== src.entries.length) return null;
  try {
    const out = keepFormat(p.document, src);
    const { dropped } = out;
    return out.identical && src.gzip ? { raw: out.body, gz: src.file, dropped } : { raw: out.body, dropped };
  } catch (e) {
    if (e instanceof KeepFormatUnavailable) return null;
    throw e;
  }
}

/**
 * Why `p`, written as `bytes`, differs from its file: `kept` holds what a write in its file's own
 * formatting left out before the root (null: normalized).
 */
function whyChanged(
  p: PlannedFile,
  state: WorkspaceState,
  kept: readonly ExportChange[] | null,
  plain: string,
): ExportChange[] {
  const out = [...p.changes, ...(kept ?? [])];
  const file = p.sourceFile === undefined ? undefined : state.model?.files[p.sourceFile];
  if (file === undefined) return out;
  const was = sourceFormat(file.name, file.kind).endsWith('.gz');
  const gz = p.format.endsWith('.gz');
  // Not as it was opened, but as its index names it (`post-sitemap.xml` for a `.gz` dropped).
  const named =
    p.formatFrom === 'index' ? `, as its index names it (${p.name.slice(p.name.lastIndexOf('/') + 1)})` : '';
  if (gz !== was)
    out.push({
      id: 'gzip',
      count: 1,
      text: `${gz ? 'written gzipped' : 'written uncompressed'}${named}`,
      rule: 'OUT-010',
    });
  if (kept === null) {
    out.push({ id: 'normalized', count: 1, text: 'formatting normalized', rule: 'OUT-005' });
    for (const c of exportChanges(p.document, [], { format: plain as ChildFormat })) out.push(c);
  }
  return out;
}

function serializePlanned(p: PlannedFile, state: WorkspaceState, keep: boolean): ExportedFile {
  const plain = p.format === 'xml.gz' ? 'xml' : p.format === 'txt.gz' ? 'txt' : p.format;
  const src = p.sourceFile === undefined ? null : (state.files[p.sourceFile]?.store.keepSource?.() ?? null);
  const kept = keep ? keptChild(p, state, plain) : null;
  const raw = kept?.raw ?? new TextEncoder().encode(serializeSitemap(p.document, { format: plain }));
  const base = p.name.slice(p.name.lastIndexOf('/') + 1).replace(/\.gz$/i, '');
  const bytes = plain === p.format ? raw : (kept?.gz ?? gzipBytes(raw, { filename: base }));
  // What the download changes: its bytes against the file as opened, when that is known.
  const changed = src === null ? p.changed : bytes.length !== src.file.length || !sameBytes(bytes, src.file);
  const edited = p.sourceFile !== undefined && changedFiles(state).has(p.sourceFile);
  return {
    name: p.name,
    role: p.role,
    format: p.format,
    bytes,
    entries: p.document.entries.length,
    uncompressedBytes: raw.length,
    changed,
    edited: changed && edited,
    changes: changed ? whyChanged(p, state, kept?.dropped ?? null, plain) : [],
    kept: kept !== null,
    ...(p.sourceFile !== undefined ? { sourceFile: p.sourceFile } : {}),
    ...(p.lastmods ? { lastmods: p.lastmods } : {}),
  };
}

/**
 * After an export: each open index takes the lastmods its regenerated file was written with (a
 * child edited since it was opened gets the export time, OUT-008), so the editor and the exported
 * file do not silently disagree. One undo step in each index that changes (command → patch →
 * store → history), said in a notice with its Undo; when the index is not the file shown, the
 * file shown (`shown`) says it too. Returns the lastmods set. Call it with the files actually
 * written, before the files are marked exported (the index is then as exported).
 *
 * @example followExportedIndexes(ws.getState(), files, ws.activeStore()) // 1
 */
export function followExportedIndexes(
  state: WorkspaceState,
  files: readonly ExportedFile[],
  shown?: AppStore,
): number {
  let set = 0;
  for (const f of files) {
    if (f.role !== 'index' || f.sourceFile === undefined || f.lastmods === undefined) continue;
    const slot = state.files[f.sourceFile];
    const doc = slot?.store.getState().doc;
    if (!slot || doc?.kind !== 'sitemapindex') continue;
    const at = idIndexOf(doc.entries);
    const next: Entry[] = [];
    for (const [id, lastmod] of f.lastmods) {
      const i = id >= 0 && id < at.length ? at[id] : -1;
      const e = i >= 0 ? doc.entries[i] : undefined;
      if (!e || (e.lastmod ?? '') === (lastmod ?? '')) continue;
      const after: Entry = { ...e };
      if (lastmod === undefined) delete after.lastmod;
      else after.lastmod = lastmod;
      next.push(after);
    }
    if (next.length === 0) continue;
    const what = plural(next.length, 'child lastmod');
    const notice = `Set ${what} in ${slot.name} as exported, so the open index matches the file written (a child edited since it was opened gets the export time).`;
    const n = slot.store.commands.replaceEntries(next, `Set ${what} as exported`, notice);
    if (n > 0 && shown && shown !== slot.store)
      shown.commands.notify('info', `${notice.slice(0, -1)}; Undo in ${slot.name} takes it back.`);
    set += n;
  }
  return set;
}

/**
 * The format each child of `state`'s workspace is written in before one is chosen (by file
 * position): the one the path its index names it by suggests, else its own name's (core
 * `defaultChildFormats`). Empty without a workspace.
 *
 * @example childFormats(state, 'https://a.example/').get(1) // 'xml' for a post-sitemap.xml.gz its index names post-sitemap.xml
 */
export function childFormats(state: WorkspaceState, publishBase: string): Map<number, ChildFormat> {
  return state.model === null ? new Map() : defaultChildFormats(state.model, publishBase);
}

/**
 * Plan and serialize a workspace export: children (re-split when `maxUrls` is given), then the
 * regenerated index(es) with absolute URLs under `publishBase` and lastmod `now` for changed
 * children; each kept in its file's own formatting where it can unless `keepFormat` is false.
 * Throws only on an unusable `publishBase` (not an absolute URL).
 *
 * @example
 * const files = exportWorkspace(state, { publishBase: 'https://a.example/', now: Date.now() });
 * download(new Blob([zipExport(files)]), 'sitemaps.zip');
 */
export function exportWorkspace(state: WorkspaceState, req: WorkspaceExportRequest): ExportedFile[] {
  const model = state.model;
  if (model === null) return [];
  const plan = planWorkspaceExport(model, {
    changedFiles: changedFiles(state),
    now: w3cNow(req.now),
    publishBase: req.publishBase,
    ...(req.maxUrls !== undefined ? { split: { maxUrls: req.maxUrls } } : {}),
    ...(req.formats !== undefined ? { formats: req.formats } : {}),
    ...(req.includeExtra === false ? { includeExtra: false } : {}),
  });
  return plan.map((p) => serializePlanned(p, state, req.keepFormat !== false));
}

/**
 * Bundle exported files into one ZIP (fixed timestamps: same input, same bytes).
 *
 * @example zipExport(files).length // bytes of sitemaps.zip
 */
export function zipExport(files: readonly ExportedFile[]): Uint8Array {
  return zipFiles(files);
}

/**
 * How separate files can be saved: `folder`, each written into a folder the user picks (the File
 * System Access API's `showDirectoryPicker`, folders such as `fr/` made inside it); `downloads`,
 * one ordinary download per file (a browser keeps no folders there, so only when no name has
 * one); `zip`, neither: the .zip keeps the folders, `why` says so.
 */
export type SeparateDelivery = { via: 'folder' } | { via: 'downloads' } | { via: 'zip'; why: string };

/**
 * How `files` can be saved separately (see {@link SeparateDelivery}) where a folder can be picked
 * or not.
 *
 * @example separateDelivery([{ name: 'fr/sitemap.xml' }], false) // { via: 'zip', why: '…' }
 */
export function separateDelivery(
  files: ReadonlyArray<{ name: string }>,
  canPickFolder: boolean,
): SeparateDelivery {
  if (canPickFolder) return { via: 'folder' };
  const foldered = files.filter((f) => f.name.includes('/'));
  if (foldered.length === 0) return { via: 'downloads' };
  const folders = [...new Set(foldered.map((f) => f.name.slice(0, f.name.lastIndexOf('/') + 1)))];
  const shown = folders.length > 3 ? `${folders.slice(0, 3).join(', ')} …` : folders.join(', ');
  return {
    via: 'zip',
    why: `Some files sit in folders (${shown}), and this browser can only download files one by one without their folders, which would break the index's links: the .zip keeps them.`,
  };
}

/** The part of a File System Access folder handle the export writes through. */
export interface FolderHandle {
  getDirectoryHandle(name: string, opts: { create: boolean }): Promise<FolderHandle>;
  getFileHandle(
    name: string,
    opts: { create: boolean },
  ): Promise<{
    createWritable(): Promise<{ write(data: Uint8Array): Promise<void>; close(): Promise<void> }>;
  }>;
}

/**
 * The names (made safe as {@link writeIntoFolder} writes them) that already exist as files in
 * `dir`: writing the export there would replace them, so the user is asked first.
 *
 * @example await existingInFolder(dir, files) // ['sitemap.xml']
 */
export async function existingInFolder(
  dir: FolderHandle,
  files: ReadonlyArray<{ name: string }>,
): Promise<string[]> {
  const found: string[] = [];
  for (const f of files) {
    const name = safeExportName(f.name);
    const parts = name.split('/');
    try {
      let at = dir;
      for (const folder of parts.slice(0, -1)) at = await at.getDirectoryHandle(folder, { create: false });
      await at.getFileHandle(parts[parts.length - 1], { create: false });
      found.push(name);
    } catch {
      // Not there (NotFoundError), or not a file: nothing of the user's is replaced by this name.
    }
  }
  return found;
}

/**
 * Write each exported file into `dir` (a folder the user picked), at its name made safe as the
 * zip's members are (`safeExportName`: never a path that leaves the folder), creating folders
 * such as `fr/` inside it; an existing file of that name is overwritten. Returns the names written.
 *
 * @example await writeIntoFolder(await showDirectoryPicker({ mode: 'readwrite' }), files) // ['sitemap.xml', 'fr/sitemap.xml']
 */
export async function writeIntoFolder(
  dir: FolderHandle,
  files: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
): Promise<string[]> {
  const written: string[] = [];
  for (const f of files) {
    const name = safeExportName(f.name);
    const parts = name.split('/');
    let at = dir;
    for (const folder of parts.slice(0, -1)) at = await at.getDirectoryHandle(folder, { create: true });
    const file = await at.getFileHandle(parts[parts.length - 1], { create: true });
    const out = await file.createWritable();
    await out.write(f.bytes);
    await out.close();
    written.push(name);
  }
  return written;
}
