/**
 * An entry whose images, videos, news, alternates or other elements changed beyond their values
 * (one added or removed: see extensionSplices.ts for value changes), or a new entry carrying
 * them, is written whole, in the file's layout: its own start tag, the indentation and
 * line break of its siblings, the core values as they are, and the extensions through the
 * normalized writers (OUT-003 order). The namespaces it uses are reported so that a declaration
 * the file lacks can be added to the root, the only change outside the entries.
 */
import { type Entry, NS, type SitemapDocument } from '../model.ts';
import { makeContext } from '../serialize/chunks.ts';
import {
  makeTags,
  writeAlternates,
  writeExtras,
  writeImages,
  writeNews,
  writeVideos,
} from '../serialize/extensions.ts';
import { USES_IMAGE, USES_NEWS, USES_VIDEO, USES_XHTML } from '../serialize/namespaces.ts';
import { coreFieldsOf, type EntryStyle, escapeContent } from './entryXml.ts';

/** A whole entry's text and the namespace prefixes it uses (prefix → URI). */
export interface FullEntry {
  text: string;
  uses: Map<string, string>;
}

const FLAG_NS: Array<[number, string, string]> = [
  [USES_IMAGE, 'image', NS.image],
  [USES_VIDEO, 'video', NS.video],
  [USES_NEWS, 'news', NS.news],
  [USES_XHTML, 'xhtml', NS.xhtml],
];

function lineBreakIn(lead: string): string {
  if (lead.includes('\r\n')) return '\r\n';
  if (lead.includes('\n')) return '\n';
  return lead.includes('\r') ? '\r' : '';
}

function afterBreak(lead: string): string {
  const i = Math.max(lead.lastIndexOf('\n'), lead.lastIndexOf('\r'));
  return lead.slice(i + 1);
}

/**
 * Write `e` whole with start tag `open` (its own, or `<url>` for a new entry) in `style`;
 * `entryLead` is the whitespace before the entry (for the indentation of deeper levels).
 *
 * @example printFullEntry(e, '<url>', style, '\n  ', false, doc.namespaces).text
 */
export function printFullEntry(
  e: Entry,
  open: string,
  style: EntryStyle,
  entryLead: string,
  isIndex: boolean,
  namespaces: Record<string, string> | undefined,
): FullEntry {
  const nl = lineBreakIn(style.childLead);
  const i1 = afterBreak(entryLead);
  const i2 = afterBreak(style.childLead);
  const unit = i2.length > i1.length && i2.startsWith(i1) ? i2.slice(i1.length) : '  ';
  const ind =
    nl === ''
      ? ['', '', '', '', '', '', '']
      : [0, 1, 2, 3, 4, 5, 6].map((k) => (k === 0 ? '' : i1 + unit.repeat(k - 1)));
  const doc: SitemapDocument = { kind: 'urlset', entries: [], nextId: 0, namespaces };
  const ctx = makeContext(doc, { pretty: true, lean: false, stripDeprecated: false }, []);
  ctx.ind = ind;
  ctx.nl = nl;
  ctx.tags = makeTags(ind, nl);
  let s = open;
  for (const f of coreFieldsOf(isIndex)) {
    const v = e[f];
    if (v !== undefined)
      s += `${style.childLead}<${style.prefix}${f}>${escapeContent(v)}</${style.prefix}${f}>`;
  }
  let ext = '';
  if (e.images?.length) ext += writeImages(ctx, e.images);
  if (e.videos?.length) ext += writeVideos(ctx, e.videos);
  if (e.news?.length) ext += writeNews(ctx, e.news);
  if (e.alternates?.length) ext += writeAlternates(ctx, e.alternates);
  if (e.extras?.length) ext += writeExtras(ctx, e.extras, 2);
  if (ext !== '') s += nl === '' ? ext : nl + ext.slice(0, ext.length - nl.length);
  s += `${style.closeLead}</${style.name}>`;
  const uses = new Map<string, string>();
  for (const [flag, prefix, uri] of FLAG_NS) if (ctx.flags & flag) uses.set(prefix, uri);
  for (const prefix of ctx.used) {
    const uri = ctx.extra.get(prefix);
    if (uri !== undefined) uses.set(prefix, uri);
  }
  return { text: s, uses };
}
