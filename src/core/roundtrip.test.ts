import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Alternate, Entry, RawXml, SitemapDocument, XNode } from './model.ts';
import { parseSitemap } from './parse.ts';
import { serializeFiles, serializeSitemap } from './serialize.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const realDir = path.join(path.resolve(repoRoot, '../shared'), 'fixtures', 'real');
const haveReal = existsSync(realDir);
if (!haveReal) console.warn(`roundtrip.test: ${realDir} is missing; the real-corpus round trip is skipped.`);

// Independent, test-side versions of the OUT-005/006 normalisations, so a value written in its
// canonical form compares equal to the value that was read.
function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** URLs compare after percent-decoding: escaping on export (LOC-003/004) must not change them otherwise. */
function url(s: string | undefined): string | undefined {
  return s === undefined ? undefined : decode(s.trim());
}

function date(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const t = s.trim();
  const hm = /^(\d{4}-\d\d-\d\dT\d\d:\d\d)(Z|[+-]\d\d:\d\d)?$/.exec(t);
  if (hm) return `${hm[1]}:00${hm[2] ?? ''}`;
  const dz = /^(\d{4}-\d\d-\d\d)(Z|[+-]\d\d:\d\d)$/.exec(t);
  return dz ? dz[1] : t;
}

function loose(s: string): string {
  const t = s.trim().replace(/\s+/g, ' ');
  if (/^[+]?\d*\.?\d+$/.test(t)) return String(Number(t));
  return t.toLowerCase();
}

function value(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

function nodes(list: readonly XNode[] | undefined): string[] {
  const out: string[] = [];
  for (const n of list ?? []) {
    const attrs = Object.entries(n.attrs ?? {})
      .map(([k, v]) => `${k}=${loose(v)}`)
      .sort()
      .join(',');
    const inner = n.children?.length ? `{${nodes(n.children).join(';')}}` : '';
    const text = /_loc$/.test(n.name)
      ? (url(n.text) ?? '')
      : /date$/.test(n.name)
        ? (date(n.text) ?? '')
        : loose(n.text);
    if (text === '' && attrs === '' && inner === '') continue;
    out.push(`${n.name}[${attrs}]${inner}=${text}`);
  }
  return out.sort();
}

function alternates(list: readonly Alternate[] | undefined): string[] {
  return (list ?? [])
    .map((a) => `${a.rel?.trim()}|${a.media?.trim()}|${a.hreflang?.trim()}|${url(a.href)}`)
    .sort();
}

function extras(list: readonly RawXml[] | undefined): string[] {
  return (list ?? []).map(
    (x) => `${x.name}:${x.xml.replace(/\s+xmlns(:\w+)?="[^"]*"/g, '').replace(/\s+/g, ' ')}`,
  );
}

/** Everything a user would call "the data" of an entry, in comparable form. */
function comparable(e: Entry): unknown {
  return {
    loc: url(e.loc),
    lastmod: value(date(e.lastmod)),
    changefreq: value(e.changefreq)?.toLowerCase(),
    priority: e.priority === undefined || e.priority.trim() === '' ? undefined : loose(e.priority),
    images: (e.images ?? []).map((i) => ({
      loc: url(i.loc),
      caption: value(i.caption),
      title: value(i.title),
      geo: value(i.geoLocation),
      license: i.license === undefined ? undefined : url(i.license),
      extras: extras(i.extras),
    })),
    videos: (e.videos ?? []).map((v) => nodes(v.nodes)),
    news: (e.news ?? []).map((n) => nodes(n.nodes)),
    alternates: alternates(e.alternates),
    extras: extras(e.extras),
  };
}

const files = haveReal ? readdirSync(realDir).filter((f) => f !== 'SOURCES.md') : [];

describe('parse → serialize → parse keeps the data', () => {
  it.skipIf(!haveReal)('for every well-formed file of the real corpus', () => {
    let checked = 0;
    for (const name of files) {
      const first = parseSitemap(new Uint8Array(readFileSync(path.join(realDir, name))), { fileName: name });
      if (first.fatal !== null || first.document.entries.length === 0) continue;
      const isText = first.kind === 'text';
      const out = serializeSitemap(first.document, { format: isText ? 'txt' : 'xml' });
      const second = parseSitemap(out, { fileName: name });
      expect(second.fatal, name).toBeNull();
      const expected = first.document.entries.filter((e) => !isText || e.loc.trim() !== '').map(comparable);
      expect(second.document.entries.map(comparable), name).toEqual(expected);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

function doc(entries: Array<Omit<Entry, 'id'>>): SitemapDocument {
  return { kind: 'urlset', entries: entries.map((e, id) => ({ id, ...e })), nextId: entries.length };
}

// XML 1.0 Char production, written independently of the serializer.
function xmlAllowed(s: string): string {
  return [...s]
    .filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      if (c === 0x9 || c === 0xa || c === 0xd) return true;
      if (c < 0x20) return false;
      if (c >= 0xd800 && c <= 0xdfff) return false;
      return c !== 0xfffe && c !== 0xffff;
    })
    .join('');
}

describe('round trip of generated values', () => {
  it('special characters, astral characters and controls in text and attributes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        (title, media) => {
          const d = doc([
            {
              loc: 'https://a.example/p?x=1&y=2',
              news: [{ nodes: [{ name: 'title', text: title }] }],
              alternates: [{ rel: 'alternate', media, href: 'https://m.a.example/' }],
            },
          ]);
          const { files: out, issues } = serializeFiles(d);
          const back = parseSitemap(out[0].bytes);
          expect(back.fatal).toBeNull();
          const e = back.document.entries[0];
          const wantTitle = xmlAllowed(title).trim();
          const gotTitle = e.news?.[0]?.nodes.find((n) => n.name === 'title')?.text;
          expect(gotTitle ?? '').toBe(wantTitle);
          const wantMedia = xmlAllowed(media).trim();
          expect(e.alternates?.[0].media ?? '').toBe(wantMedia);
          // Every forbidden character is reported, also U+000B/U+000C that JS trim() drops at the edges.
          const removed = xmlAllowed(title) !== title || xmlAllowed(media) !== media;
          expect(issues.some((i) => i.rule === 'ENC-008' && i.entry === 0)).toBe(removed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the five special characters and astral characters survive in every field kind', () => {
    const nasty = `Tom & Jerry's <"best"> 🎬𝄞 ünï`;
    const d = doc([
      {
        loc: `https://a.example/${encodeURIComponent(nasty)}?q=1&r='2'`,
        images: [{ loc: 'https://a.example/i.jpg', caption: nasty, title: nasty }],
        videos: [
          {
            nodes: [
              { name: 'title', text: nasty },
              { name: 'price', text: '1.99', attrs: { currency: `<&>` } },
            ],
          },
        ],
        alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://a.example/de?a=1&b=2' }],
      },
    ]);
    const back = parseSitemap(serializeSitemap(d));
    expect(back.fatal).toBeNull();
    expect(back.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(comparable(back.document.entries[0])).toEqual(comparable(d.entries[0]));
  });
});
