// verifyExport's shortcuts agree with its general checks (issue #18: an export's read-back check
// is what users wait for): the entry comparison that skips fields whose raw values are the same,
// and the namespace check's regex-free reading of white space and plain ASCII element names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { serializeSitemap } from '../serialize.ts';
import { entryBody, runs } from '../testing/arbitraries.ts';
import {
  endsName,
  entryDifference,
  isSpace,
  namespaceProblem,
  plainQNameEnd,
  validElementName,
  verifyExport,
} from './verify.ts';

const FIELDS: Array<keyof Entry> = [
  'loc',
  'lastmod',
  'changefreq',
  'priority',
  'images',
  'videos',
  'news',
  'alternates',
  'extras',
];

/** A copy of a list whose first element has one field set to `to` (or removed). */
function tweakFirst(list: unknown, field: string, to: unknown): unknown {
  if (!Array.isArray(list) || list.length === 0) return list;
  const copy = structuredClone(list) as Array<Record<string, unknown>>;
  if (to === undefined) delete copy[0][field];
  else copy[0][field] = to;
  return copy;
}

const EXTRA = { ns: 'urn:x', name: 'x', xml: '<x:x xmlns:x="urn:x">1</x:x>' };
const TWEAKS = ['loc', 'caption', 'title', 'href', 'hreflang', 'rel', 'media', 'attrs', 'extras'];

/**
 * `got`: `want` with some fields taken from `other`, removed, emptied, copied (the same values in
 * new lists, as a read-back gives), or copied with one value of the first element changed.
 */
const pair = fc
  .tuple(
    entryBody(),
    entryBody(),
    fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.nat(4), fc.constantFrom(...TWEAKS)), { maxLength: 4 }),
    fc.constantFrom(undefined, 'x', 'https://a.example/%C3%BC', ' de', { k: 'v' }),
  )
  .map(([w, o, take, to]) => {
    const want = { id: 1, ...w } as Entry;
    const got = { id: 1, ...w } as Record<string, unknown>;
    for (const [f, m, tweak] of take) {
      const cur = got[f];
      if (m === 0) got[f] = (o as Record<string, unknown>)[f];
      else if (m === 1) got[f] = undefined;
      else if (m === 2) got[f] = Array.isArray(cur) ? [] : cur;
      else if (m === 3) got[f] = structuredClone(cur);
      else if (tweak === 'attrs') got[f] = tweakFirst(cur, tweak, typeof to === 'string' ? { [to]: to } : to);
      else if (tweak === 'extras') got[f] = tweakFirst(cur, tweak, to === undefined ? undefined : [EXTRA]);
      else got[f] = tweakFirst(cur, tweak, typeof to === 'object' ? undefined : to);
    }
    return { want, got: got as unknown as Entry };
  });

describe('entryDifference', () => {
  it('the raw-value shortcut gives what comparing every key gives', () => {
    fc.assert(
      fc.property(pair, fc.boolean(), fc.boolean(), fc.boolean(), ({ want, got }, lean, strip, text) => {
        const o = { lean, stripDeprecated: strip };
        expect(entryDifference(want, got, o, text)).toEqual(entryDifference(want, got, o, text, true));
      }),
      { numRuns: runs(400) },
    );
  });

  it('sees a value changed inside an image or alternate (lists copied as a read-back copies them)', () => {
    const tweaked = fc
      .tuple(
        entryBody(),
        fc.constantFrom('images', 'alternates'),
        fc.constantFrom(...TWEAKS),
        fc.constantFrom(undefined, 'x', 'https://a.example/%C3%BC', ' de'),
      )
      .map(([w, f, tweak, to]) => {
        const want = { id: 1, ...w } as Entry;
        const value = tweak === 'attrs' ? to && { [to]: to } : tweak === 'extras' ? to && [EXTRA] : to;
        return { want, got: { ...want, [f]: tweakFirst(want[f], tweak, value) } as Entry };
      });
    fc.assert(
      fc.property(tweaked, fc.boolean(), ({ want, got }, strip) => {
        const o = { stripDeprecated: strip };
        expect(entryDifference(want, got, o, false)).toEqual(entryDifference(want, got, o, false, true));
        expect(entryDifference(got, want, o, false)).toEqual(entryDifference(got, want, o, false, true));
      }),
      { numRuns: runs(400) },
    );
  });

  it('reads an encoded location as its raw form exactly when the keys say so', () => {
    const piece = fc.constantFrom(
      'a',
      '/',
      '%',
      '%C3%BC',
      'ü',
      '日',
      ' ',
      '\u0008',
      '\uD800',
      '#',
      '&',
      '?x=1',
    );
    const loc = fc.array(piece, { maxLength: 8 }).map((p) => `https://a.example/${p.join('')}`);
    const encoded = (v: string) => {
      try {
        return encodeURI(v);
      } catch {
        return v;
      }
    };
    fc.assert(
      fc.property(loc, fc.nat(3), fc.constantFrom('loc', 'images', 'alternates'), (raw, how, f) => {
        const written =
          how === 0 ? encoded(raw) : how === 1 ? encoded(raw.trim()) : how === 2 ? raw : `${encoded(raw)}x`;
        const as = (v: string): Entry =>
          f === 'loc'
            ? { id: 1, loc: v }
            : f === 'images'
              ? { id: 1, loc: 'https://a.example/', images: [{ loc: v }] }
              : {
                  id: 1,
                  loc: 'https://a.example/',
                  alternates: [{ rel: 'alternate', hreflang: 'de', href: v }],
                };
        const want = as(` ${raw}`.slice(how === 1 ? 0 : 1));
        const got = as(written);
        expect(entryDifference(want, got, {}, false)).toEqual(entryDifference(want, got, {}, false, true));
        expect(entryDifference(got, want, {}, false)).toEqual(entryDifference(got, want, {}, false, true));
      }),
      { numRuns: runs(1500) },
    );
  });

  it('agrees with the general check on entries read back from their export', () => {
    fc.assert(
      fc.property(fc.array(entryBody(), { minLength: 1, maxLength: 5 }), (bodies) => {
        const entries = bodies.map((b, id) => ({ id, ...b }) as Entry);
        const doc = { kind: 'urlset' as const, entries, nextId: entries.length };
        const got = parseSitemap(serializeSitemap(doc)).document.entries;
        for (let i = 0; i < Math.min(got.length, entries.length); i++)
          expect(entryDifference(entries[i], got[i], {}, false)).toEqual(
            entryDifference(entries[i], got[i], {}, false, true),
          );
      }),
      { numRuns: runs(150) },
    );
  });

  it('still names a changed value', () => {
    const doc = parseSitemap(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/ü</loc><lastmod>2024-01-02</lastmod></url></urlset>',
    ).document;
    const out = serializeSitemap(doc);
    expect(out).toContain('https://a.example/%C3%BC');
    expect(verifyExport(doc, out)).toEqual([]);
    const problems = verifyExport(doc, out.replace('2024-01-02', '2024-01-03'));
    expect(problems.map((p) => p.message)).toEqual([
      'Entry “https://a.example/ü”: its lastmod would change on export (expected “2024-01-02”, read back “2024-01-03”)',
    ]);
  });
});

describe('namespaceProblem shortcuts', () => {
  it('isSpace and endsName are /\\s/ and /[\\s/>]/ for every UTF-16 code unit', () => {
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      if (isSpace(ch, 0) !== /\s/.test(ch) || endsName(ch, 0) !== /[\s/>]/.test(ch)) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });

  const nameChar = fc.constantFrom(
    ...'aZ_m09.-:'.split(''),
    ':',
    ' ',
    '\t',
    '\u00A0',
    '/',
    '>',
    '=',
    'é',
    '\u00B7',
    '日',
    '\u2028',
    '"',
  );

  it('plainQNameEnd, when it answers, is where the general scan ends, on a valid name', () => {
    fc.assert(
      fc.property(fc.array(nameChar, { maxLength: 12 }), (chars) => {
        const s = `<${chars.join('')}`;
        const p = plainQNameEnd(s, 1);
        let q = 1;
        while (q < s.length && !/[\s/>]/.test(s[q])) q++;
        if (p !== -1) {
          expect(p).toBe(q);
          expect(validElementName(s.slice(1, q))).toBe(true);
        }
        // Every plain ASCII QName before an end is answered (the shortcut is taken).
        if (/^<[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?(?:[\s/>]|$)/.test(s)) expect(p).toBe(q);
      }),
      { numRuns: runs(2000) },
    );
  });

  const soup = fc
    .array(
      fc.constantFrom(
        '<',
        '</',
        '>',
        '/>',
        ' ',
        '\n',
        '\u00A0',
        'a',
        'p:a',
        'q:b',
        'x:y:z',
        '1a',
        'é',
        'a.b-c',
        ':a',
        'a:',
        '_',
        ' x="1"',
        ' xmlns:p="urn:p"',
        ' xmlns:q="urn:q"',
        ' p:x="2"',
        " y='3'",
        ' xmlns=""',
        ' xmlns:p=""',
        ' xmlns:xml="urn:x"',
        '=',
        '"',
        '<!-- c -->',
        '<?pi x?>',
        '<![CDATA[<z:w>]]>',
        'text',
        '<a>',
        '<p:a>',
        '<q:b>',
        '</a>',
        '</p:a>',
        '<a xmlns:p="urn:p">',
        '<p:a xmlns:p="urn:p">',
        '<b xmlns:q="urn:q"/>',
        '<a xmlns="urn:d">',
        '<x:y:z>',
        '<é:a>',
        '<a:1>',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('gives what reading every tag the long way gives, on tag soup', () => {
    fc.assert(
      fc.property(soup, (xml) => {
        expect(namespaceProblem(xml)).toEqual(namespaceProblem(xml, true));
      }),
      { numRuns: runs(3000) },
    );
  });

  it('reports bad names, undeclared prefixes and duplicate attributes as before', () => {
    expect(namespaceProblem('<a:b:c/>')?.message).toMatch(/not a valid QName/);
    expect(namespaceProblem('<1a/>')?.message).toMatch(/not a valid QName/);
    expect(namespaceProblem('<a:/>')?.message).toMatch(/not a valid QName/);
    expect(namespaceProblem('<é:x xmlns:é="urn:e"/>')).toBeNull();
    expect(namespaceProblem('<a\u00A0x="1"/>')).toBeNull();
    expect(namespaceProblem('<a x="1"\u2028x="2"/>')?.message).toMatch(/appears twice/);
    expect(namespaceProblem('<p:a/>')?.message).toMatch(/prefix “p” of <p:a> is not declared/);
    expect(namespaceProblem('<a xmlns:p="urn:p"><p:b/></a>\n<p:c/>')).toEqual({
      line: 2,
      message: 'prefix “p” of <p:c> is not declared',
    });
  });
});
