/**
 * The workspace export says why a file counts as changed: the user's edits, or what the export
 * itself rewrites (OUT-008 absolute child locs, new lastmods, normalized formatting, gzip).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { exportWorkspace } from './workspaceExport.ts';
import { createWorkspaceStore } from './workspaceStore.ts';

const real = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../shared/fixtures/real', name));

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => ({ ...parseSitemap(bytes, { fileName: name }), file: bytes })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

async function hugo() {
  const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
  await ws.commands.open([
    { name: 'sitemap.xml', bytes: real('hugo-multilingual-index-relative.xml') },
    { name: 'sitemap.xml', bytes: real('hugo-multilingual-en-hreflang-relative.xml') },
    { name: 'sitemap.xml', bytes: real('hugo-multilingual-fr-hreflang-relative.xml') },
  ]);
  return ws;
}

const why = (f: { changes: Array<{ text: string; rule: string }> }) =>
  f.changes.map((c) => `${c.text} (${c.rule})`);

describe('the workspace export says why a file is changed', () => {
  it('an untouched index with relative child locs: "2 relative child locs written absolute"', async () => {
    const ws = await hugo();
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now: 0 });
    const index = files.find((f) => f.name === 'sitemap.xml')!;
    expect(index.changed).toBe(true);
    expect(index.edited).toBe(false);
    expect(why(index)).toEqual(['2 relative child locs written absolute (OUT-008)']);
    const en = files.find((f) => f.name === 'en/sitemap.xml')!;
    expect([en.changed, en.edited, en.changes]).toEqual([false, false, []]);
  });

  it('an edit: the child says so, its index gets a new lastmod; normalizing and gzip are named', async () => {
    const ws = await hugo();
    // Opened in this order: the index, en, fr.
    const at = 1;
    ws.getState().files[at].store.commands.setCell(0, 'priority', '0.3');
    const files = exportWorkspace(ws.getState(), {
      publishBase: 'https://example.org/',
      now: Date.UTC(2024, 6, 1),
      formats: new Map([[at, 'xml.gz']]),
      keepFormat: false,
    });
    const child = files.find((f) => f.name.startsWith('en/'))!;
    expect([child.name, child.changed, child.edited]).toEqual(['en/sitemap.xml.gz', true, true]);
    expect(why(child)).toContain('written gzipped (OUT-010)');
    const fr = files.find((f) => f.name.startsWith('fr/'))!;
    expect([fr.changed, fr.edited]).toEqual([true, false]);
    expect(why(fr)).toContain('formatting normalized (OUT-005)');
    const index = files.find((f) => f.name === 'sitemap.xml')!;
    expect(why(index)).toEqual([
      '2 relative child locs written absolute (OUT-008)',
      'child loc en/sitemap.xml now en/sitemap.xml.gz (the format chosen for it) (OUT-008)',
      '1 child lastmod set to the export time (OUT-008)',
      'formatting normalized (OUT-005)',
    ]);
  });
});
