/**
 * Keep-format export on the real-world corpus (../shared/fixtures/real): every file that parses
 * without a fatal error comes back byte for byte when nothing was edited, and random edits,
 * additions and deletions change only the lines of the entries they touch.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { runs as runs_ } from '../testing/arbitraries.ts';
import { exportableText } from '../testing/exportable.ts';
import { KeepFormatUnavailable, type KeepOutput, keepFormat } from './keepFormat.ts';
import { cannotEdit, type KeepSource, keepSourceOf, prepared } from './source.ts';

const corpusDir = path.resolve(import.meta.dirname, '../../../../shared/fixtures/real');
const present = existsSync(path.join(corpusDir, 'SOURCES.md'));
if (!present) console.warn(`keepFormat.corpus.test: ${corpusDir} is missing; corpus tests are skipped`);
const files = present ? readdirSync(corpusDir).filter((f) => f !== 'SOURCES.md') : [];
const bytesOf = (f: string) => new Uint8Array(readFileSync(path.join(corpusDir, f)));

/** Files that parse without a fatal error, with their keep source (null: feed / robots). */
const parsed = files
  .map((file) => {
    const bytes = bytesOf(file);
    const r = parseSitemap(bytes, { fileName: file });
    return { file, bytes, r, src: r.fatal ? null : keepSourceOf(bytes, r) };
  })
  .filter((x) => x.r.fatal === null);

/** An & that starts no entity or character reference. */
const RAW_AMP = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/;

/** The file has an unescaped & (ENC-005), which every export writes as &amp;. */
const hasRawAmp = (r: ReturnType<typeof parseSitemap>) => r.issues.some((i) => i.rule === 'ENC-005');

describe('keep-format export, corpus', () => {
  it.skipIf(!present)('gives back every well-formed file byte for byte when nothing was edited', () => {
    expect(parsed.length).toBeGreaterThan(60);
    let sources = 0;
    let dropping = 0;
    for (const { file, bytes, r, src } of parsed) {
      if (!src) {
        // Feeds and robots.txt become sitemaps on export: there is no formatting to keep.
        expect(['feed', 'robots'], file).toContain(r.kind);
        continue;
      }
      sources++;
      const out = keepFormat(r.document, src);
      const original = src.gzip ? (prepared(src)?.body ?? bytes) : bytes;
      if (out.dropped.length > 0) {
        // What the spec forbids before the root is left out (prolog.ts), and only that.
        dropping++;
        const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(original);
        expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(out.body), file).toBe(
          exportableText(text, r.kind),
        );
        continue;
      }
      if (hasRawAmp(r)) {
        // Not well-formed (ENC-005): the one change is each raw & written as &amp;.
        expect(out.escaped, file).toBeGreaterThan(0);
        expect(out.ops.length, file).toBe(out.escaped);
        const unescaped = (b: Uint8Array) => Buffer.from(b).toString('latin1').replace(/&amp;/g, '&');
        expect(unescaped(out.body), file).toBe(unescaped(original));
        expect(
          parseSitemap(out.body).issues.filter((i) => i.rule === 'ENC-005'),
          file,
        ).toEqual([]);
        continue;
      }
      expect(out.identical, file).toBe(true);
      expect(out.ops, file).toEqual([]);
      expect(Buffer.from(out.body).equals(Buffer.from(original)), file).toBe(true);
    }
    expect(sources).toBeGreaterThan(55);
    // A BOM (text and XML), a BOM over a declared ISO-8859-1, a DOCTYPE.
    expect(dropping).toBe(3);
  });

  it.skipIf(!present)('re-writes nothing when every entry is replaced by an equal copy', () => {
    for (const { file, r, src } of parsed) {
      if (!src || cannotEdit(src)) continue;
      const doc = { ...r.document, entries: r.document.entries.map((e) => ({ ...e })) };
      const out = keepFormat(doc, src);
      // (Only the prolog's op, when the spec has something left out there: prolog.ts; and one op
      // per unescaped &, ENC-005.)
      const head = out.dropped.length > 0 ? 1 : 0;
      expect(out.ops.length - head, file).toBe(out.escaped);
      expect(out.escaped > 0, file).toBe(hasRawAmp(r));
      expect(out.edited, file).toBe(0);
    }
  });

  const editable = parsed.filter(
    (x): x is typeof x & { src: KeepSource } => x.src !== null && cannotEdit(x.src) === null,
  );

  it.skipIf(!present)(
    'edits, additions and deletions re-parse to the edited document and touch only their lines',
    () => {
      expect(editable.length).toBeGreaterThan(50);
      let runs = 0;
      let refused = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: editable.length - 1 }),
          fc.array(editArb, { minLength: 1, maxLength: 8 }),
          (which, edits) => {
            const { file, r, src } = editable[which];
            const { doc, touched } = applyEdits(r.document, edits);
            let out: KeepOutput;
            try {
              out = keepFormat(doc, src);
            } catch (e) {
              // Only an entry without a <loc> element (its bare text is the location) is refused.
              expect(e, file).toBeInstanceOf(KeepFormatUnavailable);
              expect(String(e), file).toMatch(/cannot be re-written in place/);
              refused++;
              return;
            }
            runs++;
            const again = parseSitemap(out.body, { fileName: file });
            if (doc.kind === 'text' && doc.entries.length === 0) {
              // Every line deleted: an empty text file (what is left is its BOM and blank lines).
              expect(again.fatal?.message, file).toMatch(/empty/);
              return;
            }
            expect(again.fatal, file).toBeNull();
            expect(again.document.entries.map(plain), file).toEqual(doc.entries.map(plain));
            // Against the original, only lines of the touched entries changed: the other lines come
            // back as the same runs, in order, with only re-written lines between them.
            const p = prepared(src);
            if (!p) throw new Error('prepared');
            const decode = (b: Uint8Array) => new TextDecoder().decode(b);
            const allowed = touchedLines(p.body, p.spans, touched);
            // A namespace the file did not declare goes on the root start tag: its line may change.
            const rootLine = lineOfByte(p.body, p.rootOpenEnd);
            if (rootLine > 0 && /xmlns:image=/.test(decode(out.body).slice(0, 4096)) && !src.namespaces.image)
              allowed.add(rootLine);
            // What the spec forbids before the root is left out: the lines up to the root's may change.
            if (out.dropped.length > 0)
              for (let l = 1; l <= Math.max(1, lineOfByte(p.body, p.rootOpenEnd)); l++) allowed.add(l);
            // A file without entries: new ones go before the root end tag, on its line.
            if (src.entries.length === 0) for (let l = 1; l <= p.body.length; l++) allowed.add(l);
            // Not well-formed (ENC-005): every export writes each raw & as &amp;, edited or not.
            if (hasRawAmp(r))
              decode(p.body)
                .split(/\r\n|\r|\n/)
                .forEach((line, i) => {
                  if (RAW_AMP.test(line)) allowed.add(i + 1);
                });
            expect(keptRuns(decode(p.body), decode(out.body), allowed), file).toBe(true);
          },
        ),
        { numRuns: runs_(150) },
      );
      expect(refused).toBeLessThan(runs / 10);
    },
  );
});

type Edit =
  | { op: 'set'; at: number; field: 'loc' | 'lastmod' | 'changefreq' | 'priority'; value: string | undefined }
  | { op: 'add'; at: number; loc: string; lastmod?: string }
  | { op: 'delete'; at: number }
  | { op: 'image'; at: number; loc: string };

const urlChars = fc.constantFrom(...'abcxyz019-_/&<>\'"é'.split(''));
const locArb = fc
  .string({ unit: urlChars, minLength: 1, maxLength: 12 })
  .map((s) => `https://edit.example/${s}`);
const dateArb = fc.constantFrom('2025-01-02', '2024-12-31T10:00:00+00:00', '2020-02', ' 2021-01-01 ');
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    op: fc.constant('set' as const),
    at: fc.nat(),
    field: fc.constant('loc' as const),
    value: locArb,
  }),
  fc.record({
    op: fc.constant('set' as const),
    at: fc.nat(),
    field: fc.constant('lastmod' as const),
    value: fc.option(dateArb, { nil: undefined }),
  }),
  fc.record({
    op: fc.constant('set' as const),
    at: fc.nat(),
    field: fc.constantFrom('changefreq' as const, 'priority' as const),
    value: fc.option(fc.constantFrom('daily', '0.5', '1'), { nil: undefined }),
  }),
  fc.record({
    op: fc.constant('add' as const),
    at: fc.nat(),
    loc: locArb,
    lastmod: fc.option(dateArb, { nil: undefined }),
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  // Extension elements of a re-written entry go through the normalized writers (URLs escaped,
  // values trimmed): the new image's URL is one they leave as it is.
  fc.record({
    op: fc.constant('image' as const),
    at: fc.nat(),
    loc: fc.stringMatching(/^[a-z0-9]{1,8}$/).map((s) => `https://edit.example/${s}.jpg`),
  }),
);

/** Apply edits as the app does (new objects for changed entries); `touched` = source ids whose lines may change. */
function applyEdits(doc: SitemapDocument, edits: Edit[]): { doc: SitemapDocument; touched: Set<number> } {
  const entries = doc.entries.slice();
  const touched = new Set<number>();
  const n = doc.entries.length;
  let nextId = doc.nextId;
  const anchorOf = (i: number) => {
    // The source entries next to row i: an insertion changes at most their lines.
    for (let j = i - 1; j >= 0; j--) if (entries[j].id < n) return touched.add(entries[j].id);
    for (let j = i; j < entries.length; j++) if (entries[j].id < n) return touched.add(entries[j].id);
  };
  for (const e of edits) {
    if (e.op === 'add') {
      const at = e.at % (entries.length + 1);
      const entry: Entry = { id: nextId++, loc: doc.kind === 'text' ? e.loc : e.loc };
      if (e.lastmod !== undefined && doc.kind !== 'text') entry.lastmod = e.lastmod;
      entries.splice(at, 0, entry);
      anchorOf(at);
      continue;
    }
    if (entries.length === 0) continue;
    const at = e.at % entries.length;
    const old = entries[at];
    if (e.op === 'delete') {
      entries.splice(at, 1);
      if (old.id < n) touched.add(old.id);
      anchorOf(at);
      continue;
    }
    if (e.op === 'image') {
      // An entry whose extension data changes is written whole, its extension elements in the
      // normalized form: only entries without any keep their values exactly through that.
      const bare = !old.images?.length && !old.videos?.length && !old.news?.length;
      if (doc.kind !== 'urlset' || !bare || old.alternates?.length || old.extras?.length) continue;
      entries[at] = { ...old, images: [...(old.images ?? []), { loc: e.loc }] };
      if (old.id < n) touched.add(old.id);
      continue;
    }
    if (doc.kind === 'text' && e.field !== 'loc') continue;
    if (doc.kind === 'sitemapindex' && (e.field === 'changefreq' || e.field === 'priority')) continue;
    if (e.field === 'loc' && e.value === undefined) continue;
    const next: Entry = { ...old };
    if (e.value === undefined) delete next[e.field as 'lastmod'];
    else next[e.field] = e.value;
    entries[at] = next;
    if (old.id < n) touched.add(old.id);
  }
  return { doc: { ...doc, entries, nextId }, touched };
}

/** An entry's values: no id and no source positions (of the entry or of its preserved elements). */
function plain(e: Entry): unknown {
  const { id: _id, ...rest } = e;
  return JSON.parse(JSON.stringify(rest, (k, v) => (k === 'line' || k === 'column' ? undefined : v)));
}

/**
 * 1-based line numbers covered by the touched source entries, with the blank lines around them
 * (an insertion next to an entry may align with either of the blank lines that part entries).
 */
function touchedLines(body: Uint8Array, spans: Int32Array, touched: Set<number>): Set<number> {
  const out = new Set<number>();
  const starts = [0];
  for (let i = 0; i < body.length; i++)
    if (body[i] === 10 || (body[i] === 13 && body[i + 1] !== 10)) starts.push(i + 1);
  const lineAt = (at: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const space = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
  for (const k of touched) {
    let a = spans[2 * k];
    while (a > 0 && space(body[a - 1])) a--;
    let b = spans[2 * k + 1];
    while (b < body.length && space(body[b])) b++;
    const from = lineAt(a);
    const to = lineAt(b);
    for (let l = from; l <= to; l++) out.add(l);
  }
  return out;
}

/**
 * True when `after` is `before` with only `allowed` lines (1-based) re-written: the runs of the
 * other lines appear in `after` whole, in order, the first at the start and the last at the end
 * when they hold the first / last line. (Independent of any diff algorithm's choices.)
 */
function keptRuns(before: string, after: string, allowed: Set<number>): boolean {
  const a = before.split(/\r\n|\r|\n/);
  const b = after.split(/\r\n|\r|\n/);
  const runs: Array<{ lines: string[]; first: boolean; last: boolean }> = [];
  for (let i = 0; i < a.length; ) {
    if (allowed.has(i + 1)) {
      i++;
      continue;
    }
    const start = i;
    while (i < a.length && !allowed.has(i + 1)) i++;
    runs.push({ lines: a.slice(start, i), first: start === 0, last: i === a.length });
  }
  let at = 0;
  for (const run of runs) {
    const n = run.lines.length;
    let found = -1;
    const from = run.last ? b.length - n : at;
    const to = run.first ? 0 : b.length - n;
    for (let j = from; j <= to && j >= at; j++) {
      let k = 0;
      while (k < n && b[j + k] === run.lines[k]) k++;
      if (k === n) {
        found = j;
        break;
      }
    }
    if (found < 0) return false;
    at = found + n;
  }
  return true;
}

/** 1-based line of byte `at` (0 when absent). */
function lineOfByte(body: Uint8Array, at: number): number {
  if (at < 0) return 0;
  let line = 1;
  for (let i = 0; i < at; i++) if (body[i] === 10 || (body[i] === 13 && body[i + 1] !== 10)) line++;
  return line;
}
