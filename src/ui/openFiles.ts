import type { Commands } from '../state/types.ts';

/** Read a dropped or chosen file and open it. Only the first file is opened; the rest are reported. */
export async function openFiles(files: FileList | readonly File[], commands: Commands): Promise<number> {
  const list = Array.from(files);
  const first = list[0];
  if (!first) return 0;
  const bytes = new Uint8Array(await first.arrayBuffer());
  await commands.openFile(first.name, bytes);
  return list.length - 1;
}

/** Fetch the bundled sample sitemap and open it. */
export async function openSample(commands: Commands): Promise<void> {
  const res = await fetch('./samples/sample-sitemap.xml');
  const bytes = new Uint8Array(await res.arrayBuffer());
  await commands.openFile('sample-sitemap.xml', bytes);
}
