import { useMemo } from 'react';
import type { OpenOutcome } from '../state/workspaceStore.ts';
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

/** The openers, bound to the app's session. Reading bytes and fetching the sample is all they add. */
export function useOpen(): Openers {
  const ws = useWorkspaceStore();
  return useMemo(
    () => ({
      async files(files) {
        const list = await Promise.all(
          Array.from(files).map(async (f) => ({
            name: f.webkitRelativePath || f.name,
            bytes: new Uint8Array(await f.arrayBuffer()),
            blob: f,
          })),
        );
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
