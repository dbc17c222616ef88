import { lazy, Suspense } from 'react';
import type { AppState } from '../../state/types.ts';
import type { WorkspaceState } from '../../state/workspaceStore.ts';
import { useAppState } from '../useAppState.ts';
import { useWorkspace, useWorkspaceStore } from '../workspace/workspaceContext.ts';

const CompareView = lazy(() => import('./CompareView.tsx').then((m) => ({ default: m.CompareView })));
const selHasDoc = (s: AppState) => s.doc !== null;
const selCompare = (s: WorkspaceState) => s.compare;

/**
 * "Compare with…": pick a second sitemap; it comes in through the session's `open(…, 'compare')`
 * and the comparison opens over the editor (loaded on demand).
 */
export function CompareButton() {
  const hasDoc = useAppState(selHasDoc);
  const ws = useWorkspaceStore();
  const file = useWorkspace(selCompare);
  if (!hasDoc) return null;
  return (
    <>
      <label className="btn file-button" title="Compare the open sitemap with another file">
        Compare…
        <input
          type="file"
          aria-label="Compare with sitemap file"
          accept=".xml,.txt,.gz,.xml.gz,text/xml,application/xml,text/plain,application/gzip"
          onChange={(e) => {
            const input = e.currentTarget;
            const f = input.files?.[0];
            if (!f) return;
            void f.arrayBuffer().then((buf) => {
              void ws.commands.open([{ name: f.name, bytes: new Uint8Array(buf) }], 'compare');
              input.value = '';
            });
          }}
        />
      </label>
      {file ? (
        <Suspense fallback={null}>
          <CompareView
            key={`${file.name}:${file.bytes.length}`}
            file={file}
            onClose={() => ws.commands.compareDone()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
