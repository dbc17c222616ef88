import { useMemo } from 'react';
import { type FileBytes, mayBeCrawl, type OpenOutcome } from '../state/workspaceStore.ts';
import { useWorkspaceStore } from './workspace/workspaceContext.ts';

/** Every way the UI brings content in; each one calls the session's one `open` command. */
export interface Openers {
  /** Dropped or chosen files (several at once, zips, CSVs). */
  files(files: FileList | readonly File[]): Promise<OpenOutcome>;
  /** The bundled sample sitemap. */
  sample(): Promise<OpenOutcome>;
  /** Pasted XML, text sitemap or URL list. */
  text(text: string, name?: string): Promise<OpenOutcome>;
  /** A new blank sitemap. */
  blank(): Promise<OpenOutcome>;
}

/** Files from this size on that may be CSV are read in full only once `open` needs it. */
const PARTIAL_FROM = 16 * 2 ** 20;
/** Bytes read first of such a file (what recognises a crawl export). */
const HEAD_BYTES = 64 * 1024;

/**
 * A picked or dropped file as an open input. A big file that may be a crawl export gets only its
 * first 64 KB read (`partial`): a 300 MB crawl CSV then goes to its worker reader as the File,
 * never copied into the page (`open` reads the rest when it is anything else).
 */
async function readInput(f: File): Promise<FileBytes> {
  const name = f.webkitRelativePath || f.name;
  if (f.size >= PARTIAL_FROM) {
    const head = new Uint8Array(await f.slice(0, HEAD_BYTES).arrayBuffer());
    const input: FileBytes = { name, bytes: head, blob: f, partial: true };
    if (mayBeCrawl(input)) return input;
  }
  return { name, bytes: new Uint8Array(await f.arrayBuffer()), blob: f };
}

/** The openers, bound to the app's session. Reading bytes and fetching the sample is all they add. */
export function useOpen(): Openers {
  const ws = useWorkspaceStore();
  return useMemo(
    () => ({
      async files(files) {
        const list = await Promise.all(Array.from(files).map(readInput));
        return ws.commands.open(list);
      },
      async sample() {
        const res = await fetch('./samples/sample-sitemap.xml');
        const bytes = new Uint8Array(await res.arrayBuffer());
        return ws.commands.open([{ name: 'sample-sitemap.xml', bytes }]);
      },
      text: (text, name = 'pasted-sitemap') => ws.commands.open([{ name, text }]),
      blank: () => ws.commands.open([{ blank: 'urlset' }]),
    }),
    [ws],
  );
}
