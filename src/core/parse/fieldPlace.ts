/**
 * Where in the source a finding's field is: the line and column of the field's element (its start
 * tag; an attribute's name for `alternates.N.hreflang`/`href`), found on demand from the decoded
 * text and the entry's own position (`Entry.line`/`column`, which the parser keeps). The parser
 * records no per-field offsets (they would cost every open of a large file); a reader that shows
 * `line:column` (the CLI) asks here only for the findings it prints.
 *
 * Columns count UTF-16 code units like the parser's (parse/lines.ts).
 */
import type { Entry, Issue } from '../model.ts';

/** Field path head → the local name of the element that holds it (a collection: its Nth child). */
const COLLECTION: Record<string, string> = {
  images: 'image',
  videos: 'video',
  news: 'news',
  alternates: 'link',
};

interface Tag {
  /** `<` of the tag. */
  at: number;
  /** Just past its `>` (the text length when unclosed). */
  end: number;
  local: string;
  selfClosing: boolean;
}

/** Index past the `>` that ends the tag starting at `i` (quoted `>` skipped), or the text length. */
function tagEnd(text: string, i: number): number {
  let quote = '';
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return k + 1;
  }
  return text.length;
}

/** Past the end of a comment, CDATA section, PI or declaration starting at `i`. */
function skipSpecial(text: string, i: number): number {
  const close = text.startsWith('<!--', i)
    ? '-->'
    : text.startsWith('<![CDATA[', i)
      ? ']]>'
      : text[i + 1] === '?'
        ? '?>'
        : '>';
  const k = text.indexOf(close, i + 2);
  return k === -1 ? text.length : k + close.length;
}

function tagAt(text: string, i: number): Tag | null {
  if (text[i] !== '<') return null;
  const m = /^<([^\s/>!?]+)/.exec(text.slice(i, i + 256));
  if (m === null) return null;
  const end = tagEnd(text, i);
  const colon = m[1].indexOf(':');
  return { at: i, end, local: m[1].slice(colon + 1), selfClosing: text[end - 2] === '/' };
}

/** The child elements of the element whose start tag ends at `from` (until its end tag), in order. */
function* childrenOf(text: string, from: number): Generator<Tag> {
  let depth = 0;
  let i = from;
  for (;;) {
    i = text.indexOf('<', i);
    if (i === -1) return;
    const next = text[i + 1];
    if (next === '!' || next === '?') {
      i = skipSpecial(text, i);
      continue;
    }
    if (next === '/') {
      if (depth === 0) return;
      depth--;
      i = tagEnd(text, i);
      continue;
    }
    const tag = tagAt(text, i);
    if (tag === null) {
      i++;
      continue;
    }
    if (depth === 0) yield tag;
    if (!tag.selfClosing) depth++;
    i = tag.end;
  }
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function childNamed(text: string, parent: Tag, name: string, nth = 0): Tag | null {
  if (parent.selfClosing) return null;
  const alt = snake(name);
  let seen = 0;
  for (const tag of childrenOf(text, parent.end)) {
    if (tag.local === name || tag.local === alt) {
      if (seen === nth) return tag;
      seen++;
    }
  }
  return null;
}

/** Offset of attribute `name` inside `tag`, or -1. */
function attributeAt(text: string, tag: Tag, name: string): number {
  const m = new RegExp(`\\s(${name})\\s*=`).exec(text.slice(tag.at, tag.end));
  return m === null ? -1 : tag.at + m.index + 1;
}

/**
 * Offset of a field of the entry whose start tag is at `entryAt`, or -1 when the field has no
 * element of its own there (a text sitemap's line, an `extras` element, an edited value).
 *
 * @example fieldOffset('<url><loc>x</loc></url>', 0, 'loc') // 5
 */
export function fieldOffset(text: string, entryAt: number, field: string): number {
  const entry = tagAt(text, entryAt);
  if (entry === null) return -1;
  // The crawl's columns (`crawlStatus`, …: CRAWL-001…007) are facts about the entry's URL, not
  // elements of the file: they are placed at its <loc>.
  const path = /^crawl[A-Z]/.test(field) ? ['loc'] : field.split('.');
  const collection = COLLECTION[path[0]];
  let at: Tag | null;
  let rest: string[];
  if (collection !== undefined) {
    const nth = /^\d+$/.test(path[1] ?? '') ? Number(path[1]) : 0;
    at = childNamed(text, entry, collection, nth);
    rest = path.slice(/^\d+$/.test(path[1] ?? '') ? 2 : 1);
  } else if (path[0] === 'extras') {
    return -1;
  } else {
    at = childNamed(text, entry, path[0]);
    rest = path.slice(1);
  }
  if (at === null) return -1;
  for (const name of rest) {
    const attr = attributeAt(text, at, name);
    if (attr !== -1) return attr;
    const child = childNamed(text, at, name);
    if (child === null) break;
    at = child;
  }
  return at.at;
}

/**
 * Line/column lookups by offset and offset lookups by line/column over one text, for positions
 * asked in (roughly) increasing order: newlines are counted once, forward.
 */
class Lines {
  private readonly starts: number[] = [0];
  private scanned = 0;
  private readonly nl: string;
  constructor(private readonly text: string) {
    this.nl = text.indexOf('\n') === -1 && text.indexOf('\r') !== -1 ? '\r' : '\n';
  }
  /** Count lines up to `line` (1-based), or up to offset `upTo`. */
  private scan(line: number, upTo: number): void {
    while (this.starts.length < line || this.starts[this.starts.length - 1] <= upTo) {
      if (this.scanned === -1) return;
      const k = this.text.indexOf(this.nl, this.scanned);
      if (k === -1) {
        this.scanned = -1;
        return;
      }
      this.starts.push(k + 1);
      this.scanned = k + 1;
      if (this.starts.length >= line && this.starts[this.starts.length - 1] > upTo) return;
    }
  }
  offsetOf(line: number, column: number): number {
    this.scan(line, -1);
    const start = this.starts[line - 1];
    return start === undefined ? -1 : start + column - 1;
  }
  positionOf(offset: number): { line: number; column: number } {
    this.scan(0, offset);
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
}

/**
 * The issues with each entry finding placed at its field in `text` (line and column of the field's
 * element), or at its entry's start tag when the field has no element of its own; an issue that
 * already has a column (the parser's own position) or no entry is kept as it is.
 *
 * @param entryAt the source position of an entry by id (undefined for entries made in the editor)
 */
export function placeFindings(
  text: string,
  issues: readonly Issue[],
  entryAt: (id: number) => Pick<Entry, 'line' | 'column'> | undefined,
): Issue[] {
  const wanted: Array<{ k: number; line: number; column: number }> = [];
  for (let k = 0; k < issues.length; k++) {
    const i = issues[k];
    if (i.entry === undefined || i.column !== undefined) continue;
    const e = entryAt(i.entry);
    if (e?.line === undefined || e.column === undefined) continue;
    wanted.push({ k, line: e.line, column: e.column });
  }
  if (wanted.length === 0) return issues as Issue[];
  wanted.sort((a, b) => a.line - b.line || a.column - b.column);
  const out = issues.slice();
  const lines = new Lines(text);
  for (const w of wanted) {
    const issue = issues[w.k];
    const entryOffset = lines.offsetOf(w.line, w.column);
    const at =
      entryOffset === -1 || issue.field === undefined ? -1 : fieldOffset(text, entryOffset, issue.field);
    const where = at === -1 ? { line: w.line, column: w.column } : lines.positionOf(at);
    out[w.k] = { ...issue, ...where };
  }
  return out;
}
