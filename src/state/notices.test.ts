import { describe, expect, it } from 'vitest';
import { createAppStore } from './store.ts';
import { fakeClient, makeDocument } from './testing.ts';

const newStore = () =>
  createAppStore({
    worker: fakeClient(() => ({ kind: 'urlset', document: makeDocument(2), issues: [], fatal: null })),
    now: () => 0,
  });

describe('notices: one list in the store', () => {
  it('shows a notice from the UI and dismisses it, without touching the history', () => {
    const store = newStore();
    store.commands.notify('info', 'Exported 2 rows to sitemap.csv.');
    const [notice] = store.getState().notices;
    expect(notice).toMatchObject({ level: 'info', message: 'Exported 2 rows to sitemap.csv.' });
    expect(store.getState().history.canUndo).toBe(false);
    store.commands.dismissNotice(notice.id);
    expect(store.getState().notices).toEqual([]);
  });

  it('keeps only the latest notices', () => {
    const store = newStore();
    for (let i = 0; i < 15; i++) store.commands.notify('info', `n${i}`);
    const shown = store.getState().notices.map((n) => n.message);
    expect(shown.length).toBeLessThan(15);
    expect(shown.at(-1)).toBe('n14');
  });
});
