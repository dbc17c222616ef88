/**
 * Export that keeps the file's own formatting (the approach of recast and tomlkit): the output
 * is the source bytes with only the changed entries re-written. Untouched entries — still the
 * very objects the parse made, since every edit replaces the entries it changes — are copied as
 * byte spans; an edited entry has only its changed children re-written; a new entry takes the
 * style of the entry written before it; a deleted entry takes the whitespace before it along.
 * Before the root, what the spec forbids in any export is left out (a byte order mark, a
 * DOCTYPE, space before the XML declaration: prolog.ts) and said in `dropped`.
 * Cost: one identity check per entry plus copying the bytes, whatever the size of the file.
 */
import type { Entry, SitemapDocument } from '../model.ts';
import type { ExportChange } from '../serialize/exportChanges.ts';
import { canonicalNs } from '../serialize/namespaces.ts';
import { type ExportProblem, verifyExport } from '../serialize/verify.ts';
import {
  applySplices,
  type EntryStyle,
  editSplices,
  printEntry,
  readEntryXml,
  sameExtensions,
  styleOf,
} from './entryXml.ts';
import { changedValueSplices } from './extensionSplices.ts';
import { printFullEntry } from './fullEntry.ts';
import { keptProlog } from './prolog.ts';
import { escapeRawAmpersands, rawAmpersands } from './rawAmp.ts';
import { type KeepSource, type Prepared, prepared } from './source.ts';

/** A replacement of `body[from, to)` of the source by `bytes`. */
export interface ByteOp {
  from: number;
  to: number;
  bytes: Uint8Array;
}

/** What a keep-format export produced. */
export interface KeepOutput {
  /** The new file, uncompressed (the source body itself when nothing changed). */
  body: Uint8Array;
  /** The source body the ops apply to. */
  source: Uint8Array;
  /** Replacements of the source, ascending by `from`. */
  ops: ByteOp[];
  /** Entries re-written, added, removed (moved entries count as re-written). */
  edited: number;
  /**
   * Of those, entries written whole because their extension data changed beyond values (an
   * element added or removed; extensions normalized). Changed values are re-written in place.
   */
  whole: number;
  added: number;
  removed: number;
  /**
   * What was left out before the root because the spec forbids it in an export (prolog.ts: a
   * byte order mark, a DOCTYPE, leading space), for "What the export changes"; [] when nothing.
   */
  dropped: ExportChange[];
  /** Unescaped `&` of the source written as `&amp;` (ENC-005), so the file is well-formed. */
  escaped: number;
  /** True when the output is the source byte for byte. */
  identical: boolean;
}

/** The export cannot keep the formatting; `reason` says why (the caller offers normalized output). */
export class KeepFormatUnavailable extends Error {}

/**
 * The error for a kept export whose verification (`verifyExport` of its body, which the caller
 * may run elsewhere, e.g. in a worker after `keepFormat(doc, src, { verify: false })`) found
 * problems; null when there were none.
 */
export function keptProblem(problems: readonly ExportProblem[]): KeepFormatUnavailable | null {
  if (problems.length === 0) return null;
  return new KeepFormatUnavailable(
    `the rewritten file did not read back as the document (${problems[0].message})`,
  );
}

function isSpaceByte(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Start of the whitespace run ending at byte `at`. */
function leadStart(body: Uint8Array, at: number): number {
  let i = at;
  while (i > 0 && isSpaceByte(body[i - 1])) i--;
  return i;
}

/** Ascii bytes → string (whitespace leads). */
function ascii(body: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(body[i]);
  return s;
}

/**
 * Re-write `doc` over the file it came from (`src`), keeping every byte outside the changed
 * entries. Throws {@link KeepFormatUnavailable} when the edits cannot be written that way (the
 * file's encoding cannot hold them, an entry's extension data changed, …).
 *
 * @example const out = keepFormat(doc, keepSourceOf(bytes, parseSitemap(bytes))!); out.identical // true when untouched
 */
export function keepFormat(
  doc: SitemapDocument,
  src: KeepSource,
  options: {
    verify?: boolean;
    /**
     * False: an entry whose extension data changed is written whole (the fallback when the
     * in-place rewrite of its changed values did not read back as the document).
     */
    partial?: boolean;
  } = {},
): KeepOutput {
  if (doc.kind !== src.kind) throw new KeepFormatUnavailable(`the document is no longer a ${src.kind}`);
  const rows = doc.entries;
  const orig = src.entries;
  if (rows.length === orig.length) {
    let same = true;
    for (let i = 0; i < rows.length && same; i++) same = rows[i] === orig[i];
    if (same) {
      const p = src.gzip ? prepared(src) : null;
      const source = p ? p.body : src.file;
      const head = keptProlog(source, src.kind, src.encoding);
      // An unescaped & is written as &amp; (below): a file that has one is not kept byte for byte.
      if (!head && (src.kind === 'text' || rawAmpersands(source).length === 0))
        return {
          body: source,
          source,
          ops: [],
          edited: 0,
          whole: 0,
          added: 0,
          removed: 0,
          dropped: [],
          escaped: 0,
          identical: true,
        };
      let ops = head ? [{ from: 0, to: head.to, bytes: head.bytes }] : [];
      const amps = src.kind === 'text' ? null : escapeRawAmpersands(source, ops);
      if (amps) ops = amps.ops;
      const body = assemble(source, ops);
      const dropped = head?.changes ?? [];
      return {
        body,
        source,
        ops,
        edited: 0,
        whole: 0,
        added: 0,
        removed: 0,
        dropped,
        escaped: amps?.escaped ?? 0,
        identical: false,
      };
    }
  }
  const p = prepared(src);
  if (!p) {
    const why = src.layout.lossy
      ? 'the file holds bytes that are not valid in its encoding'
      : `edits cannot be written in the file's encoding (${src.encoding})`;
    throw new KeepFormatUnavailable(why);
  }
  const partial = options.partial !== false;
  const plan = src.kind === 'text' ? textOps(rows, src, p) : xmlOps(rows, src, p, partial);
  // Before the root: ahead of every other op (they are all past the root's start tag).
  const head = keptProlog(p.body, src.kind, src.encoding);
  if (head) {
    // (A text file's only line removed takes the bytes from 0: those past the prolog's.)
    plan.ops = plan.ops.map((op) =>
      op.from < head.to ? { ...op, from: head.to, to: Math.max(op.to, head.to) } : op,
    );
    plan.ops.unshift({ from: 0, to: head.to, bytes: head.bytes });
  }
  // ENC-005: the source's unescaped & (read as a literal &) written as &amp;, in copied spans
  // and in re-written entries alike, so that the kept file is well-formed (a text file has none).
  const amps = src.kind === 'text' ? null : escapeRawAmpersands(p.body, plan.ops);
  if (amps) plan.ops = amps.ops;
  const body = assemble(p.body, plan.ops);
  if (plan.ops.length > 0 && options.verify !== false) {
    // Verified, not trusted (issue 20): the rewritten file must read back as the edited document.
    const problem = keptProblem(verifyExport(doc, body, { maxProblems: 1 }));
    if (problem && partial && src.kind !== 'text')
      return keepFormat(doc, src, { ...options, partial: false });
    if (problem) throw problem;
  }
  return {
    body,
    source: p.body,
    whole: 0,
    ...plan,
    dropped: head?.changes ?? [],
    escaped: amps?.escaped ?? 0,
    identical: plan.ops.length === 0,
  };
}

interface Plan {
  whole?: number;
  ops: ByteOp[];
  edited: number;
  added: number;
  removed: number;
}

/** Source index of a row (its parse id when it came from the file), or -1 for a new row. */
function sourceIndex(e: Entry, orig: readonly Entry[]): number {
  return e.id < orig.length && orig[e.id] !== undefined && orig[e.id].id === e.id ? e.id : -1;
}

/** Walks the rows against the source entries; the XML and text writers fill in the bytes. */
interface Writer {
  /** Replacement ops for source entry `k` now holding `e` (none when equal). */
  edit(k: number, e: Entry): ByteOp[];
  /** Bytes inserted at `at` for a new (or moved) row written after source entry `after` (-1: none). */
  insert(e: Entry, after: number, at: number): ByteOp;
  /** The byte range removed with source entry `k`. */
  removal(k: number): [number, number];
  /** Where rows go before any source entry stays in place. */
  firstAnchor(): number;
}

function walk(rows: readonly Entry[], orig: readonly Entry[], p: Prepared, w: Writer): Plan {
  const n = orig.length;
  const present = new Uint8Array(n);
  for (const e of rows) {
    const k = sourceIndex(e, orig);
    if (k >= 0) present[k] = 1;
  }
  const ops: ByteOp[] = [];
  let edited = 0;
  let added = 0;
  let removed = 0;
  let last = -1;
  let anchor = w.firstAnchor();
  let lastRow = -1;
  const drop = (j: number) => {
    const [from, to] = w.removal(j);
    ops.push({ from, to, bytes: new Uint8Array(0) });
  };
  for (const e of rows) {
    const k = sourceIndex(e, orig);
    if (k > last) {
      for (let j = last + 1; j < k; j++) {
        drop(j);
        if (!present[j]) removed++;
      }
      if (e !== orig[k]) {
        const edit = w.edit(k, e);
        if (edit.length > 0) edited++;
        for (const op of edit) ops.push(op);
      }
      last = k;
      lastRow = k;
      anchor = p.spans[2 * k + 1];
      continue;
    }
    ops.push(w.insert(e, lastRow, anchor));
    if (k >= 0) edited++;
    else added++;
  }
  for (let j = last + 1; j < n; j++) {
    drop(j);
    if (!present[j]) removed++;
  }
  // Stable: ops at one position keep the order they were made in.
  const sorted = ops.map((op, i) => ({ op, i })).sort((a, b) => a.op.from - b.op.from || a.i - b.i);
  return { ops: sorted.map((x) => x.op), edited, added, removed };
}

function xmlOps(rows: readonly Entry[], src: KeepSource, p: Prepared, partial: boolean): Plan {
  const orig = src.entries;
  const isIndex = src.kind === 'sitemapindex';
  const text = (k: number) => p.decode(p.body.subarray(p.spans[2 * k], p.spans[2 * k + 1]));
  const encode = (s: string) => {
    const b = p.encode(s, true);
    if (!b)
      throw new KeepFormatUnavailable(`edits cannot be written in the file's encoding (${src.encoding})`);
    return b;
  };
  const styles = new Map<number, { style: EntryStyle; lead: string }>();
  const styleAt = (k: number) => {
    let s = styles.get(k);
    if (!s) {
      const start = p.spans[2 * k];
      s = { style: styleOf(readEntryXml(text(k))), lead: ascii(p.body, leadStart(p.body, start), start) };
      styles.set(k, s);
    }
    return s;
  };
  // Namespace prefixes whole re-written entries use, and which the root must declare.
  const uses = new Map<string, string>();
  let whole = 0;
  const full = (e: Entry, open: string, style: EntryStyle, lead: string) => {
    whole++;
    const printed = printFullEntry(e, open, style, lead, isIndex, src.namespaces);
    for (const [prefix, uri] of printed.uses) if (!open.includes(`xmlns:${prefix}=`)) uses.set(prefix, uri);
    return printed.text;
  };
  const entryText = (k: number, e: Entry): string => {
    const t = text(k);
    if (e === orig[k]) return t;
    const x = readEntryXml(t);
    const splices = editSplices(x, orig[k], e, isIndex);
    if (splices) return applySplices(t, splices);
    // Extension data changed: its changed values in place, when the change is values only.
    const values = partial ? changedValueSplices(x, orig[k], e, isIndex, src.namespaces) : null;
    if (values) return applySplices(t, values);
    if (sameExtensions(orig[k], e) || (isIndex && (e.changefreq !== undefined || e.priority !== undefined)))
      throw new KeepFormatUnavailable(unavailableEdit(orig[k], e));
    const open = x.closeStart === -1 ? `${t.slice(0, x.openEnd - 2).trimEnd()}>` : t.slice(0, x.openEnd);
    return full(e, open, styleOf(x), styleAt(k).lead);
  };
  const n = orig.length;
  const plan = walk(rows, orig, p, {
    edit(k, e) {
      const t = text(k);
      const next = entryText(k, e);
      if (next === t) return [];
      return [{ from: p.spans[2 * k], to: p.spans[2 * k + 1], bytes: encode(next) }];
    },
    insert(e, after, at) {
      const k = sourceIndex(e, orig);
      if (k >= 0) {
        const { lead } = styleAt(k);
        return { from: at, to: at, bytes: encode(lead + entryText(k, e)) };
      }
      const ref = after >= 0 ? after : n > 0 ? 0 : -1;
      const { style, lead } = ref >= 0 ? styleAt(ref) : { style: defaultStyle(src, isIndex), lead: '\n  ' };
      if (isIndex && (e.changefreq !== undefined || e.priority !== undefined))
        throw new KeepFormatUnavailable('an entry of a sitemap index cannot hold changefreq or priority');
      const printed = printEntry(e, style, isIndex) ?? full(e, `<${style.name}>`, style, lead);
      return { from: at, to: at, bytes: encode(lead + printed) };
    },
    removal(k) {
      const start = p.spans[2 * k];
      return [leadStart(p.body, start), p.spans[2 * k + 1]];
    },
    firstAnchor() {
      if (n > 0) return leadStart(p.body, p.spans[0]);
      if (p.rootCloseStart < 0) throw new KeepFormatUnavailable('the root element is empty (<urlset/>)');
      return leadStart(p.body, p.rootCloseStart);
    },
  });
  const decls = rootDeclarations(uses, src.namespaces);
  if (decls !== '') {
    // The one change outside the entries: declarations the re-written entries need, added at
    // the end of the root start tag.
    const at = p.rootOpenEnd - 1;
    if (p.body[at] !== 62 || p.body[at - 1] === 47)
      throw new KeepFormatUnavailable('the root start tag cannot take a namespace declaration');
    plan.ops.unshift({ from: at, to: at, bytes: encode(decls) });
  }
  return { ...plan, whole };
}

/** ` xmlns:p="uri"` for each used prefix the root does not declare; throws when one is bound elsewhere. */
function rootDeclarations(uses: Map<string, string>, declared: Readonly<Record<string, string>>): string {
  let out = '';
  for (const [prefix, uri] of uses) {
    const have = declared[prefix];
    if (have === undefined)
      out += ` xmlns:${prefix}="${uri.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
    else if (have !== uri && canonicalNs(have) !== uri)
      throw new KeepFormatUnavailable(`the prefix "${prefix}:" is bound to another namespace in this file`);
  }
  return out;
}

/** Entry style when the file has no entry to copy it from: unprefixed names, two-space indent. */
function defaultStyle(src: KeepSource, isIndex: boolean): EntryStyle {
  const core = Object.entries(src.namespaces).find(([, uri]) =>
    /sitemaps\.org\/schemas\/sitemap\/0\.9/.test(uri),
  );
  const prefix = core && core[0] !== '' ? `${core[0]}:` : '';
  return { name: `${prefix}${isIndex ? 'sitemap' : 'url'}`, prefix, childLead: '\n    ', closeLead: '\n  ' };
}

function unavailableEdit(before: Entry, after: Entry): string {
  const where = before.line !== undefined ? ` (line ${before.line})` : '';
  if (!sameExtensions(before, after))
    return `the images, videos, news, alternates or other elements of ${before.loc}${where} changed`;
  return `the entry ${before.loc.trim()}${where} cannot be re-written in place (a value without an element of its own)`;
}

/** The file's line break: the first one in the body, or LF. */
function lineBreakOf(body: Uint8Array): string {
  const lf = body.indexOf(10);
  const cr = body.indexOf(13);
  if (cr !== -1 && (lf === -1 || cr < lf)) return body[cr + 1] === 10 ? '\r\n' : '\r';
  return '\n';
}

function textOps(rows: readonly Entry[], src: KeepSource, p: Prepared): Plan {
  const orig = src.entries;
  const body = p.body;
  const eol = lineBreakOf(body);
  const encode = (s: string) => {
    if (/[\r\n]/.test(s)) throw new KeepFormatUnavailable('a text sitemap line cannot hold a line break');
    const b = p.encode(s, false);
    if (!b)
      throw new KeepFormatUnavailable(`edits cannot be written in the file's encoding (${src.encoding})`);
    return b;
  };
  const breakAfter = (at: number) =>
    body[at] === 13 ? (body[at + 1] === 10 ? 2 : 1) : body[at] === 10 ? 1 : 0;
  const lineOf = (k: number, e: Entry) =>
    e === orig[k] ? body.subarray(p.spans[2 * k], p.spans[2 * k + 1]) : encode(e.loc);
  const n = orig.length;
  const joined = (a: string | Uint8Array, b: string | Uint8Array) => {
    const x = typeof a === 'string' ? new TextEncoder().encode(a) : a;
    const y = typeof b === 'string' ? new TextEncoder().encode(b) : b;
    const out = new Uint8Array(x.length + y.length);
    out.set(x);
    out.set(y, x.length);
    return out;
  };
  return walk(rows, orig, p, {
    edit(k, e) {
      if (e.loc === orig[k].loc) return [];
      return [{ from: p.spans[2 * k], to: p.spans[2 * k + 1], bytes: encode(e.loc) }];
    },
    insert(e, after, at) {
      const k = sourceIndex(e, orig);
      const line = k >= 0 ? lineOf(k, e) : encode(e.loc);
      // After a line: a break then the line; before the first line: the line then a break.
      if (after >= 0) return { from: at, to: at, bytes: joined(eol, line) };
      return { from: at, to: at, bytes: joined(line, eol) };
    },
    removal(k) {
      const start = p.spans[2 * k];
      const end = p.spans[2 * k + 1];
      const br = breakAfter(end);
      if (br > 0) return [start, end + br];
      // The last line has no break: take the one before it instead (the file's end stays as it was).
      return [k > 0 ? p.spans[2 * k - 1] : 0, end];
    },
    firstAnchor() {
      return n > 0 ? p.spans[0] : body.length;
    },
  });
}

/** The source with the ops applied (one allocation, spans copied with `set`). */
export function assemble(body: Uint8Array, ops: readonly ByteOp[]): Uint8Array {
  let size = body.length;
  for (const op of ops) size += op.bytes.length - (op.to - op.from);
  const out = new Uint8Array(size);
  let pos = 0;
  let w = 0;
  for (const op of ops) {
    if (op.from > pos) {
      out.set(body.subarray(pos, op.from), w);
      w += op.from - pos;
    }
    out.set(op.bytes, w);
    w += op.bytes.length;
    pos = Math.max(pos, op.to);
  }
  out.set(body.subarray(pos), w);
  return out;
}
