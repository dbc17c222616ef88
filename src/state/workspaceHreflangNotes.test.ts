import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../core/parse.ts';
import { createAppStore } from './store.ts';
import { fakeClient, realTimers } from './testing.ts';
import type { AppStore } from './types.ts';
import { createWorkspaceStore, type FileBytes } from './workspaceStore.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const S = 'https://shop.example/';

function newStore() {
  return createAppStore({
    worker: fakeClient((bytes, name) => parseSitemap(bytes, { fileName: name })),
    now: () => Date.UTC(2024, 5, 24, 9, 30),
  });
}

/**
 * A urlset of one page per language code (`pages` of them: page, page1, …); each lists every
 * code in `langs` (itself included).
 */
function langFile(name: string, own: string[], langs: string[], pages = 1): FileBytes {
  const links = (l: string) =>
    langs.map((c) => `<xhtml:link rel="alternate" hreflang="${c}" href="${S}${c}/${l}"/>`).join('');
  const urls: string[] = [];
  for (let p = 0; p < pages; p++) {
    const page = p === 0 ? 'page' : `page${p}`;
    for (const c of own) urls.push(`<url><loc>${S}${c}/${page}</loc>${links(page)}</url>`);
  }
  return {
    name,
    bytes: enc(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>`,
    ),
  };
}

const INDEX: FileBytes = {
  name: 'sitemap.xml',
  bytes: enc(
    `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${S}en.xml</loc></sitemap><sitemap><loc>${S}de.xml</loc></sitemap></sitemapindex>`,
  ),
};
// en.xml and de.xml list each other's page; both also name a French page no file holds.
const EN = langFile('en.xml', ['en'], ['en', 'de']);
const DE = langFile('de.xml', ['de'], ['en', 'de']);
const EN_FR = langFile('en.xml', ['en'], ['en', 'de', 'fr']);

/** The HREF-006 notes of a file's store, as its issue list, counts and rule filter show them. */
function notes(store: AppStore) {
  const v = store.getState().validation.validator;
  const id = store.getState().doc!.entries[0].id;
  return {
    messages: v
      .issuesOf(id)
      .filter((i) => i.rule === 'HREF-006')
      .map((i) => i.message),
    counted: v.counts().byRule.get('HREF-006')?.count ?? 0,
    info: v.counts().info,
    rows: v.entriesWithRule('HREF-006').length,
    all: v.all().filter((i) => i.rule === 'HREF-006').length,
  };
}

const storeOf = (ws: ReturnType<typeof createWorkspaceStore>, name: string) =>
  ws.getState().files.find((f) => f.name === name)!.store;

describe('workspace: HREF-006 "load the sibling sitemaps" notes answered by the open files', () => {
  it('withdraws the note of an alternate another open file holds, and brings it back when that file goes', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([INDEX, EN]);
    const en = storeOf(ws, 'en.xml');
    const alone = notes(en);
    expect(alone.messages).toEqual([expect.stringContaining('load the sibling sitemaps')]);
    expect([alone.counted, alone.rows, alone.all]).toEqual([1, 1, 1]);

    // de.xml comes in: en's alternate is checked across files now (and links back).
    await ws.commands.open([DE], 'add');
    expect(notes(en)).toEqual({ messages: [], counted: 0, info: alone.info - 1, rows: 0, all: 0 });
    expect(notes(storeOf(ws, 'de.xml')).messages).toEqual([]);
    const enAt = ws.getState().files.findIndex((f) => f.name === 'en.xml');
    expect(ws.getState().counts[enAt].info).toBe(alone.info - 1);

    // Back to en.xml alone: the note is back.
    ws.commands.setActive(ws.getState().files[enAt].id);
    await ws.commands.close();
    expect(notes(en)).toEqual(alone);
  });

  it('keeps the note for an alternate no open file holds, counting only those', async () => {
    const ws = createWorkspaceStore({ primary: newStore(), createStore: newStore });
    await ws.commands.open([INDEX, EN_FR, DE]);
    const en = notes(storeOf(ws, 'en.xml'));
    expect(en.messages).toEqual([
      '1 alternate URL has no entry in the open files, so return links cannot be checked here; load the sibling sitemaps to verify.',
    ]);
    expect([en.counted, en.rows, en.all]).toEqual([1, 1, 1]);
  });

  it('a big workspace (checked in slices) hands each file its notes before it shows the model', async () => {
    const ws = createWorkspaceStore({
      primary: newStore(),
      createStore: newStore,
      timers: realTimers,
    });
    const pages = 26_000;
    // The notes the files' counts held whenever a model was shown.
    const shown: number[][] = [];
    ws.subscribe(() => {
      const { model, counts } = ws.getState();
      if (model !== null) shown.push(counts.map((c) => c.info));
    });
    await ws.commands.open([
      INDEX,
      langFile('en.xml', ['en'], ['en', 'de'], pages),
      langFile('de.xml', ['de'], ['en', 'de'], pages),
    ]);
    expect(ws.getState().model?.combined.length).toBe(2 * pages);
    for (const name of ['en.xml', 'de.xml']) {
      const n = notes(storeOf(ws, name));
      expect([n.counted, n.rows]).toEqual([0, 0]);
    }
    // Each file was handed its notes before the model showed: no count ever held the 26,000.
    const last = ws.getState().counts.map((c) => c.info);
    expect(Math.max(...last)).toBeLessThan(pages);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((infos) => infos.every((n, f) => n === last[f]))).toBe(true);
  }, 60_000);
});
