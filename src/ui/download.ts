import { fileStem } from '../state/fileNames.ts';

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
