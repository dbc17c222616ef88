import { lazy, Suspense, useState } from 'react';
import type { AppState } from '../../state/types.ts';
import { useAppState } from '../useAppState.ts';

const CompareView = lazy(() => import('./CompareView.tsx').then((m) => ({ default: m.CompareView })));
const selHasDoc = (s: AppState) => s.doc !== null;

/** "Compare with…": pick a second sitemap; the comparison opens over the editor (loaded on demand). */
export function CompareButton() {
  const hasDoc = useAppState(selHasDoc);
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  if (!hasDoc) return null;
  return (
    <>
      <label className="btn file-button" title="Compare the open sitemap with another file">
        Compare with…
        <input
          type="file"
          aria-label="Compare with sitemap file"
          accept=".xml,.txt,.gz,.xml.gz,text/xml,application/xml,text/plain,application/gzip"
          onChange={(e) => {
            const input = e.currentTarget;
            const f = input.files?.[0];
            if (!f) return;
            void f.arrayBuffer().then((buf) => {
              setFile({ name: f.name, bytes: new Uint8Array(buf) });
              input.value = '';
            });
          }}
        />
      </label>
      {file ? (
        <Suspense fallback={null}>
          <CompareView key={`${file.name}:${file.bytes.length}`} file={file} onClose={() => setFile(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
