import type { Entry } from '../model.ts';
import type { XmlCtx } from './context.ts';
import { feedDateToW3c } from './dates.ts';
import { decodeEntities } from './entities.ts';
import { plainAttrs } from './extensions.ts';
import { type QName, Tok } from './scanner.ts';

/** A generic element of a feed (feeds are small; a tree is fine here). */
interface FNode {
  local: string;
  attrs?: Record<string, string>;
  text: string;
  children: FNode[];
  at: number;
}

function readTree(ctx: XmlCtx, q: QName, at: number): FNode {
  const sc = ctx.sc;
  const node: FNode = { local: q.local, text: '', children: [], at };
  const attrs = plainAttrs(sc.attrs);
  if (attrs) node.attrs = attrs;
  if (sc.selfClosing) return node;
  const base = sc.depth;
  for (;;) {
    const t = sc.next();
    if (t === Tok.Text) {
      const r = decodeEntities(sc.s, sc.textStart, sc.textEnd);
      node.text += r.text;
    } else if (t === Tok.Cdata) node.text += sc.s.slice(sc.textStart, sc.textEnd);
    else if (t === Tok.Start) {
      const start = sc.tokStart;
      node.children.push(readTree(ctx, sc.resolve(sc.name, start), start));
    } else if (t === Tok.End) {
      if (sc.depth < base) return node;
    } else if (t === Tok.Eof) sc.fail(`Unexpected end of input inside <${q.qname}>`, sc.s.length);
  }
}

function childText(n: FNode, ...names: string[]): string | undefined {
  for (const name of names) {
    for (const c of n.children) if (c.local === name) return c.text;
  }
  return undefined;
}

function atomLink(n: FNode): string | undefined {
  for (const c of n.children) {
    if (c.local !== 'link' || !c.attrs?.href) continue;
    const rel = c.attrs.rel;
    if (rel === undefined || rel === 'alternate') return c.attrs.href;
  }
  return undefined;
}

function rssLink(n: FNode): string | undefined {
  const link = childText(n, 'link');
  if (link !== undefined && link.trim() !== '') return link;
  if (n.attrs?.['rdf:about']) return n.attrs['rdf:about'];
  for (const c of n.children) {
    if (c.local === 'guid' && c.attrs?.isPermaLink !== 'false' && c.text.trim() !== '') return c.text;
  }
  return undefined;
}

/**
 * Read a feed (RSS 2.0, RSS 1.0/RDF, Atom 0.3/1.0) whose root start tag was just scanned, and
 * append one entry per item that has a link (IMP-025). Dates are converted to W3C form when
 * that needs no guessing; otherwise kept as written with an info issue.
 */
export function readFeed(ctx: XmlCtx, root: QName, entries: Entry[]): void {
  const tree = readTree(ctx, root, ctx.sc.tokStart);
  const atom = root.local.toLowerCase() === 'feed';
  const items: FNode[] = [];
  for (const c of tree.children) {
    if (c.local === 'item' || c.local === 'entry') items.push(c);
    else if (c.local === 'channel') for (const g of c.children) if (g.local === 'item') items.push(g);
  }
  let skipped = 0;
  for (const item of items) {
    const link = atom ? atomLink(item) : rssLink(item);
    if (link === undefined) {
      skipped++;
      ctx.report('IMP-025', `Feed ${atom ? 'entry' : 'item'} without a link skipped`, item.at);
      continue;
    }
    const e: Entry = {
      id: entries.length,
      loc: link,
      line: ctx.sc.lines.line(item.at),
      column: ctx.sc.lines.column(item.at),
    };
    const raw = atom
      ? childText(item, 'updated', 'modified', 'published', 'issued')
      : childText(item, 'pubDate', 'date', 'pubdate');
    if (raw !== undefined && raw.trim() !== '') {
      const w3c = feedDateToW3c(raw);
      e.lastmod = w3c ?? raw;
      if (w3c === null) {
        ctx.entry = e.id;
        ctx.report(
          'IMP-025',
          `Feed date "${raw}" could not be converted to W3C form without guessing; kept as written`,
          item.at,
          'lastmod',
        );
        ctx.entry = -1;
      }
    }
    entries.push(e);
  }
  const message = `Converted from a feed: ${entries.length} item(s) with a link${skipped ? `, ${skipped} skipped` : ''}. Feeds list only recent items, so this sitemap is probably partial`;
  ctx.report('IMP-025', message, tree.at);
}
