/**
 * What a normalized export changes beyond the user's edits (issue 15): every OUT-* rewrite the
 * serializer will make, counted, so the Export dialog can say it before the download. One pass
 * over the entries; the same helpers as the writers (escapeUrl, normalize*), so the list cannot
 * drift from what is written.
 */

import { plural } from '../format.ts';
import { readRows } from '../lazyEntries.ts';
import { type Entry, type Issue, NS, type SitemapDocument, type XNode } from '../model.ts';
import { hasEdgeSpace, isUrlLine, trimValue } from '../urls.ts';
import { escapeUrl } from './escape.ts';
import { canonicalNs } from './namespaces.ts';
import { normalizeChangefreq, normalizeDate, normalizePriority } from './normalize.ts';

/** Options that change what is written (a subset of SerializeOptions). */
export interface ExportChangeOptions {
  format?: 'xml' | 'txt' | 'xml.gz' | 'txt.gz' | 'zip';
  lean?: boolean;
  stripDeprecated?: boolean;
  nonUrlLines?: 'keep' | 'drop';
  schemaHints?: boolean;
}

/** One kind of change, with how many values or entries it touches and the rule that asks for it. */
export interface ExportChange {
  id: string;
  count: number;
  /** Plain sentence, e.g. "3 URLs percent-encoded (non-ASCII or spaces)". */
  text: string;
  /** The rule behind it: an OUT-* rule, or IMP-024 for what the reader does not keep. */
  rule: string;
}

/**
 * What every export leaves out before the root element because the spec forbids it there
 * (OUT-001; the export that keeps the file's formatting too, core/keep/prolog.ts), by the
 * reader's finding of it: the words "What the export changes" says them in.
 */
export const LEFT_OUT_BEFORE_ROOT = {
  'ENC-002': 'byte order mark at the start left out',
  'ENC-003': 'blank space before the XML declaration left out',
  'ENC-009': 'DOCTYPE left out',
} as const;

const DEPRECATED_IMAGE = ['caption', 'title', 'geoLocation', 'license'] as const;

function childText(nodes: readonly XNode[], name: string): string | undefined {
  for (const x of nodes) {
    if (x.name === name) return x.text;
    const inner = x.children ? childText(x.children, name) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

interface Tally {
  encoded: number;
  trimmed: number;
  dates: number;
  priorities: number;
  changefreqs: number;
  languages: number;
  leanCf: number;
  leanPrio: number;
  deprecated: number;
  nonUrl: number;
  metadata: number;
  imagesUsed: boolean;
  videoUsed: boolean;
  newsUsed: boolean;
  xhtmlUsed: boolean;
  extrasNs: Set<string>;
}

function tallyEntry(e: Entry, t: Tally, o: ExportChangeOptions, text: boolean, textDoc: boolean): void {
  if (textDoc && !isUrlLine(e.loc)) {
    // A blank row is written as nothing in every format: not a line to name.
    if (trimValue(e.loc) !== '') t.nonUrl++;
    return;
  }
  const loc = e.loc.trim();
  if (hasEdgeSpace(e.loc)) t.trimmed++;
  if (escapeUrl(loc) !== loc) t.encoded++;
  if (text) {
    if (e.lastmod !== undefined || e.changefreq !== undefined || e.priority !== undefined || e.images?.length)
      t.metadata++;
    return;
  }
  for (const v of [e.lastmod, e.changefreq, e.priority]) if (v !== undefined && hasEdgeSpace(v)) t.trimmed++;
  if (e.lastmod !== undefined && normalizeDate(e.lastmod.trim()) !== e.lastmod.trim()) t.dates++;
  if (e.changefreq !== undefined) {
    if (o.lean) t.leanCf++;
    else if (normalizeChangefreq(e.changefreq.trim()) !== e.changefreq.trim()) t.changefreqs++;
  }
  if (e.priority !== undefined) {
    if (o.lean) t.leanPrio++;
    else if (normalizePriority(e.priority.trim()) !== e.priority.trim()) t.priorities++;
  }
  for (const im of e.images ?? []) {
    t.imagesUsed = true;
    const l = im.loc.trim();
    if (escapeUrl(l) !== l) t.encoded++;
    if (hasEdgeSpace(im.loc)) t.trimmed++;
    if (o.stripDeprecated && DEPRECATED_IMAGE.some((k) => im[k] !== undefined)) t.deprecated++;
  }
  for (const a of e.alternates ?? []) {
    t.xhtmlUsed = true;
    const h = (a.href ?? '').trim();
    if (escapeUrl(h) !== h) t.encoded++;
  }
  if (e.videos?.length) t.videoUsed = true;
  for (const news of e.news ?? []) {
    t.newsUsed = true;
    const lang = childText(news.nodes, 'language')?.trim();
    if (lang !== undefined && lang.toLowerCase() !== lang) t.languages++;
  }
  for (const x of e.extras ?? []) t.extrasNs.add(x.ns);
}

/** Declared root namespaces the export will not write (unused, or xsi without schema hints). */
function droppedNamespaces(doc: SitemapDocument, t: Tally, o: ExportChangeOptions): string[] {
  const used = new Set<string>([NS.sitemap]);
  if (t.imagesUsed) used.add(NS.image);
  if (t.videoUsed) used.add(NS.video);
  if (t.newsUsed) used.add(NS.news);
  if (t.xhtmlUsed) used.add(NS.xhtml);
  if (o.schemaHints) used.add(NS.xsi);
  for (const ns of t.extrasNs) used.add(ns);
  for (const x of doc.rootExtras ?? []) used.add(x.ns);
  const out: string[] = [];
  for (const [prefix, uri] of Object.entries(doc.namespaces ?? {}))
    if (!used.has(canonicalNs(uri))) out.push(prefix === '' ? uri : `xmlns:${prefix}`);
  return out;
}

/** ENC-005's line of the list: what every XML export (kept formatting too) does. */
function ampText(n: number): string {
  return `${plural(n, 'value')} with an unescaped “&” written as &amp; (ENC-005)`;
}

/**
 * What an export that keeps the file's formatting changes beyond the user's edits: the `escaped`
 * unescaped `&` of the file (ENC-005, `KeepOutput.escaped`) it writes as `&amp;`.
 *
 * @example keptChanges(2) // [{ id: 'amp', count: 2, text: '2 unescaped “&” written as &amp; (ENC-005)', rule: 'OUT-004' }]
 */
export function keptChanges(escaped: number): ExportChange[] {
  return escaped > 0
    ? [
        {
          id: 'amp',
          count: escaped,
          text: `${escaped} unescaped “&” written as &amp; (ENC-005)`,
          rule: 'OUT-004',
        },
      ]
    : [];
}

/**
 * Every change a normalized export makes beyond the user's edits, with counts; empty when the
 * export writes back exactly what the document holds. `issues` are the document's findings
 * (parser order findings XML-006 / IMG-008 count the entries re-printed in XSD order; the
 * reader's ENC-002, ENC-003 and ENC-009 say what it leaves out before the root).
 *
 * @example exportChanges(doc, issues, { format: 'xml' })
 * // [{ id: 'encoded', count: 2, text: '2 URLs percent-encoded …', rule: 'OUT-004' }, …]
 */
export function exportChanges(
  doc: SitemapDocument,
  issues: readonly Issue[],
  o: ExportChangeOptions = {},
): ExportChange[] {
  const text = (o.format ?? 'xml').startsWith('txt');
  const textDoc = doc.kind === 'text';
  const t: Tally = {
    encoded: 0,
    trimmed: 0,
    dates: 0,
    priorities: 0,
    changefreqs: 0,
    languages: 0,
    leanCf: 0,
    leanPrio: 0,
    deprecated: 0,
    nonUrl: 0,
    metadata: 0,
    imagesUsed: false,
    videoUsed: false,
    newsUsed: false,
    xhtmlUsed: false,
    extrasNs: new Set(),
  };
  // Rows read and dropped: a received document's stay unmade (core/lazyEntries.ts).
  const rows = readRows(doc.entries);
  for (let i = 0; i < doc.entries.length; i++) tallyEntry(rows.peek(i), t, o, text, textDoc);
  const reordered = new Set<number>();
  let amps = 0;
  if (!text)
    for (const i of issues) {
      if ((i.rule === 'XML-006' || i.rule === 'IMG-008') && i.entry !== undefined) reordered.add(i.entry);
      else if (i.rule === 'ENC-005') amps++;
    }
  const out: ExportChange[] = [];
  const add = (id: string, count: number, text: string, rule: string) => {
    if (count > 0) out.push({ id, count, text, rule });
  };
  // (A text file's byte order mark is TXT-005's, with its blank lines.)
  if (!textDoc)
    for (const [rule, said] of Object.entries(LEFT_OUT_BEFORE_ROOT))
      add(rule, issues.some((i) => i.rule === rule) ? 1 : 0, said, rule);
  add('amp', amps, ampText(amps), 'OUT-004');
  add('encoded', t.encoded, `${plural(t.encoded, 'URL')} percent-encoded (spaces, non-ASCII)`, 'OUT-004');
  add('trimmed', t.trimmed, `${plural(t.trimmed, 'value')} with surrounding whitespace trimmed`, 'OUT-005');
  add(
    'reordered',
    reordered.size,
    `${plural(reordered.size, 'entry', 'entries')} written in XSD child order`,
    'OUT-003',
  );
  add(
    'dates',
    t.dates,
    `${plural(t.dates, 'date')} normalized (seconds added, zone on a bare date removed)`,
    'OUT-006',
  );
  add(
    'priorities',
    t.priorities,
    `${plural(t.priorities, 'priority', 'priorities')} rewritten (1 → 1.0, 0.50 → 0.5)`,
    'OUT-006',
  );
  add(
    'changefreqs',
    t.changefreqs,
    `${plural(t.changefreqs, 'change frequency', 'change frequencies')} lowercased`,
    'OUT-006',
  );
  add(
    'languages',
    t.languages,
    `${plural(t.languages, 'news:language value')} lowercased (en-US → en-us)`,
    'OUT-006',
  );
  if (!text) {
    const ns = droppedNamespaces(doc, t, o);
    add(
      'namespaces',
      ns.length,
      `${plural(ns.length, 'unused namespace')} dropped: ${ns.join(', ')}`,
      'OUT-002',
    );
  }
  const u = doc.unkept;
  if (u) {
    const quoted = u.commentSamples.map((c) => `“${c}”`);
    if (u.comments > quoted.length) quoted.push('…');
    add('comments', u.comments, `${plural(u.comments, 'comment')} left out: ${quoted.join(', ')}`, 'IMP-024');
    const names = u.instructionNames.map((p) => `<?${p}?>`);
    if (u.instructions > u.instructionNames.length) names.push('…');
    add(
      'instructions',
      u.instructions,
      `${plural(u.instructions, 'processing instruction')} left out: ${names.join(', ')}`,
      'IMP-024',
    );
  }
  add(
    'lean-cf',
    t.leanCf,
    `${plural(t.leanCf, 'change frequency', 'change frequencies')} left out (Lean output)`,
    'OUT-007',
  );
  add(
    'lean-prio',
    t.leanPrio,
    `${plural(t.leanPrio, 'priority', 'priorities')} left out (Lean output)`,
    'OUT-007',
  );
  add('deprecated', t.deprecated, `${plural(t.deprecated, 'image')} without deprecated tags`, 'OUT-007');
  // XML holds URLs only (see writeUrl); text writes them as they were unless asked not to.
  const dropLines = !text || o.nonUrlLines === 'drop';
  add(
    'non-url',
    t.nonUrl,
    `${plural(t.nonUrl, 'line')} that ${t.nonUrl === 1 ? 'is not a URL' : 'are not URLs'} ${dropLines ? 'left out' : `written as ${t.nonUrl === 1 ? 'it was' : 'they were'}`} (TXT-001)`,
    'OUT-009',
  );
  add(
    'metadata',
    t.metadata,
    `${plural(t.metadata, 'entry', 'entries')} lose their metadata in a text file`,
    'OUT-009',
  );
  return out;
}
