/**
 * The light half of {@link ./source.ts}: what a document keeps of the file it was opened from
 * (KeepSource) and how it is built. Opening and autosave need only this, so it lives apart from
 * the byte-offset work of format-preserving export (source.ts), which pulls in the gzip reader
 * and stays out of the app's first chunk (bundle.test.ts keeps it so).
 */
import { deepEqual } from '../deepEqual.ts';
import type { DocumentKind, Entry, ParseResult, SourceLayout } from '../model.ts';
import { runSteps } from '../steps.ts';
import type { Prepared } from './source.ts';

/** Everything format-preserving export needs about the file a document came from. */
export interface KeepSource {
  /** The file as opened (gzip-compressed when it was). */
  readonly file: Uint8Array;
  readonly layout: SourceLayout;
  /** The entries as parsed, by id (= parse order). */
  readonly entries: readonly Entry[];
  readonly kind: DocumentKind;
  readonly encoding: string;
  readonly gzip: boolean;
  /** Root namespace declarations as read (prefix → URI). */
  readonly namespaces: Readonly<Record<string, string>>;
  /** Cache: decompressed bytes, byte spans, encoder (see `prepared` in source.ts). */
  cache?: Prepared | null;
}

/**
 * The KeepSource of a successful parse of `file`, or null when the parse gives no layout (a
 * fatal error, a feed, robots.txt, decoded text input).
 *
 * @example const src = keepSourceOf(bytes, parseSitemap(bytes)); // then keepFormat(doc, src)
 */
export function keepSourceOf(file: Uint8Array, r: ParseResult): KeepSource | null {
  const layout = r.layout;
  const doc = r.document;
  if (!layout || r.fatal || doc.partial) return null;
  if (doc.kind !== 'urlset' && doc.kind !== 'sitemapindex' && doc.kind !== 'text') return null;
  if (layout.spans.length !== doc.entries.length * 2) return null;
  return {
    file,
    layout,
    entries: doc.entries,
    kind: doc.kind,
    encoding: doc.source?.encoding ?? 'utf-8',
    gzip: doc.source?.gzip ?? false,
    namespaces: doc.namespaces ?? {},
  };
}

/**
 * `src` with its parsed entries replaced by the equal ones of `current` (same id): a document
 * restored from storage holds copies of the parsed entries, and keeping both would hold every
 * entry twice. An entry edited since the parse keeps its parsed form, so the export still sees
 * the edit. O(entries).
 *
 * @example const src = sharingEntries(keepSourceOf(bytes, reparsed)!, restoredDoc.entries);
 */
export function sharingEntries(src: KeepSource, current: readonly Entry[]): KeepSource {
  return runSteps(sharingEntriesSteps(src, current, Number.MAX_SAFE_INTEGER));
}

/**
 * {@link sharingEntries} in steps a caller can spread over several tasks: yields the entries
 * compared so far after every `chunk` (a deep compare each: at 1,000,000 entries ~0.5 s in all).
 * `current` must not change meanwhile (an array of the store's document is never changed in place).
 *
 * @example for (const s = sharingEntriesSteps(src, doc.entries); !(r = s.next()).done; ) await pause(); r.value
 */
export function* sharingEntriesSteps(
  src: KeepSource,
  current: readonly Entry[],
  chunk = 2000,
): Generator<number, KeepSource> {
  const entries = src.entries.slice();
  for (let k = 0; k < current.length; k++) {
    const e = current[k];
    const parsed = e.id < entries.length ? entries[e.id] : undefined;
    if (parsed !== undefined && parsed.id === e.id && parsed !== e && deepEqual(parsed, e)) entries[e.id] = e;
    if ((k + 1) % chunk === 0) yield k + 1;
  }
  return { ...src, entries, cache: undefined };
}
