import { describe, expect, it } from 'vitest';
import type { Entry, ParseResult, SitemapDocument } from '../core/model.ts';
import { buildWorkspace, type WorkspaceInput } from '../core/workspace.ts';
import { refreshWorkspace } from './workspaceRefresh.ts';

const S = 'https://www.example.com/';

function doc(entries: Array<Omit<Entry, 'id'>>): SitemapDocument {
  return {
    kind: 'urlset',
    entries: entries.map((e, id) => ({ id, line: id + 3, column: 1, ...e })),
    nextId: entries.length,
  };
}

function input(name: string, d: SitemapDocument): WorkspaceInput {
  return { name, result: { kind: d.kind, document: d, issues: [], fatal: null } as ParseResult, issues: [] };
}

const link = (hreflang: string, href: string) => ({ rel: 'alternate', hreflang, href });

describe('workspace refresh with hreflang links across files (HREF-006)', () => {
  const en = doc([{ loc: `${S}en/`, alternates: [link('en', `${S}en/`), link('de', `${S}de/`)] }]);
  const deNoReturn = doc([{ loc: `${S}de/`, alternates: [link('de', `${S}de/`)] }]);
  const deReturn = doc([{ loc: `${S}de/`, alternates: [link('de', `${S}de/`), link('en', `${S}en/`)] }]);

  it('an edit of alternates is not refreshed in place (the cross-file pairs may change)', () => {
    const settings = { perFileRules: false };
    const ws = buildWorkspace([input('en.xml', en), input('de.xml', deNoReturn)], settings);
    expect(refreshWorkspace(ws, [en, deReturn], settings)).toBeNull();
    const rebuilt = buildWorkspace([input('en.xml', en), input('de.xml', deReturn)], settings);
    expect(rebuilt.issues.filter((i) => i.rule === 'HREF-006')).toEqual([]);
    const lastmodOnly: SitemapDocument = {
      ...deNoReturn,
      entries: deNoReturn.entries.map((e) => ({ ...e, lastmod: '2024-01-01' })),
    };
    expect(refreshWorkspace(ws, [en, lastmodOnly], settings)).not.toBeNull();
  });
});
