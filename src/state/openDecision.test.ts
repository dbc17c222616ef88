import { readFileSync } from 'node:fs';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffCrawl } from '../core/crawl/read.ts';
import { parseSitemap } from '../core/parse.ts';
import { decideCrawl, decideOpen, type OpenIntent, type OpenSituation } from './openDecision.ts';
import { createAppStore } from './store.ts';
import { fakeClient } from './testing.ts';
import { createWorkspaceStore, kindOf, type OpenInput, type WorkspaceStore } from './workspaceStore.ts';

const EDITED = [{ name: 'a.xml', edits: 2, settings: 0 }];
const base = { childrenOfOpenIndex: false, blank: false };
const SITUATIONS: Record<string, OpenSituation> = {
  empty: { ...base, files: 0, edited: [] },
  'clean document': { ...base, files: 1, edited: [] },
  'edited document': { ...base, files: 1, edited: EDITED },
  'clean workspace': { ...base, files: 3, edited: [] },
  'edited workspace': { ...base, files: 3, edited: EDITED },
};

// Expected action per situation for each intent, in the order of SITUATIONS.
const EXPECTED: Record<OpenIntent, string[]> = {
  open: ['replace', 'replace', 'ask', 'ask', 'ask'],
  add: ['replace', 'add', 'add', 'add', 'add'],
  replace: ['replace', 'replace', 'replace', 'replace', 'replace'],
};

describe('decideOpen: every intent × what is open', () => {
  for (const intent of ['open', 'add', 'replace'] as const)
    Object.entries(SITUATIONS).forEach(([name, situation], k) => {
      it(`${intent} over ${name} → ${EXPECTED[intent][k]}`, () => {
        const d = decideOpen(situation, intent);
        expect(d.action).toBe(EXPECTED[intent][k]);
        if (d.action === 'ask') {
          expect(d.lost).toEqual(situation.edited);
          expect(d.canAdd).toBe(true);
        }
      });
    });

  it('a missing child of an open index joins it without asking, even over edits', () => {
    for (const s of Object.values(SITUATIONS).slice(1))
      expect(decideOpen({ ...s, childrenOfOpenIndex: true }, 'open').action).toBe('add');
  });

  it('a blank document never offers Add to workspace, and replaces a clean document', () => {
    expect(decideOpen({ ...SITUATIONS['edited document'], blank: true }, 'open')).toEqual({
      action: 'ask',
      canAdd: false,
      lost: EDITED,
    });
    expect(decideOpen({ ...SITUATIONS['clean document'], blank: true }, 'open').action).toBe('replace');
    expect(
      decideOpen({ ...SITUATIONS['clean workspace'], blank: true, childrenOfOpenIndex: true }, 'open'),
    ).toEqual({
      action: 'ask',
      canAdd: false,
      lost: [],
    });
  });
});

// The same decisions taken by the session's `open` with real stores, for every source of content.
const enc = (s: string) => new TextEncoder().encode(s);
const urlset = (...locs: string[]) =>
  enc(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
  );
const A = { name: 'a.xml', bytes: urlset('https://a.example/1') };
const B = { name: 'b.xml', bytes: urlset('https://a.example/2') };
const C = { name: 'c.xml', bytes: urlset('https://b.example/3') };

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => 0,
  });
}

async function situation(name: string): Promise<WorkspaceStore> {
  const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
  if (name === 'empty') return ws;
  await ws.commands.open(name.endsWith('document') ? [A] : [A, B]);
  if (name.startsWith('edited')) ws.getState().files[0].store.commands.setCell(0, 'priority', '0.5');
  return ws;
}

const SOURCES: Record<string, OpenInput[]> = {
  'a dropped file': [C],
  'pasted text': [{ name: 'pasted-sitemap', text: 'https://c.example/' }],
  'New sitemap': [{ blank: 'urlset' }],
};

describe('open: every source × intent × what is open, through the session', () => {
  for (const [source, inputs] of Object.entries(SOURCES))
    for (const intent of ['open', 'add', 'replace'] as const)
      Object.keys(SITUATIONS).forEach((name, k) => {
        const expected = EXPECTED[intent][k];
        it(`${source}, ${intent}, over ${name}: ${expected}`, async () => {
          const ws = await situation(name);
          const before = ws.getState().files.map((f) => f.name);
          const notices = ws.getState().notices.length;
          const out = await ws.commands.open(inputs, intent);
          const after = ws.getState().files.map((f) => f.name);
          const incoming =
            inputs[0] && 'blank' in inputs[0] ? 'new-sitemap.xml' : (inputs[0] as { name: string }).name;
          if (expected === 'ask') {
            expect(out.mode).toBe('asked');
            expect(after).toEqual(before);
            expect(ws.getState().ask?.lost).toEqual(
              name.startsWith('edited') ? [{ name: 'a.xml', edits: 1, settings: 0 }] : [],
            );
            expect(ws.getState().ask?.canAdd).toBe(!('blank' in inputs[0]));
          } else if (expected === 'add') {
            expect(after).toEqual([...before, incoming]);
            expect(ws.getState().files[0].store.getState().dirty).toBe(name.startsWith('edited'));
          } else {
            expect(after).toEqual([incoming]);
          }
          // Every outcome is announced in one notice; a question is not an outcome yet. A replace
          // drops the notices about what it closed: its own is the only one left.
          const added = ws.getState().notices.slice(expected === 'replace' ? 0 : notices);
          if (expected === 'ask') expect(added).toEqual([]);
          else {
            expect(added).toHaveLength(1);
            expect(added[0].message).toContain(incoming);
          }
        });
      });
});

// A crawl export (issue 17) is recognised by its header row: with something open it is attached
// for the audit through `crawlImport` (the Crawl dialog), never opened, asked about or replacing.
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../core/__fixtures__/crawl/${name}`, import.meta.url)));
const CRAWL = { name: 'internal_all.csv', bytes: fixture('sf-internal-all.csv') };

describe('a crawl CSV × what is open', () => {
  it('decideCrawl: attach to a document or a workspace, read as a CSV with nothing open', () => {
    expect(decideCrawl(SITUATIONS.empty.files)).toBe('csv');
    expect(decideCrawl(SITUATIONS['edited document'].files)).toBe('attach');
    expect(decideCrawl(SITUATIONS['clean workspace'].files)).toBe('attach');
  });

  it('kindOf: a crawl only when the sniffer (given while something is open) recognises it', () => {
    const yes = () => true;
    expect(kindOf(CRAWL)).toBe('csv');
    expect(kindOf(CRAWL, yes)).toBe('crawl');
    // Sitemaps never reach the sniffer: XML (even after a BOM and blanks), pasted text.
    expect(kindOf({ name: 'a.txt', bytes: enc('\uFEFF\n  <urlset/>') }, yes)).toBe('sitemap');
    // A gzip does (`internal_all.csv.gz`): what its start inflates to decides.
    const sniff = (b: Uint8Array) => sniffCrawl(b).detected !== null;
    expect(kindOf({ name: 'a.xml.gz', bytes: gzipSync(enc('<urlset/>')) }, sniff)).toBe('sitemap');
    expect(kindOf({ name: 'a.csv.gz', bytes: gzipSync(CRAWL.bytes) }, sniff)).toBe('crawl');
    expect(kindOf({ name: 'p', text: 'Address,Status Code' }, yes)).toBe('sitemap');
  });

  it('over nothing open: the CSV import dialog, as any CSV', async () => {
    const ws = await situation('empty');
    const out = await ws.commands.open([CRAWL]);
    expect(out.mode).toBe('none');
    expect(ws.getState().csvImport?.name).toBe('internal_all.csv');
    expect(ws.getState().crawlImport).toBeNull();
  });

  for (const name of ['clean document', 'edited document', 'clean workspace', 'edited workspace'])
    it(`over ${name}: attached through the Crawl dialog, nothing opened, asked or replaced`, async () => {
      const ws = await situation(name);
      const before = ws.getState().files.map((f) => f.name);
      const dirty = ws.getState().files.map((f) => f.store.getState().dirty);
      const out = await ws.commands.open([CRAWL]);
      expect(out.mode).toBe('none');
      expect(ws.getState().crawlImport).toEqual(CRAWL);
      expect(ws.getState().csvImport).toBeNull();
      expect(ws.getState().ask).toBeNull();
      expect(ws.getState().files.map((f) => f.name)).toEqual(before);
      expect(ws.getState().files.map((f) => f.store.getState().dirty)).toEqual(dirty);
      ws.commands.crawlImportDone();
      expect(ws.getState().crawlImport).toBeNull();
    });

  it('recognised by its header row, not its name; an ordinary CSV still goes to the import dialog', async () => {
    const ws = await situation('clean document');
    const tsv = { name: 'crawl export.txt', bytes: fixture('generic-utf16.tsv') };
    await ws.commands.open([tsv]);
    expect(ws.getState().crawlImport?.name).toBe('crawl export.txt');
    expect(ws.getState().files.map((f) => f.name)).toEqual(['a.xml']);
    ws.commands.crawlImportDone();
    await ws.commands.open([{ name: 'other.csv', bytes: fixture('not-crawl.csv') }]);
    expect(ws.getState().crawlImport).toBeNull();
    expect(ws.getState().csvImport?.name).toBe('other.csv');
  });

  it('with a sitemap in the same drop: the sitemap opens as usual and the crawl goes to the dialog', async () => {
    const ws = await situation('clean document');
    await ws.commands.open([CRAWL, C]);
    expect(ws.getState().files.map((f) => f.name)).toEqual(['c.xml']);
    expect(ws.getState().crawlImport?.name).toBe('internal_all.csv');
  });
});
