import type { Commands } from '../state/types.ts';
import { offerCrawlFile } from './crawl/crawlRequests.ts';
import { isCsvFileName, requestCsvImport } from './habits/csvRequests.ts';
import { notify } from './localNotices.ts';

/** Set by the app (src/ui/workspace) so several files or a .zip can open as one workspace. */
let multiOpener: ((files: readonly File[]) => Promise<void>) | null = null;

/** Route every open through `opener` (the workspace); null restores one-file opening. */
export function setMultiFileOpener(opener: ((files: readonly File[]) => Promise<void>) | null): void {
  multiOpener = opener;
}

/**
 * Read a dropped or chosen file and open it. The editor holds one sitemap at a time: the first
 * file is opened and the others are named in a notice.
 */
export async function openFiles(files: FileList | readonly File[], commands: Commands): Promise<void> {
  const list = Array.from(files);
  const first = list[0];
  if (!first) return;
  // Crawl-audit hook (issue #17): a crawl export dropped on an open sitemap is attached, not opened.
  if (list.length === 1 && (await offerCrawlFile(first))) return;
  if (isCsvFileName(first.name) && requestCsvImport(first)) return;
  if (multiOpener) return multiOpener(list);
  const bytes = new Uint8Array(await first.arrayBuffer());
  await commands.openFile(first.name, bytes);
  if (list.length > 1) {
    const rest = list.slice(1).map((f) => f.name);
    notify(`Opened ${first.name}. One sitemap is edited at a time; not opened: ${rest.join(', ')}.`);
  }
}

/** Fetch the bundled sample sitemap and open it. */
export async function openSample(commands: Commands): Promise<void> {
  const res = await fetch('./samples/sample-sitemap.xml');
  const bytes = new Uint8Array(await res.arrayBuffer());
  await commands.openFile('sample-sitemap.xml', bytes);
}
