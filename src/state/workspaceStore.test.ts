import { readFileSync } from 'node:fs';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { readZipFiles } from '../core/workspace/zipInput.ts';
import { zipFiles } from '../core/zip.ts';
import { groupTitle } from './rules.ts';
import { createAppStore } from './store.ts';
import { fakeClient, realTimers } from './testing.ts';
import { exportWorkspace, suggestedPublishBase, zipExport } from './workspaceExport.ts';
import { createWorkspaceStore, type FileBytes, freeName, kindOf } from './workspaceStore.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

function workspace() {
  return createWorkspaceStore({ primary: newStore(), createStore: newStore });
}

function indexXml(...locs: string[]): string {
  const items = locs.map((l) => `<sitemap><loc>${l}</loc><lastmod>2024-01-01</lastmod></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`;
}

function urlsetXml(...locs: string[]): string {
  const items = locs.map((l) => `<url><loc>${l}</loc><lastmod>2024-01-01</lastmod></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</urlset>`;
}

const INDEX: FileBytes = {
  name: 'sitemap.xml',
  bytes: enc(
    indexXml('https://a.example/posts.xml', 'https://a.example/pages.xml', 'https://a.example/tags.xml'),
  ),
};
const POSTS: FileBytes = {
  name: 'posts.xml',
  bytes: enc(urlsetXml('https://a.example/p1', 'https://a.example/p2', 'https://a.example/p3')),
};
const PAGES: FileBytes = { name: 'pages.xml', bytes: enc(urlsetXml('https://a.example/about')) };
const OTHER: FileBytes = { name: 'other.xml', bytes: enc(urlsetXml('https://a.example/x')) };

const locsOf = (store: { getState(): { doc: { entries: Array<{ loc: string }> } | null } }) =>
  store.getState().doc?.entries.map((e) => e.loc) ?? [];

describe('WorkspaceStore: same-name children (Hugo en/sitemap.xml, fr/sitemap.xml)', () => {
  const real = (f: string) =>
    new Uint8Array(readFileSync(`${import.meta.dirname}/../../../shared/fixtures/real/${f}`));
  const HUGO = {
    index: real('hugo-multilingual-index-relative.xml'),
    fr: real('hugo-multilingual-fr-hreflang-relative.xml'),
    en: real('hugo-multilingual-en-hreflang-relative.xml'),
  };
  const picked = (...order: Array<keyof typeof HUGO>) =>
    order.map((k) => ({ name: 'sitemap.xml', bytes: HUGO[k] }));
  const matches = (ws: ReturnType<typeof workspace>) => {
    const { model, files } = ws.getState();
    return model!.children.map((c) => [
      c.loc,
      c.file === null ? null : files[c.file].store.getState().doc!.entries.length,
    ]);
  };

  it('matches each child picked at once to its index entry, in any order', async () => {
    for (const order of [
      picked('index', 'fr', 'en'),
      picked('fr', 'index', 'en'),
      picked('en', 'fr', 'index'),
    ]) {
      const ws = workspace();
      await ws.commands.open(order);
      expect(ws.getState().files.map((f) => f.name)).toEqual([
        'sitemap.xml',
        'sitemap (2).xml',
        'sitemap (3).xml',
      ]);
      // fr/sitemap.xml has 8 URLs, en/sitemap.xml 13.
      expect(matches(ws)).toEqual([
        ['fr/sitemap.xml', 8],
        ['en/sitemap.xml', 13],
      ]);
      expect(ws.getState().model!.extra).toEqual([]);
    }
  });

  it('lets the user say which file an undecided entry is', async () => {
    const ws = workspace();
    const de = indexXml('de/sitemap.xml', 'fr/sitemap.xml', 'en/sitemap.xml');
    await ws.commands.open([{ name: 'sitemap.xml', bytes: enc(de) }, ...picked('fr', 'en')]);
    const { model, files } = ws.getState();
    expect(model!.children.map((c) => c.candidates?.map((f) => files[f].name))).toEqual([
      ['sitemap (3).xml'],
      undefined,
      ['sitemap (3).xml'],
    ]);
    ws.commands.chooseChild(files[2].id, 'en/sitemap.xml');
    expect(matches(ws)).toEqual([
      ['de/sitemap.xml', null],
      ['fr/sitemap.xml', 8],
      ['en/sitemap.xml', 13],
    ]);
    expect(ws.getState().model!.children[2].match).toBe('chosen');
    expect(ws.getState().files[2].chosenFor).toBe('en/sitemap.xml');
  });
});

describe('WorkspaceStore: opening', () => {
  it('builds one workspace from an index, its children and an extra file; the index is active', async () => {
    const ws = workspace();
    const out = await ws.commands.open([POSTS, INDEX, PAGES, OTHER]);
    expect(out.mode).toBe('workspace');
    const { model, files, active } = ws.getState();
    expect(files.map((f) => f.name)).toEqual(['posts.xml', 'sitemap.xml', 'pages.xml', 'other.xml']);
    expect(model?.files.map((f) => f.role)).toEqual(['child', 'index', 'child', 'extra']);
    expect(model?.missing.map((m) => m.loc)).toEqual(['https://a.example/tags.xml']);
    expect(active).toBe(files[1].id);
    expect(ws.activeStore().getState().fileName).toBe('sitemap.xml');
    expect(ws.activeStore()).not.toBe(ws.primary);
    expect(locsOf(ws.primary)).toEqual([
      'https://a.example/p1',
      'https://a.example/p2',
      'https://a.example/p3',
    ]);
  });

  it('pasted text has no file name to check: no TXT-004 about its made-up name', async () => {
    const ws = workspace();
    await ws.commands.open([{ name: 'pasted-sitemap', text: 'https://a.example/\nhttps://a.example/b\n' }]);
    const s = ws.activeStore().getState();
    expect(s.doc?.kind).toBe('text');
    expect(s.validation.validator.all().map((i) => i.rule)).not.toContain('TXT-004');
    // A file named so is checked.
    const other = workspace();
    await other.commands.open([{ name: 'urls.list', bytes: enc('https://a.example/\n') }]);
    expect(
      other
        .activeStore()
        .getState()
        .validation.validator.all()
        .map((i) => i.rule),
    ).toContain('TXT-004');
  });

  it('opens a single file alone (no workspace), and a child opened next joins an open index', async () => {
    const ws = workspace();
    expect((await ws.commands.open([INDEX])).mode).toBe('single');
    expect(ws.getState().files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(ws.getState().model).toBeNull();
    expect(ws.activeStore()).toBe(ws.primary);
    expect((await ws.commands.open([POSTS])).mode).toBe('workspace');
    expect(ws.getState().notices.at(-1)?.message).toBe('Added posts.xml to the workspace (2 files open).');
    expect(ws.getState().files.map((f) => f.name)).toEqual(['sitemap.xml', 'posts.xml']);
    expect(ws.getState().model?.files[1].role).toBe('child');
    await ws.commands.open([PAGES]);
    expect(ws.getState().model?.missing.map((m) => m.loc)).toEqual(['https://a.example/tags.xml']);
    expect(ws.activeStore().getState().fileName).toBe('pages.xml');
  });

  it('a file that could not be read completely gets its own message only, no "Opened" notice beside it', async () => {
    const ws = workspace();
    const broken: FileBytes = {
      name: 'broken.xml',
      bytes: enc(
        '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://a.example/</loc></url>\n<url><loc>https://a.example/<b</loc></url>',
      ),
    };
    await ws.commands.open([broken]);
    expect(ws.activeStore().getState().loadError?.fileName).toBe('broken.xml');
    expect(ws.getState().notices.map((n) => n.message)).toEqual([]);
  });

  it('a file opened over an unedited document replaces it and says so; over an edited one it asks first', async () => {
    const ws = workspace();
    await ws.commands.open([POSTS]);
    expect((await ws.commands.open([PAGES])).mode).toBe('single');
    expect(locsOf(ws.primary)).toEqual(['https://a.example/about']);
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened pages.xml. Closed posts.xml (no unexported edits).',
    );
    ws.primary.commands.setCell(ws.primary.getState().doc!.entries[0].id, 'priority', '0.9');
    expect(ws.primary.getState().dirty).toBe(true);
    expect((await ws.commands.open([OTHER])).mode).toBe('asked');
    expect(ws.getState().ask).toEqual({
      incoming: ['other.xml'],
      open: ['pages.xml'],
      lost: [{ name: 'pages.xml', edits: 1, settings: 0 }],
      keptInRecent: false,
      canAdd: true,
    });
    // Nothing changed while the question is open; Cancel keeps it so.
    expect(ws.getState().files.map((f) => f.name)).toEqual(['pages.xml']);
    expect((await ws.commands.answer('cancel')).mode).toBe('none');
    expect(ws.getState().ask).toBeNull();
    expect(ws.primary.getState().doc?.entries[0].priority).toBe('0.9');
    // Add to workspace: both open, the edit stays.
    await ws.commands.open([OTHER]);
    expect((await ws.commands.answer('add')).mode).toBe('workspace');
    expect(ws.getState().files.map((f) => f.name)).toEqual(['pages.xml', 'other.xml']);
    expect(ws.primary.getState().doc?.entries[0].priority).toBe('0.9');
    // Replace: everything open is closed, and the notice says what was lost.
    await ws.commands.open([{ blank: 'urlset' }]);
    expect(ws.getState().ask?.canAdd).toBe(false);
    expect((await ws.commands.answer('replace')).mode).toBe('single');
    expect(ws.getState().files.map((f) => f.name)).toEqual(['new-sitemap.xml']);
    expect(ws.activeStore().getState().doc?.entries).toEqual([]);
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Opened new-sitemap.xml. Closed pages.xml and other.xml; the edits in pages.xml were not exported. They are gone.',
    );
  });

  it('a file of the same name as an edited workspace file joins beside it instead of replacing it', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS]);
    const posts = ws.getState().files.find((f) => f.name === 'posts.xml')!;
    // Unedited: a newer posts.xml replaces it in place.
    expect((await ws.commands.open([{ ...PAGES, name: 'posts.xml' }], 'add')).renamed).toBeUndefined();
    expect(locsOf(posts.store)).toEqual(['https://a.example/about']);
    posts.store.commands.setCell(posts.store.getState().doc!.entries[0].id, 'priority', '0.9');
    const out = await ws.commands.open([{ ...OTHER, name: 'posts.xml' }], 'add');
    expect(out.renamed).toEqual([{ name: 'posts.xml', as: 'posts (2).xml' }]);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['sitemap.xml', 'posts.xml', 'posts (2).xml']);
    expect(posts.store.getState().doc?.entries[0].priority).toBe('0.9');
    // Once the workspace is exported, the edits are safe: a same-name file replaces it again.
    ws.commands.markExported();
    expect((await ws.commands.open([{ ...POSTS, name: 'posts.xml' }], 'add')).renamed).toBeUndefined();
    expect(ws.getState().files).toHaveLength(3);
  });

  it('free names keep folders and extensions', () => {
    expect(freeName('posts.xml', new Set(['posts.xml']))).toBe('posts (2).xml');
    expect(freeName('en/sitemap.xml.gz', new Set(['en/sitemap (2).xml.gz']))).toBe('en/sitemap (3).xml.gz');
    expect(freeName('urls', new Set())).toBe('urls (2)');
  });

  it('several files without an index open together as one workspace (siblings)', async () => {
    const ws = workspace();
    const out = await ws.commands.open([POSTS, OTHER]);
    expect(out).toEqual({ mode: 'workspace', notOpened: [], skipped: [] });
    expect(ws.getState().files.map((f) => f.name)).toEqual(['posts.xml', 'other.xml']);
    expect(ws.getState().model?.indexes).toEqual([]);
    expect(ws.getState().model?.files.map((f) => f.role)).toEqual(['extra', 'extra']);
    expect(ws.activeStore().getState().fileName).toBe('posts.xml');
  });

  it('a big crawl export stays partial (handed on as its file); any other partial input is read whole', async () => {
    const ws = workspace();
    await ws.commands.open([POSTS]);
    const crawlCsv = 'Address,Status Code,Indexability\nhttps://a.example/p1,200,Indexable\n';
    const blob = new Blob([crawlCsv, 'https://a.example/p2,200,Indexable\n']);
    const head = { name: 'internal_all.csv', bytes: enc(crawlCsv), blob, partial: true };
    await ws.commands.open([head]);
    // The Crawl dialog gets the head and the file itself, not a copy of all its bytes.
    expect(ws.getState().crawlImport).toBe(head);
    ws.commands.crawlImportDone();
    // A big URL list (not crawl data) is read whole before it opens.
    const list = 'https://a.example/l1\nhttps://a.example/l2\n';
    const partialList = {
      name: 'urls.txt',
      bytes: enc('https://a.example/l1\n'),
      blob: new Blob([list]),
      partial: true,
    };
    const out = await ws.commands.open([partialList], 'replace');
    expect(out.mode).not.toBe('none');
    expect(locsOf(ws.activeStore())).toEqual(['https://a.example/l1', 'https://a.example/l2']);
  });

  it('a gzipped crawl export dropped on an open sitemap is crawl data, not a sitemap to open', async () => {
    const ws = workspace();
    await ws.commands.open([POSTS]);
    const csv = 'Address,Status Code,Indexability\nhttps://a.example/p1,200,Indexable\n';
    const gz = { name: 'internal_all.csv.gz', bytes: gzipSync(enc(csv)) };
    const out = await ws.commands.open([gz]);
    expect(out.mode).toBe('none');
    expect(ws.getState().crawlImport).toBe(gz);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['posts.xml']);
    ws.commands.crawlImportDone();
    // A gzipped sitemap still opens as one.
    expect(kindOf({ name: 'sitemap.xml.gz', bytes: gzipSync(enc('<urlset/>')) }, () => false)).toBe(
      'sitemap',
    );
  });

  it('sorts inputs by kind: pasted text is parsed, a CSV goes to the import dialog', async () => {
    const ws = workspace();
    const csv = { name: 'crawl.csv', bytes: enc('url\nhttps://a.example/x\n') };
    const out = await ws.commands.open([csv]);
    expect(out.mode).toBe('none');
    expect(ws.getState().csvImport).toBe(csv);
    ws.commands.csvImportDone();
    expect(ws.getState().csvImport).toBeNull();
    await ws.commands.open([{ name: 'pasted-sitemap', text: 'https://a.example/p\nhttps://a.example/q' }]);
    expect(locsOf(ws.activeStore())).toEqual(['https://a.example/p', 'https://a.example/q']);
    expect(kindOf({ name: 'Pages.TSV', bytes: new Uint8Array() })).toBe('csv');
    expect(kindOf({ name: 'sitemap.xml.gz', bytes: new Uint8Array([0x1f, 0x8b]) })).toBe('sitemap');
    expect(kindOf({ name: 'x', bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04]) })).toBe('zip');
    expect(kindOf({ blank: 'urlset' })).toBe('blank');
    // Compare's second file comes in the same way and changes nothing open.
    const before = ws.getState().files;
    await ws.commands.open([OTHER], 'compare');
    expect(ws.getState().compare).toBe(OTHER);
    expect(ws.getState().files).toBe(before);
    ws.commands.compareDone();
    expect(ws.getState().compare).toBeNull();
  });

  it("tells a dropped CSV by its header: the app's own export goes to Import CSV, a page-indexing list is crawl data", async () => {
    const ws = workspace();
    await ws.commands.open([POSTS]);
    // loc + lastmod (+ changefreq, priority) is the app's CSV export back from a spreadsheet.
    const own = {
      name: 'sitemap.csv',
      bytes: enc('loc,lastmod,changefreq,priority\nhttps://a.example/p1,2025-01-01,weekly,0.8\n'),
    };
    await ws.commands.open([own]);
    expect(ws.getState().crawlImport).toBeNull();
    expect(ws.getState().csvImport).toBe(own);
    ws.commands.csvImportDone();
    const indexing = { name: 'Table.csv', bytes: enc('URL,Last crawled\nhttps://a.example/p1,2024-03-20\n') };
    await ws.commands.open([indexing]);
    expect(ws.getState().csvImport).toBeNull();
    expect(ws.getState().crawlImport).toBe(indexing);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['posts.xml']);
  });

  it('a Search Console zip dropped on an open sitemap is crawl data: attached, no member opened', async () => {
    const ws = workspace();
    await ws.commands.open([POSTS]);
    const perf = ['Chart.csv', 'Pages.csv', 'Queries.csv'].map((name) => ({
      name,
      bytes: new Uint8Array(
        readFileSync(new URL(`../core/__fixtures__/crawl/gsc-perf-zip/${name}`, import.meta.url)),
      ),
    }));
    const out = await ws.commands.open([{ name: 'gsc-perf.zip', bytes: zipFiles(perf) }]);
    expect(out.mode).toBe('none');
    expect(ws.getState().ask).toBeNull();
    expect(ws.getState().files.map((f) => f.name)).toEqual(['posts.xml']);
    expect(locsOf(ws.activeStore())).toEqual([
      'https://a.example/p1',
      'https://a.example/p2',
      'https://a.example/p3',
    ]);
    expect(ws.getState().crawlImport?.name).toBe('Pages.csv (gsc-perf.zip)');
    const said = ws
      .getState()
      .notices.map((n) => n.message)
      .join('\n');
    expect(said).toContain('Pages.csv is read for the audit');
    expect(said).toContain('Ignored: Chart.csv (not crawl data: no URL column), Queries.csv');
  });

  it('CSV members of a zip never open as sitemaps; with nothing open, crawl data waits for a sitemap', async () => {
    const csv = { name: 'Pages.csv', bytes: enc('Top pages,Clicks,Impressions\nhttps://a.example/p1,1,2\n') };
    const alone = workspace();
    const out = await alone.commands.open([{ name: 'only.zip', bytes: zipFiles([csv]) }]);
    expect(out.mode).toBe('none');
    expect(alone.getState().files).toEqual([]);
    expect(alone.getState().notices.at(-1)?.message).toContain(
      'Pages.csv (only.zip) (crawl data: open a sitemap first',
    );
    const ws = workspace();
    await ws.commands.open([{ name: 'mixed.zip', bytes: zipFiles([POSTS, csv]) }]);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['posts.xml']);
    expect(ws.getState().crawlImport).toBeNull();
  });

  it('a .zip of the files builds the workspace, keeping folder names', async () => {
    const ws = workspace();
    const zip = zipFiles([INDEX, { ...POSTS, name: 'maps/posts.xml' }]);
    await ws.commands.open([{ name: 'site.zip', bytes: zip }]);
    const model = ws.getState().model;
    expect(model?.files.map((f) => [f.name, f.role])).toEqual([
      ['sitemap.xml', 'index'],
      ['maps/posts.xml', 'child'],
    ]);
  });

  it('a .zip inside a gzip (sitemaps.zip.gz) is told by its bytes and opens as the zip it holds', async () => {
    const zip = zipFiles([INDEX, { ...POSTS, name: 'maps/posts.xml' }]);
    for (const name of ['sitemaps.zip.gz', 'download.gz']) {
      const ws = workspace();
      await ws.commands.open([{ name, bytes: gzipSync(zip) }]);
      expect(ws.getState().model?.files.map((f) => [f.name, f.role])).toEqual([
        ['sitemap.xml', 'index'],
        ['maps/posts.xml', 'child'],
      ]);
    }
  });

  it('a gzip inside the gzip of a zip is refused with a message naming the file', async () => {
    const ws = workspace();
    const out = await ws.commands.open([
      { name: 'sitemaps.zip.gz.gz', bytes: gzipSync(gzipSync(zipFiles([INDEX]))) },
      POSTS,
    ]);
    // Two layers of gzip: the sitemap reader's GZ-005 names it; the other file opens.
    const slot = ws.getState().files.find((f) => f.name === 'sitemaps.zip.gz.gz');
    expect(
      slot?.store.getState().loadError?.error.message ?? out.skipped.map((s) => s.reason).join(),
    ).toMatch(/another gzip file/);
  });
});

describe('WorkspaceStore: editing and cross-file issues', () => {
  it('an edit in one file re-checks cross-file duplicates; undo takes the issue away', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS, PAGES]);
    const pages = ws.getState().files[2];
    ws.commands.setActive(pages.id);
    expect(ws.activeStore()).toBe(pages.store);
    expect(ws.getState().model?.issues.filter((i) => i.rule === 'LOC-006')).toEqual([]);
    pages.store.commands.setCell(0, 'loc', 'https://a.example/p2');
    const dup = ws.getState().model?.issues.filter((i) => i.rule === 'LOC-006') ?? [];
    expect(dup.map((i) => i.file).sort()).toEqual([1, 2]);
    expect(ws.getState().counts[2].warning).toBeGreaterThanOrEqual(1);
    pages.store.commands.undo();
    expect(ws.getState().model?.issues.filter((i) => i.rule === 'LOC-006')).toEqual([]);
  });

  it('edits that keep the entries refresh the model without re-matching; inserting a row rebuilds it', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS, PAGES]);
    const posts = ws.getState().files[1].store;
    const before = ws.getState().model!;
    posts.commands.setCell(0, 'priority', '0.9');
    const after = ws.getState().model!;
    expect(after).not.toBe(before);
    expect(after.combined).toBe(before.combined);
    expect(after.files[1].document.entries[0].priority).toBe('0.9');
    posts.commands.setCell(0, 'loc', 'https://a.example/about');
    expect(ws.getState().model!.combined).toBe(before.combined);
    expect(
      ws
        .getState()
        .model!.issues.filter((i) => i.rule === 'LOC-006')
        .map((i) => i.file),
    ).toEqual([1, 2]);
    posts.commands.insertRows(0, 1);
    expect(ws.getState().model!.combined).not.toBe(before.combined);
  });

  it('reveal activates the owning file and selects the entry row', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS]);
    const posts = ws.getState().files[1];
    posts.store.commands.setSearch('p1');
    ws.commands.reveal(posts.id, 2);
    expect(ws.getState().active).toBe(posts.id);
    const s = posts.store.getState();
    expect(s.view.search).toBe('');
    expect(s.selection.active?.row).toBe(2);
    expect(s.doc?.entries[s.rowOrder[2]].loc).toBe('https://a.example/p3');
  });

  it('names edited files until the workspace is exported', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS, PAGES]);
    expect(ws.unexported()).toEqual([]);
    ws.getState().files[0].store.commands.setCell(0, 'lastmod', '2024-02-02');
    ws.getState().files[2].store.commands.setCell(0, 'priority', '0.2');
    expect(ws.unexported()).toEqual(['sitemap.xml', 'pages.xml']);
    ws.commands.markExported();
    expect(ws.unexported()).toEqual([]);
  });

  it('close leaves the active file open alone and says what it closed, edits included', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS]);
    ws.getState().files[1].store.commands.setCell(0, 'priority', '0.3');
    await ws.commands.close();
    expect(ws.getState().model).toBeNull();
    expect(ws.getState().files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(ws.activeStore()).toBe(ws.primary);
    expect(ws.primary.getState().fileName).toBe('sitemap.xml');
    expect(ws.getState().notices.at(-1)?.message).toBe(
      'Closed posts.xml; sitemap.xml stays open. The edits in posts.xml were not exported. They are gone.',
    );
  });
});

describe('workspace export', () => {
  const NOW = Date.UTC(2024, 5, 24, 9, 30);

  it('regenerates the index: changed children get lastmod now, unchanged keep theirs', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS, PAGES]);
    ws.getState().files[2].store.commands.setCell(0, 'priority', '0.5');
    const base = suggestedPublishBase(ws.getState().model!, '');
    expect(base).toBe('https://a.example/');
    const files = exportWorkspace(ws.getState(), { publishBase: base!, now: NOW });
    expect(files.map((f) => [f.name, f.role])).toEqual([
      ['posts.xml', 'child'],
      ['pages.xml', 'child'],
      ['sitemap.xml', 'index'],
    ]);
    const index = parseSitemap(files[2].bytes).document.entries;
    expect(index.map((e) => [e.loc, e.lastmod])).toEqual([
      ['https://a.example/posts.xml', '2024-01-01'],
      ['https://a.example/pages.xml', '2024-06-24T09:30:00Z'],
      ['https://a.example/tags.xml', '2024-01-01'],
    ]);
  });

  it('re-splits children to new limits and writes .xml.gz when chosen', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS]);
    const files = exportWorkspace(ws.getState(), {
      publishBase: 'https://a.example/',
      now: NOW,
      maxUrls: 2,
      formats: new Map([[1, 'xml.gz' as const]]),
    });
    expect(files.map((f) => [f.name, f.entries])).toEqual([
      ['posts-1.xml.gz', 2],
      ['posts-2.xml.gz', 1],
      ['sitemap.xml', 4], // two parts + the two children not supplied
    ]);
    expect(parseSitemap(files[1].bytes).document.entries.map((e) => e.loc)).toEqual(['https://a.example/p3']);
    expect(files[0].uncompressedBytes).toBeGreaterThan(files[0].bytes.length - 40);
  });

  it('leaves the extra files out when asked', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS, OTHER]);
    const req = { publishBase: 'https://a.example/', now: NOW, includeExtra: false };
    expect(exportWorkspace(ws.getState(), req).map((f) => f.name)).toEqual(['posts.xml', 'sitemap.xml']);
  });

  it('the .zip re-opens to the same workspace: same files, same URLs', async () => {
    const ws = workspace();
    await ws.commands.open([INDEX, POSTS, PAGES, OTHER]);
    ws.getState().files[1].store.commands.setCell(1, 'loc', 'https://a.example/p2-renamed');
    const zip = zipExport(exportWorkspace(ws.getState(), { publishBase: 'https://a.example/', now: NOW }));
    expect(
      readZipFiles(zip)
        .files.map((f) => f.name)
        .sort(),
    ).toEqual(['other.xml', 'pages.xml', 'posts.xml', 'sitemap.xml'].sort());
    const again = workspace();
    await again.commands.open([{ name: 'export.zip', bytes: zip }]);
    const urls = (w: typeof ws) => new Map(w.getState().files.map((f) => [f.name, locsOf(f.store)] as const));
    expect(urls(again)).toEqual(
      new Map(
        [...urls(ws)].map(([name, locs]) => [
          name,
          name === 'sitemap.xml' ? [...locs, 'https://a.example/other.xml'] : locs,
        ]),
      ),
    );
    expect(
      again
        .getState()
        .model?.files.map((f) => f.role)
        .sort(),
    ).toEqual(['child', 'child', 'child', 'index']);
  });
});

describe('WorkspaceStore: progress and Cancel while opening', () => {
  /** A client whose parse of `gated` waits for `release()` and stops on abort. */
  function gatedClient(gated: string) {
    let release = () => {};
    const client = fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name }));
    const parse = client.parse;
    client.parse = (bytes, name, onProgress, signal) => {
      if (name !== gated) return parse(bytes, name, onProgress, signal);
      return new Promise((resolve, reject) => {
        signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        );
        release = () => resolve(parseSitemap(bytes, { fileName: name }));
      });
    };
    return { client, release: () => release() };
  }

  function gatedWorkspace(gated: string) {
    const gate = gatedClient(gated);
    const store = () => createAppStore({ worker: gate.client, now: () => Date.UTC(2024, 5, 24, 9, 30) });
    return { ws: createWorkspaceStore({ primary: store(), createStore: store }), release: gate.release };
  }

  it('a file added to an open workspace is listed as opening, with its task and a Cancel', async () => {
    const { ws, release } = gatedWorkspace('pages.xml');
    await ws.commands.open([INDEX, POSTS]);
    const adding = ws.commands.open([PAGES]);
    await Promise.resolve();
    const [item] = ws.getState().opening;
    expect(item.name).toBe('pages.xml');
    expect(item.label).toBe('Opening pages.xml');
    expect(item.cancel).toBeTypeOf('function');
    release();
    await adding;
    expect(ws.getState().opening).toEqual([]);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['sitemap.xml', 'posts.xml', 'pages.xml']);
  });

  it('cancelling an added file leaves it out and the workspace untouched', async () => {
    const { ws } = gatedWorkspace('pages.xml');
    await ws.commands.open([INDEX, POSTS]);
    const before = ws.getState();
    const adding = ws.commands.open([PAGES]);
    await Promise.resolve();
    ws.getState().opening[0].cancel?.();
    await adding;
    const after = ws.getState();
    expect(after.opening).toEqual([]);
    expect(after.files).toBe(before.files);
    expect(after.model).toBe(before.model);
    expect(after.active).toBe(before.active);
  });

  it('cancelling one of several dropped files opens the workspace without it', async () => {
    const { ws } = gatedWorkspace('pages.xml');
    const opening = ws.commands.open([INDEX, POSTS, PAGES]);
    for (let i = 0; i < 20 && !ws.getState().opening.some((o) => o.name === 'pages.xml'); i++)
      await new Promise((r) => setTimeout(r, 0));
    ws.getState()
      .opening.find((o) => o.name === 'pages.xml')
      ?.cancel?.();
    await opening;
    expect(ws.getState().files.map((f) => f.name)).toEqual(['sitemap.xml', 'posts.xml']);
    expect(ws.getState().model?.missing.map((m) => m.loc)).toEqual([
      'https://a.example/pages.xml',
      'https://a.example/tags.xml',
    ]);
  });

  it('a big workspace is checked in slices: files and model appear together, with a progress item meanwhile', async () => {
    const big = Array.from({ length: 52_000 }, (_, i) => `https://a.example/p${i}`);
    const files: FileBytes[] = [
      { name: 'sitemap.xml', bytes: enc(indexXml('https://a.example/a.xml', 'https://a.example/b.xml')) },
      { name: 'a.xml', bytes: enc(urlsetXml(...big.slice(0, 26_000))) },
      { name: 'b.xml', bytes: enc(urlsetXml(...big.slice(25_999))) },
    ];
    const ws = createWorkspaceStore({
      primary: newStore(),
      createStore: newStore,
      timers: realTimers,
    });
    const labels = new Set<string>();
    let mismatched = false;
    ws.subscribe(() => {
      const s = ws.getState();
      for (const o of s.opening) labels.add(o.label);
      if (s.model !== null && s.model.files.length !== s.files.length) mismatched = true;
    });
    await ws.commands.open(files);
    expect(labels.has('Checking across files')).toBe(true);
    expect(mismatched).toBe(false);
    const { model, opening } = ws.getState();
    expect(opening).toEqual([]);
    expect(model?.combined.length).toBe(52_001);
    const dup = model?.issues.filter((i) => i.rule === 'LOC-006') ?? [];
    expect(dup.map((i) => i.file)).toEqual([1, 2]);
  });
});

describe('WorkspaceStore: one count of each file, and the checks the CLI makes (site.zip of the s15 review)', () => {
  // pwning.tech's index names four children; posts and tags are open, pages and authors are not.
  // The index's lastmod of tags is older than the newest inside it (IDX-003), and tags lists a
  // URL of another host (HOST-001 against the publish URL the index gives it).
  const SITE = {
    index: {
      name: 'sitemap.xml',
      bytes: enc(
        `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
          ['https://pwning.tech/sitemap-pages.xml', '2024-03-23T12:08:51.095Z'],
          ['https://pwning.tech/sitemap-posts.xml', '2024-03-26T13:21:31.804Z'],
          ['https://pwning.tech/sitemap-authors.xml', '2023-12-29T22:30:49.000Z'],
          ['https://pwning.tech/sitemap-tags.xml', '2024-03-24T22:16:06.074Z'],
        ]
          .map(([l, m]) => `<sitemap><loc>${l}</loc><lastmod>${m}</lastmod></sitemap>`)
          .join('')}</sitemapindex>`,
      ),
    },
    posts: {
      name: 'sitemap-posts.xml',
      bytes: enc(
        '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://pwning.tech/nftables/</loc><lastmod>2024-03-26T13:21:31.000Z</lastmod></url></urlset>',
      ),
    },
    tags: {
      name: 'sitemap-tags.xml',
      bytes: enc(
        '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://adcert.local/category/google_ads/index.html</loc><lastmod>2024-01-28T10:11:06+00:00</lastmod></url></urlset>',
      ),
    },
  };
  const TAGS_NEWER = {
    name: 'sitemap-tags.xml',
    bytes: enc(
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://pwning.tech/tag/kernel/</loc><lastmod>2024-05-28T10:11:06+00:00</lastmod></url></urlset>',
    ),
  };
  const totals = (c: { error: number; warning: number; info: number }) => [c.error, c.warning, c.info];

  it('a child the index names that is not open is a note (IDX-006, not IDX-001) at its <loc> row, counted in the index', async () => {
    const ws = workspace();
    await ws.commands.open([SITE.index, SITE.posts, SITE.tags]);
    const index = ws.getState().files[0].store;
    const v = index.getState().validation.validator;
    const notOpen = v.all().filter((i) => i.rule === 'IDX-006');
    expect(notOpen.map((i) => [i.severity, i.entry, i.field])).toEqual([
      ['info', 0, 'loc'],
      ['info', 2, 'loc'],
    ]);
    expect(notOpen[0].message).toMatch(/sitemap-pages\.xml is not open.*drop it here/);
    expect(v.all().some((i) => i.rule === 'IDX-001')).toBe(false);
    expect(v.issuesOf(0).map((i) => i.rule)).toContain('IDX-006');
    expect(v.counts().byRule.get('IDX-006')).toEqual({ severity: 'info', count: 2 });
    // Its Issues card says what it holds, not "No nested indexes" (s16 review).
    expect(groupTitle('IDX-006', notOpen)).toBe('Children not open');
    expect(groupTitle('IDX-006', [])).toBe('No nested indexes');
  });

  it('the list, the status bar, the Issues tab and the export read one count per file (IDX-003 at the index)', async () => {
    const ws = workspace();
    await ws.commands.open([SITE.index, SITE.posts, TAGS_NEWER]);
    const { files, counts } = ws.getState();
    const v = files[0].store.getState().validation.validator;
    // The stale lastmod of tags is a warning of the index file, in its own validator's counts.
    expect(v.counts().warning).toBe(1);
    expect(v.issuesOf(3).map((i) => [i.rule, i.severity])).toContainEqual(['IDX-003', 'warning']);
    expect(v.entriesWithRule('IDX-003')).toEqual([3]);
    files.forEach((slot, f) => {
      expect(totals(counts[f])).toEqual(totals(slot.store.getState().validation.validator.counts()));
    });
    // Fixing the lastmod takes it away everywhere.
    files[0].store.commands.setCell(3, 'lastmod', '2024-05-28T10:11:06+00:00');
    expect(v.counts().warning).toBe(0);
    expect(ws.getState().counts[0].warning).toBe(0);
  });

  it("a child's URLs are checked against the publish URL its index gives it (HOST-001), as the CLI does", async () => {
    const ws = workspace();
    await ws.commands.open([SITE.index, SITE.posts, SITE.tags]);
    const tags = ws.getState().files[2];
    expect(tags.name).toBe('sitemap-tags.xml');
    const host = tags.store
      .getState()
      .validation.validator.all()
      .filter((i) => i.rule === 'HOST-001');
    expect(host.map((i) => i.severity)).toEqual(['error']);
    expect(host[0].message).toContain('https://pwning.tech/sitemap-tags.xml');
    expect(ws.getState().counts[2].error).toBeGreaterThanOrEqual(1);
    // The index's URL is derived from the workspace, not a setting: no undo step, and the
    // settings (what Undo restores and autosave keeps) hold only what the user chose.
    expect(tags.store.getState().indexPublishUrl).toBe('https://pwning.tech/sitemap-tags.xml');
    expect(tags.store.getState().settings).toEqual({ publishUrl: '', crossSubmission: false });
    expect(tags.store.commands.persistable()?.settings).toEqual({ publishUrl: '', crossSubmission: false });
    expect(tags.store.getState().history.undoDepth).toBe(0);
    // The user's own publish URL for the file wins over the index's.
    tags.store.commands.setSettings({ publishUrl: 'https://adcert.local/sitemap-tags.xml' });
    await new Promise((r) => setTimeout(r, 0));
    const hostRule = () =>
      tags.store
        .getState()
        .validation.validator.all()
        .filter((i) => i.rule === 'HOST-001');
    expect(hostRule()).toEqual([]);
    expect(tags.store.getState().history.undoDepth).toBe(1);
    // Undo takes back the user's URL only: the index's applies again, with its findings.
    tags.store.commands.undo();
    await new Promise((r) => setTimeout(r, 0));
    expect(tags.store.getState().settings).toEqual({ publishUrl: '', crossSubmission: false });
    expect(tags.store.getState().indexPublishUrl).toBe('https://pwning.tech/sitemap-tags.xml');
    expect(hostRule().map((i) => i.severity)).toEqual(['error']);
  });

  it("the index's URL follows an edit of the index, without an undo step in the child", async () => {
    const ws = workspace();
    await ws.commands.open([SITE.index, SITE.posts, SITE.tags]);
    const [index, , tags] = ws.getState().files;
    expect(index.store.getState().indexPublishUrl).toBeNull();
    expect(tags.store.getState().indexPublishUrl).toBe('https://pwning.tech/sitemap-tags.xml');
    // The index now names tags on adcert.local, the host of its URL: no HOST-001 any more.
    index.store.commands.setCell(3, 'loc', 'https://adcert.local/sitemap-tags.xml');
    ws.commands.rebuild();
    await new Promise((r) => setTimeout(r, 0));
    expect(tags.store.getState().indexPublishUrl).toBe('https://adcert.local/sitemap-tags.xml');
    expect(tags.store.getState().history.undoDepth).toBe(0);
    expect(tags.store.getState().settings).toEqual({ publishUrl: '', crossSubmission: false });
    expect(
      tags.store
        .getState()
        .validation.validator.all()
        .filter((i) => i.rule === 'HOST-001'),
    ).toEqual([]);
  });
});
