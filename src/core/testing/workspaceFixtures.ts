/**
 * Tiny hand-built workspace inputs for tests of cross-file checks (core workspace, state refresh).
 * Test-only: nothing in the app imports this module.
 */
import type { Alternate, Entry, ParseResult, SitemapDocument } from '../model.ts';
import type { WorkspaceInput } from '../workspace.ts';

/** Site root the fixtures' URLs hang off. */
export const SITE = 'https://www.example.com/';

/**
 * A urlset of `entries`, ids from 0, each on its own source line (3, 4, …).
 *
 * @example fixtureDoc([{ loc: `${SITE}a` }]).entries[0] // { id: 0, line: 3, column: 1, loc: … }
 */
export function fixtureDoc(entries: Array<Omit<Entry, 'id'>>): SitemapDocument {
  return {
    kind: 'urlset',
    entries: entries.map((e, id) => ({ id, line: id + 3, column: 1, ...e })),
    nextId: entries.length,
  };
}

/** A workspace input: the document as a clean parse result of file `name`. */
export function fixtureInput(name: string, d: SitemapDocument): WorkspaceInput {
  return { name, result: { kind: d.kind, document: d, issues: [], fatal: null } as ParseResult, issues: [] };
}

/** An hreflang alternate link. @example hreflangLink('de', `${SITE}de/`) */
export const hreflangLink = (hreflang: string, href: string): Alternate => ({
  rel: 'alternate',
  hreflang,
  href,
});
