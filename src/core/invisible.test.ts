// Bidi controls and invisible characters in URLs (issue 20 case 8): errors (LOC-003) with a fix
// that percent-encodes them, and visible escapes for display.
import { describe, expect, it } from 'vitest';
import { getFix } from './fixes.ts';
import { hasInvisible, showInvisible } from './invisible.ts';
import type { Entry, SitemapDocument } from './model.ts';
import { validateDocument } from './validate.ts';

const doc = (entries: Entry[]): SitemapDocument => ({ kind: 'urlset', entries, nextId: entries.length });
const settings = { now: Date.UTC(2026, 0, 1) };

describe('invisible characters in URLs', () => {
  it.each([
    ['right-to-left override', 'https://a.example/\u202Egpj.exe', 'https://a.example/%E2%80%AEgpj.exe'],
    ['zero-width space', 'https://a.example/pay\u200Bpal', 'https://a.example/pay%E2%80%8Bpal'],
    ['right-to-left isolate', 'https://a.example/a\u2067b', 'https://a.example/a%E2%81%A7b'],
    ['tag character', 'https://a.example/a\u{E0041}b', 'https://a.example/a%F3%A0%81%81b'],
  ])('%s: LOC-003 error naming the character, fixed by percent-encoding', (_n, loc, fixed) => {
    const d = doc([{ id: 0, loc }]);
    const issue = validateDocument(d, settings).find((i) => i.rule === 'LOC-003');
    expect(issue?.severity).toBe('error');
    expect(issue?.message).toMatch(/invisible character U\+[0-9A-F]{4,5}/);
    expect(hasInvisible(issue?.message ?? '')).toBe(false);
    const r = getFix('LOC-003')!.apply(issue!, { document: d, settings });
    expect(r?.update?.[0].loc).toBe(fixed);
    expect(validateDocument(doc([{ id: 0, loc: fixed }]), settings).map((i) => i.rule)).not.toContain(
      'LOC-003',
    );
  });

  it('an image location with a bidi control is an error too', () => {
    const d = doc([
      { id: 0, loc: 'https://a.example/', images: [{ loc: 'https://a.example/\u202Egnp.js' }] },
    ]);
    const issue = validateDocument(d, settings).find((i) => i.rule === 'LOC-003');
    expect(issue?.field).toBe('images.0.loc');
  });

  it('ordinary non-ASCII stays a LOC-004 warning only', () => {
    const rules = validateDocument(doc([{ id: 0, loc: 'https://a.example/ümlat' }]), settings).map(
      (i) => i.rule,
    );
    expect(rules).toContain('LOC-004');
    expect(rules).not.toContain('LOC-003');
  });

  it('showInvisible turns each invisible character into a visible escape', () => {
    expect(showInvisible('https://a.example/plain')).toBeNull();
    expect(showInvisible('a\u202Eb\u200B')).toEqual([
      { text: 'a' },
      { text: '⟨U+202E⟩', escape: true },
      { text: 'b' },
      { text: '⟨U+200B⟩', escape: true },
    ]);
  });
});
