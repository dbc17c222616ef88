import type { Entry } from '../model.ts';
import type { XmlCtx } from './context.ts';
import { feedDateToW3c } from './dates.ts';
import { decodeEntities } from './entities.ts';
import { plainAttrs } from './extensions.ts';
import { MAX_XML_DEPTH, type QName, Tok } from './scanner.ts';
import { skipElement } from './xmlText.ts';

/** A generic element of a feed (feeds are small; a tree is fine here). */
interface FNode {
  local: string;
  attrs?: Record<string, string>;
  text: string;
  children: FNode[];
  at: number;
}

/**
 * Read the element whose start tag (at `at`) was just scanned as an FNode tree, with an explicit
 * stack (no recursion on input depth); elements deeper than {@link MAX_XML_DEPTH} are skipped
 * (the scanner reports them, ENC-004).
 */
function readTree(ctx: XmlCtx, q: QName, at: number): FNode {
  const sc = ctx.sc;
  const open = (local: string, from: number): FNode => {
    const node: FNode = { local, text: '', children: [], at: from };
    const attrs = plainAttrs(sc.attrs);
    if (attrs) node.attrs = attrs;
    return node;
  };
  const root = open(q.local, at);
  if (sc.selfClosing) return root;
  const nodes: FNode[] = [root];
  const bases: number[] = [sc.depth];
  for (;;) {
    const node = nodes[nodes.length - 1];
    const t = sc.next();
    if (t === Tok.Text) node.text += decodeEntities(sc.s, sc.textStart, sc.textEnd).text;
    else if (t === Tok.Cdata) node.text += sc.s.slice(sc.textStart, sc.textEnd);
    else if (t === Tok.Start) {
      if (sc.depth > MAX_XML_DEPTH) {
        skipElement(ctx);
        continue;
      }
      const start = sc.tokStart;
      const child = open(sc.resolve(sc.name, start).local, start);
      node.children.push(child);
      if (!sc.selfClosing) {
        nodes.push(child);
        bases.push(sc.depth);
      }
    } else if (t === Tok.End) {
      if (sc.depth < bases[bases.length - 1]) {
        nodes.pop();
        bases.pop();
        if (nodes.length === 0) return root;
      }
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
