import { fileStem } from '../state/fileNames.ts';
import type { FolderHandle } from '../state/workspaceExport.ts';

/** Save bytes through the browser's normal download (an object URL on a temporary link). */
export function downloadBytes(name: string, mime: string, bytes: Uint8Array): void {
  downloadBlob(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }));
}

/** Save a Blob (e.g. one built from string chunks) through the browser's normal download. */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: the download starts asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name without sitemap extensions: "shop-sitemap.xml.gz" → "shop-sitemap". */
export function baseName(fileName: string | null): string {
  if (!fileName) return 'sitemap';
  const stripped = fileStem(fileName);
  return stripped || 'sitemap';
}

/** The MIME type of an exported sitemap file by its name. */
export function sitemapMime(name: string): string {
  if (/\.gz$/i.test(name)) return 'application/gzip';
  if (/\.txt$/i.test(name)) return 'text/plain';
  if (/\.zip$/i.test(name)) return 'application/zip';
  return 'application/xml';
}

/** Pause between downloads: a browser drops some of many started in one task. */
const DOWNLOAD_GAP_MS = 250;

/**
 * One ordinary download per file, a short pause apart (the browser may ask once whether the page
 * may download several files). Names keep only their last segment: downloads have no folders.
 */
export async function downloadEach(files: ReadonlyArray<{ name: string; bytes: Uint8Array }>): Promise<void> {
  for (const [k, f] of files.entries()) {
    if (k > 0) await new Promise((r) => setTimeout(r, DOWNLOAD_GAP_MS));
    const name = f.name.slice(f.name.lastIndexOf('/') + 1);
    downloadBytes(name, sitemapMime(name), f.bytes);
  }
}

type DirectoryPicker = (opts: { mode: 'readwrite'; id?: string }) => Promise<FolderHandle>;

/** Whether this browser can write into a folder the user picks (File System Access API). */
export function canPickFolder(): boolean {
  return typeof (window as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';
}

/** Ask the user for a folder to write into; null when they cancel. */
export async function pickFolder(): Promise<FolderHandle | null> {
  const pick = (window as unknown as { showDirectoryPicker: DirectoryPicker }).showDirectoryPicker;
  try {
    return await pick({ mode: 'readwrite', id: 'sitemap-export' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return null;
    throw e;
  }
}
