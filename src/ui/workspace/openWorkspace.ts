import type { WorkspaceStore } from '../../state/workspaceStore.ts';
import { notify } from '../localNotices.ts';

/**
 * Open dropped or chosen files through the workspace: several files with an index among them,
 * or a .zip, become one workspace; one file joins an open workspace or index; otherwise the
 * single-file behaviour is kept (first file opened, the others named in a notice).
 */
export async function openWithWorkspace(files: readonly File[], ws: WorkspaceStore): Promise<void> {
  const list = await Promise.all(
    files.map(async (f) => ({
      name: f.webkitRelativePath || f.name,
      bytes: new Uint8Array(await f.arrayBuffer()),
    })),
  );
  const out = await ws.commands.open(list);
  if (out.notOpened.length > 0)
    notify(
      `Opened ${list[0].name}. Several files open together as a workspace when one of them is a sitemap index, or as a .zip; not opened: ${out.notOpened.join(', ')}.`,
    );
  for (const r of out.renamed ?? [])
    notify(
      `${r.name} in this workspace has edits that are not exported yet, so it stays as it is; the file you opened was added as ${r.as}.`,
    );
  if (out.skipped.length > 0)
    notify(`Left out of the archive: ${out.skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}.`);
}
