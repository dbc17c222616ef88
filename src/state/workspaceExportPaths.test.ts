/**
 * A workspace export writes each child where its index says it is (the review's Hugo case):
 * same-name children in folders keep their folders, and an index whose children did not change
 * keeps its entries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import {
  existingInFolder,
  exportWorkspace,
  type FolderHandle,
  separateDelivery,
  suggestedPublishBase,
  writeIntoFolder,
} from './workspaceExport.ts';
import { createWorkspaceStore, settingsSlot } from './workspaceStore.ts';

const real = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../shared/fixtures/real', name));
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => ({ ...parseSitemap(bytes, { fileName: name }), file: bytes })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

const INDEX = real('hugo-multilingual-index-relative.xml');
const EN = real('hugo-multilingual-en-hreflang-relative.xml');
const FR = real('hugo-multilingual-fr-hreflang-relative.xml');

/** The three Hugo files as a browser's file picker gives them: all called sitemap.xml. */
async function hugo(index: Uint8Array = INDEX) {
  const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
  await ws.commands.open([
    { name: 'sitemap.xml', bytes: index },
    { name: 'sitemap.xml', bytes: EN },
    { name: 'sitemap.xml', bytes: FR },
  ]);
  return ws;
}

describe('workspace export keeps each child at the path its index gives it', () => {
  it('relative locs: en/ and fr/ keep their folders, the index points at the same files', async () => {
    const ws = await hugo();
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now: 0 });
    const byName = new Map(files.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
    expect(dec(byName.get('en/sitemap.xml')!.bytes)).toBe(dec(EN));
    expect(dec(byName.get('fr/sitemap.xml')!.bytes)).toBe(dec(FR));
    expect(byName.get('en/sitemap.xml')!.changed).toBe(false);
    // OUT-008: the index never writes relative locations; made absolute, they name the same files.
    const index = dec(byName.get('sitemap.xml')!.bytes);
    expect(index).toBe(
      dec(INDEX)
        .replace('<loc>fr/sitemap.xml</loc>', '<loc>https://example.org/fr/sitemap.xml</loc>')
        .replace('<loc>en/sitemap.xml</loc>', '<loc>https://example.org/en/sitemap.xml</loc>'),
    );
    expect(byName.get('sitemap.xml')!.changed).toBe(true);
  });

  it('absolute locs and no base typed: the proposed base is the index folder, nothing changes', async () => {
    const absolute = new TextEncoder().encode(
      dec(INDEX)
        .replace('<loc>fr/sitemap.xml</loc>', '<loc>https://example.org/fr/sitemap.xml</loc>')
        .replace('<loc>en/sitemap.xml</loc>', '<loc>https://example.org/en/sitemap.xml</loc>'),
    );
    const ws = await hugo(absolute);
    const model = ws.getState().model!;
    const base = suggestedPublishBase(model, '');
    expect(base).toBe('https://example.org/');
    const files = exportWorkspace(ws.getState(), { publishBase: base!, now: 0 });
    const byName = new Map(files.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
    expect(dec(byName.get('sitemap.xml')!.bytes)).toBe(dec(absolute));
    expect(dec(byName.get('fr/sitemap.xml')!.bytes)).toBe(dec(FR));
    expect(files.map((f) => f.changed)).toEqual([false, false, false]);
  });
});

describe('the export says which files differ from the input (review: astro)', () => {
  it('an untouched index and child are not "changed"; an edited child and its index are', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'sitemap-index.xml', bytes: real('astro-taiwanmd-sitemap-index.xml') },
      { name: 'sitemap-0.xml', bytes: real('astro-taiwanmd-sitemap-0-percent-encoded-cjk.xml') },
    ]);
    const req = { publishBase: 'https://taiwan.md/', now: Date.UTC(2024, 5, 24) };
    const untouched = exportWorkspace(ws.getState(), req);
    expect(untouched.map((f) => [f.name, f.changed])).toEqual([
      ['sitemap-0.xml', false],
      ['sitemap-index.xml', false],
    ]);
    expect(dec(untouched[1].bytes)).toBe(dec(real('astro-taiwanmd-sitemap-index.xml')));
    ws.getState().files[1].store.commands.setCell(0, 'priority', '0.3');
    const edited = exportWorkspace(ws.getState(), req);
    expect(edited.map((f) => [f.name, f.changed])).toEqual([
      ['sitemap-0.xml', true],
      ['sitemap-index.xml', true],
    ]);
  });
});

describe("the workspace's publish URL is its index's (settingsSlot)", () => {
  it('children opened first: the index file publish URL is the model and export base', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'sitemap.xml', bytes: EN },
      { name: 'sitemap.xml', bytes: FR },
      { name: 'sitemap.xml', bytes: INDEX },
    ]);
    const files = ws.getState().files;
    files[0].store.commands.setSettings({ publishUrl: 'https://example.org/en/sitemap.xml' });
    files[2].store.commands.setSettings({ publishUrl: 'https://example.org/sitemap.xml' });
    await new Promise((r) => setTimeout(r, 0));
    const model = ws.getState().model!;
    expect(model.indexes).toEqual([2]);
    expect(model.files[2].publishUrl).toBe('https://example.org/sitemap.xml');
    const settings = settingsSlot(ws.getState().files)!.store.getState().settings.publishUrl;
    expect(suggestedPublishBase(model, settings)).toBe('https://example.org/');
    const names = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now: 0 }).map(
      (f) => f.name,
    );
    expect(names.sort()).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
  });
});

describe('a gzipped child its index names uncompressed (review b19: Yoast, post-sitemap.xml.gz)', () => {
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const site = 'https://www.example-blog.com';
  const enc = (s: string) => new TextEncoder().encode(s);
  const indexXml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n\t<sitemap>\n\t\t<loc>${site}/post-sitemap.xml</loc>\n\t\t<lastmod>2024-05-01T10:00:00+00:00</lastmod>\n\t</sitemap>\n\t<sitemap>\n\t\t<loc>${site}/page-sitemap.xml</loc>\n\t\t<lastmod>2024-03-01T08:00:00+00:00</lastmod>\n\t</sitemap>\n</sitemapindex>\n`;
  const postXml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n\t<url>\n\t\t<loc>${site}/hello-world/</loc>\n\t</url>\n</urlset>\n`;
  const pageXml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n\t<url>\n\t\t<loc>${site}/about/</loc>\n\t</url>\n</urlset>\n`;
  const dropped = async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([
      { name: 'sitemap_index.xml.gz', bytes: gzipSync(enc(indexXml)) },
      { name: 'post-sitemap.xml.gz', bytes: gzipSync(enc(postXml)) },
      { name: 'page-sitemap.xml', bytes: enc(pageXml) },
    ]);
    return ws;
  };
  const req = { publishBase: `${site}/`, now: Date.UTC(2024, 5, 24) };

  it('untouched: the child is written at the path its index names, and the index keeps its locs', async () => {
    const ws = await dropped();
    const files = exportWorkspace(ws.getState(), req);
    const byName = new Map(files.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual([
      'page-sitemap.xml',
      'post-sitemap.xml',
      'sitemap_index.xml.gz',
    ]);
    const post = byName.get('post-sitemap.xml')!;
    expect(post.format).toBe('xml');
    expect(dec(post.bytes)).toBe(postXml);
    // It differs from the .gz dropped, and says why in plain words.
    expect(post.changes.map((c) => c.text)).toEqual([
      'written uncompressed, as its index names it (post-sitemap.xml)',
    ]);
    const index = byName.get('sitemap_index.xml.gz')!;
    expect(dec(gunzipSync(index.bytes))).toBe(indexXml);
    expect(index.changed).toBe(false);
  });

  it('gzipped as chosen in the dialog: the index loc follows, and its changes say so plainly', async () => {
    const ws = await dropped();
    const post = ws.getState().files.findIndex((f) => f.name === 'post-sitemap.xml.gz');
    const files = exportWorkspace(ws.getState(), { ...req, formats: new Map([[post, 'xml.gz' as const]]) });
    const byName = new Map(files.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual([
      'page-sitemap.xml',
      'post-sitemap.xml.gz',
      'sitemap_index.xml.gz',
    ]);
    expect(byName.get('post-sitemap.xml.gz')!.changed).toBe(false);
    const index = byName.get('sitemap_index.xml.gz')!;
    expect(dec(gunzipSync(index.bytes))).toBe(
      indexXml.replace(`${site}/post-sitemap.xml<`, `${site}/post-sitemap.xml.gz<`),
    );
    expect(index.changes.map((c) => [c.text, c.rule])).toEqual([
      ['child loc post-sitemap.xml now post-sitemap.xml.gz (the format chosen for it)', 'OUT-008'],
    ]);
  });
});

/** A folder the user picked, in memory: written files by path. */
function memoryFolder(written: Map<string, Uint8Array>, at = ''): FolderHandle {
  return {
    getDirectoryHandle: async (name, { create }) => {
      const dir = `${at}${name}/`;
      if (!create && ![...written.keys()].some((k) => k.startsWith(dir))) throw new Error('NotFoundError');
      return memoryFolder(written, dir);
    },
    getFileHandle: async (name, { create }) => {
      if (!create && !written.has(`${at}${name}`)) throw new Error('NotFoundError');
      return {
        createWritable: async () => {
          const parts: Uint8Array[] = [];
          return {
            write: async (data: Uint8Array) => void parts.push(data),
            close: async () => void written.set(`${at}${name}`, parts[0]),
          };
        },
      };
    },
  };
}

describe('a workspace export saved as separate files', () => {
  it('into a picked folder: each file at its path, folders made, bytes as the zip would hold', async () => {
    const ws = await hugo();
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now: 0 });
    expect(separateDelivery(files, true)).toEqual({ via: 'folder' });
    const written = new Map<string, Uint8Array>();
    expect((await writeIntoFolder(memoryFolder(written), files)).sort()).toEqual([
      'en/sitemap.xml',
      'fr/sitemap.xml',
      'sitemap.xml',
    ]);
    for (const f of files) expect(written.get(f.name)).toEqual(f.bytes);
    expect(dec(written.get('fr/sitemap.xml')!)).toBe(dec(FR));
  });

  it('names the files a picked folder already holds, which saving would replace', async () => {
    const written = new Map<string, Uint8Array>([
      ['sitemap.xml', new Uint8Array([9])],
      ['fr/sitemap.xml', new Uint8Array([9])],
      ['notes.txt', new Uint8Array([9])],
    ]);
    const bytes = new Uint8Array([1]);
    const files = [
      { name: 'sitemap.xml', bytes },
      { name: 'en/sitemap.xml', bytes },
      { name: 'fr/sitemap.xml', bytes },
    ];
    expect(await existingInFolder(memoryFolder(written), files)).toEqual(['sitemap.xml', 'fr/sitemap.xml']);
    expect(await existingInFolder(memoryFolder(new Map()), files)).toEqual([]);
    // Looking writes nothing.
    expect([...written.keys()]).toEqual(['sitemap.xml', 'fr/sitemap.xml', 'notes.txt']);
  });

  it('names are made safe as the zip members are: nothing leaves the folder', async () => {
    const written = new Map<string, Uint8Array>();
    const bytes = new Uint8Array([1]);
    const names = await writeIntoFolder(memoryFolder(written), [
      { name: '../../etc/x.xml', bytes },
      { name: 'C:\\win\\con.xml', bytes },
    ]);
    expect(names).toEqual(['etc/x.xml', 'win/_con.xml']);
    expect([...written.keys()]).toEqual(names);
  });

  it('without a folder picker: one download per file, unless files sit in folders (then the .zip, and why)', async () => {
    const ws = await hugo();
    const files = exportWorkspace(ws.getState(), { publishBase: 'https://example.org/', now: 0 });
    const zip = separateDelivery(files, false);
    expect(zip.via).toBe('zip');
    expect(zip.via === 'zip' && zip.why).toMatch(/folders \((en|fr)\/, (en|fr)\/\).*the \.zip keeps them/);
    expect(separateDelivery([{ name: 'sitemap.xml' }, { name: 'post-sitemap.xml.gz' }], false)).toEqual({
      via: 'downloads',
    });
  });
});
