import { describe, expect, it } from 'vitest';
import type { SitemapDocument } from '../core/model.ts';
import {
  fixtureDoc as doc,
  fixtureInput as input,
  hreflangLink as link,
  SITE as S,
} from '../core/testing/workspaceFixtures.ts';
import { buildWorkspace } from '../core/workspace.ts';
import { refreshWorkspace } from './workspaceRefresh.ts';

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
