/**
 * The URL tree: the document as hosts and path segments, with URL and issue counts per node,
 * built once and then kept in step with table edits (issue #8).
 *
 * Layout, for 1,000,000 entries: nodes live in flat typed arrays indexed by node id (parent,
 * depth, counts, first-child / next-sibling links); labels in one string array. Entries are
 * attached to the node of their last path segment through an intrusive doubly linked list
 * indexed by entry id, so attaching and detaching one entry is O(depth). Node `0` is the
 * invisible root; its children are origins (`https://www.example.com`, scheme and host
 * lower-cased), then path segments as written (not decoded; empty segments skipped). Query and
 * fragment do not make nodes: `/p?id=1` sits on node `p`. Strings without `scheme://` sit on one
 * host-level node labelled {@link NOT_A_URL}.
 */
import { readRows } from './lazyEntries.ts';
import type { Entry, Severity } from './model.ts';
import type { Patch } from './patch.ts';
import { createUrlScan, originKey, preparePrefix, rewritePrefix, scanUrl } from './urlParts.ts';

/** Label of the host-level node holding entries whose `loc` is not an absolute URL. */
export const NOT_A_URL = '(not a URL)';

/** Id of the invisible root node. */
export const ROOT = 0;

/** The worst issue severity of an entry, as the validator reports it (`Validator.worstSeverity`). */
export type SeverityOf = (entryId: number) => Severity | undefined;

/** A snapshot of one node, for rendering a row. */
export interface TreeNodeInfo {
  id: number;
  parent: number;
  /** Origin for depth 0, a path segment below. */
  label: string;
  /** 0 for origins. */
  depth: number;
  /** Entries at or below this node. */
  count: number;
  /** Entries at or below whose worst issue is an error. */
  errorCount: number;
  /** Entries at or below whose worst issue is a warning. */
  warningCount: number;
  /** Number of child nodes. */
  childCount: number;
}

const NONE = -1;
const DEAD = -2;
const EMPTY_SLOT = -1;
const TOMBSTONE = -2;
const SEV_NONE = 0;
const SEV_WARNING = 1;
const SEV_ERROR = 2;

function sevCode(s: Severity | undefined): number {
  return s === 'error' ? SEV_ERROR : s === 'warning' ? SEV_WARNING : SEV_NONE;
}

function grownInt32(a: Int32Array<ArrayBuffer>, min: number, fill: number): Int32Array<ArrayBuffer> {
  if (a.length >= min) return a;
  const next = new Int32Array(Math.max(min, a.length * 2, 16));
  next.set(a);
  if (fill !== 0) next.fill(fill, a.length);
  return next;
}

/** Do `a` and `b` hold the same characters in `[from, to)`? (Both are known to be long enough.) */
function sameRange(a: string, b: string, from: number, to: number): boolean {
  for (let i = to - 1; i >= from; i--) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

function compareLabels(labels: string[]): (a: number, b: number) => number {
  return (a, b) => (labels[a] < labels[b] ? -1 : labels[a] > labels[b] ? 1 : 0);
}

/**
 * An incrementally maintained URL tree. Build with {@link buildUrlTree}.
 *
 * @example
 * const tree = buildUrlTree(doc.entries, (id) => validator.worstSeverity(id));
 * const rows = tree.visibleRows(new Set([tree.childrenOf(ROOT)[0]]));
 * tree.node(rows[0]).count; // URLs under the first origin
 */
export class UrlTree {
  private parent = new Int32Array(16);
  private depth = new Int32Array(16);
  private count = new Int32Array(16);
  private errors = new Int32Array(16);
  private warnings = new Int32Array(16);
  private firstChild = new Int32Array(16).fill(NONE);
  private nextSib = new Int32Array(16).fill(NONE);
  private prevSib = new Int32Array(16).fill(NONE);
  private childCount = new Int32Array(16);
  private ownHead = new Int32Array(16).fill(NONE);
  private labels: string[] = [''];
  private nodeLen = 1;
  /** Open-addressing hash of (parent, label) → node id; probes compare substrings, no slicing. */
  private slots = new Int32Array(64).fill(EMPTY_SLOT);
  private slotsUsed = 0;
  private lastHash = 0;
  private lastFree = 0;
  private nodeHash = new Int32Array(16);
  private sortedCache = new Map<number, Int32Array>();
  private entryNode = new Int32Array(16).fill(NONE);
  private entryNext = new Int32Array(16).fill(NONE);
  private entryPrev = new Int32Array(16).fill(NONE);
  private entrySev = new Uint8Array(16);
  private scan = createUrlScan();
  private lastRawOrigin = '';
  /** Path cache of the last located loc: node and segment range per level (0 = origin). */
  private prevLoc = '';
  private prevDepth = 0;
  private prevNodes: number[] = [];
  private prevStarts: number[] = [];
  private prevEnds: number[] = [];
  private lastOrigin = '';

  /**
   * @param capacity expected number of nodes, and of entry ids (pre-sizes the arrays so a bulk
   * build does not regrow them; they grow anyway when needed).
   */
  constructor(capacity = 16) {
    this.ensureNodes(capacity);
    this.ensureEntry(capacity - 1);
    let size = 64;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(EMPTY_SLOT);
    this.parent[ROOT] = NONE;
    this.depth[ROOT] = -1;
  }

  /** Increments on every change; a view can memoize `visibleRows` on it. */
  version = 0;

  /** Total entries in the tree. */
  get size(): number {
    return this.count[ROOT];
  }

  /** True when `id` names a live node (nodes emptied by removals are dropped). */
  has(id: number): boolean {
    return id >= 0 && id < this.nodeLen && this.parent[id] !== DEAD;
  }

  /** A row snapshot of node `id`. */
  node(id: number): TreeNodeInfo {
    return {
      id,
      parent: this.parent[id],
      label: this.labels[id],
      depth: this.depth[id],
      count: this.count[id],
      errorCount: this.errors[id],
      warningCount: this.warnings[id],
      childCount: this.childCount[id],
    };
  }

  /** Child node ids of `id`, sorted by label (code-unit order). Cached until the children change. */
  childrenOf(id: number): Int32Array {
    let sorted = this.sortedCache.get(id);
    if (sorted) return sorted;
    sorted = new Int32Array(this.childCount[id]);
    let i = 0;
    for (let c = this.firstChild[id]; c !== NONE; c = this.nextSib[c]) sorted[i++] = c;
    sorted.sort(compareLabels(this.labels));
    this.sortedCache.set(id, sorted);
    return sorted;
  }

  /** Node an entry sits on, or -1 when the entry is not in the tree. */
  nodeOfEntry(entryId: number): number {
    return entryId < this.entryNode.length ? this.entryNode[entryId] : NONE;
  }

  /**
   * The URL prefix a node stands for (`https://a.com/blog/2024`), or `null` for the root and the
   * {@link NOT_A_URL} node. This is what {@link planPrefixRename} takes.
   */
  prefixOf(id: number): string | null {
    if (id === ROOT || !this.has(id)) return null;
    const parts: string[] = [];
    let n = id;
    while (n !== ROOT) {
      parts.push(this.labels[n]);
      n = this.parent[n];
    }
    parts.reverse();
    if (parts[0] === NOT_A_URL) return null;
    return parts.join('/');
  }

  /**
   * The node for a URL prefix (inverse of {@link prefixOf}), or -1. Use it to keep a folder
   * selected or expanded after a rename moved its entries to new nodes.
   *
   * @example tree.findNode('https://a.com/news') // node id of /news under https://a.com
   */
  findNode(prefix: string): number {
    const s = createUrlScan();
    if (!scanUrl(prefix, s)) return NONE;
    const origin = originKey(prefix, s);
    let node = this.lookup(ROOT, origin, 0, origin.length);
    let segStart = s.pathStart;
    for (let i = s.pathStart; i <= s.pathEnd && node !== NONE; i++) {
      if (i === s.pathEnd || prefix.charCodeAt(i) === 47) {
        if (i > segStart) node = this.lookup(node, prefix, segStart, i);
        segStart = i + 1;
      }
    }
    return node;
  }

  /**
   * Ids of all entries at or below `id`, ascending. O(subtree size).
   *
   * @example table.setFilter({ ids: tree.entryIdsUnder(clickedNode) })
   */
  entryIdsUnder(id: number): Int32Array {
    const out = new Int32Array(this.has(id) ? this.count[id] : 0);
    if (out.length === 0) return out;
    let k = 0;
    const stack = [id];
    while (stack.length > 0) {
      const n = stack.pop()!;
      for (let e = this.ownHead[n]; e !== NONE; e = this.entryNext[e]) out[k++] = e;
      for (let c = this.firstChild[n]; c !== NONE; c = this.nextSib[c]) stack.push(c);
    }
    return out.sort();
  }

  /**
   * Node ids in display order for a virtualized tree view: origins, then the sorted children of
   * every node in `expanded`, depth first. O(visible rows).
   */
  visibleRows(expanded: ReadonlySet<number>): Int32Array {
    const out: number[] = [];
    const stack: number[] = [];
    const pushChildren = (n: number) => {
      const kids = this.childrenOf(n);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    };
    pushChildren(ROOT);
    while (stack.length > 0) {
      const n = stack.pop()!;
      out.push(n);
      if (expanded.has(n) && this.childCount[n] > 0) pushChildren(n);
    }
    return Int32Array.from(out);
  }

  /** Add one entry (an entry with the same id already in the tree is replaced). */
  add(entry: Entry, severity: Severity | undefined): void {
    this.addUrl(entry.id, entry.loc, severity);
  }

  /**
   * Add a URL under any numeric key (replacing that key if present). For a workspace, whose
   * entry ids repeat across files, key by combined row index instead of entry id.
   *
   * @example for (let r = 0; r < rows.length; r++) tree.addUrl(r, locOfRow(r), undefined);
   */
  addUrl(id: number, loc: string, severity: Severity | undefined): void {
    if (this.nodeOfEntry(id) !== NONE) this.remove(id);
    const node = this.locate(loc);
    this.ensureEntry(id);
    const head = this.ownHead[node];
    this.entryNode[id] = node;
    this.entryPrev[id] = NONE;
    this.entryNext[id] = head;
    if (head !== NONE) this.entryPrev[head] = id;
    this.ownHead[node] = id;
    const sev = sevCode(severity);
    this.entrySev[id] = sev;
    for (let n = node; n !== NONE; n = this.parent[n]) {
      this.count[n]++;
      if (sev === SEV_ERROR) this.errors[n]++;
      else if (sev === SEV_WARNING) this.warnings[n]++;
    }
    this.version++;
  }

  /** Remove one entry by id; nodes left empty disappear. No-op when absent. */
  remove(entryId: number): void {
    const node = this.nodeOfEntry(entryId);
    if (node === NONE) return;
    const prev = this.entryPrev[entryId];
    const next = this.entryNext[entryId];
    if (prev !== NONE) this.entryNext[prev] = next;
    else this.ownHead[node] = next;
    if (next !== NONE) this.entryPrev[next] = prev;
    this.entryNode[entryId] = NONE;
    const sev = this.entrySev[entryId];
    for (let n = node; n !== NONE; n = this.parent[n]) {
      this.count[n]--;
      if (sev === SEV_ERROR) this.errors[n]--;
      else if (sev === SEV_WARNING) this.warnings[n]--;
    }
    let n = node;
    if (this.count[n] === 0) this.prevDepth = 0;
    while (n !== ROOT && this.count[n] === 0) {
      const p = this.parent[n];
      this.detach(n);
      n = p;
    }
    this.version++;
  }

  /** Change the severity an entry counts with. O(depth); no-op when unchanged or absent. */
  setSeverity(entryId: number, severity: Severity | undefined): void {
    const node = this.nodeOfEntry(entryId);
    if (node === NONE) return;
    const before = this.entrySev[entryId];
    const after = sevCode(severity);
    if (before === after) return;
    this.entrySev[entryId] = after;
    const dErr = (after === SEV_ERROR ? 1 : 0) - (before === SEV_ERROR ? 1 : 0);
    const dWarn = (after === SEV_WARNING ? 1 : 0) - (before === SEV_WARNING ? 1 : 0);
    for (let n = node; n !== NONE; n = this.parent[n]) {
      this.errors[n] += dErr;
      this.warnings[n] += dWarn;
    }
    this.version++;
  }

  /**
   * Re-read severities after validation, for the given entry ids or (when omitted) every entry.
   * Edits change the issues of OTHER entries too (duplicates, hreflang clusters), so call this
   * after `Validator.apply` with no ids (O(n) callback calls, ~10 ms at 1M) or with known ids.
   */
  refreshSeverities(severityOf: SeverityOf, ids?: Iterable<number>): void {
    if (ids) {
      for (const id of ids) this.setSeverity(id, severityOf(id));
      return;
    }
    const nodes = this.entryNode;
    for (let id = 0; id < nodes.length; id++) {
      if (nodes[id] !== NONE) this.setSeverity(id, severityOf(id));
    }
  }

  /**
   * Follow a document change: removals, then updates (moved when `loc` changed, severity
   * re-read otherwise), then additions. O(changed entries × depth).
   */
  applyChange(change: Patch, severityOf: SeverityOf): void {
    for (const r of change.removed) this.remove(r.entry.id);
    for (const [before, after] of change.updated) {
      if (before.loc === after.loc && before.id === after.id && this.nodeOfEntry(after.id) !== NONE) {
        this.setSeverity(after.id, severityOf(after.id));
      } else {
        this.remove(before.id);
        this.add(after, severityOf(after.id));
      }
    }
    for (const a of change.added) this.add(a.entry, severityOf(a.entry.id));
  }

  /**
   * Find (or create) the node a `loc` belongs on. Sitemaps usually list neighbours together, so
   * the previous entry's path is remembered: leading segments equal to it (same offsets, same
   * characters, no allocation) reuse its nodes without a hash lookup.
   */
  private locate(loc: string): number {
    const s = this.scan;
    if (!scanUrl(loc, s)) {
      this.prevDepth = 0;
      return this.child(ROOT, NOT_A_URL, 0, NOT_A_URL.length);
    }
    const raw = this.lastRawOrigin;
    let same = this.prevDepth > 0 && raw.length === s.pathStart - s.start && loc.startsWith(raw, s.start);
    const origin = this.originOf(loc);
    let node = same ? this.prevNodes[0] : this.child(ROOT, origin, 0, origin.length);
    const prev = this.prevLoc;
    const nodes = this.prevNodes;
    const starts = this.prevStarts;
    nodes[0] = node;
    let level = 1;
    let segStart = s.pathStart;
    for (let i = s.pathStart; i <= s.pathEnd; i++) {
      if (i !== s.pathEnd && loc.charCodeAt(i) !== 47) continue;
      if (i > segStart) {
        same =
          same &&
          level < this.prevDepth &&
          starts[level] === segStart &&
          this.prevEnds[level] === i &&
          sameRange(prev, loc, segStart, i);
        node = same ? nodes[level] : this.child(node, loc, segStart, i);
        nodes[level] = node;
        starts[level] = segStart;
        this.prevEnds[level] = i;
        level++;
      }
      segStart = i + 1;
    }
    this.prevDepth = level;
    this.prevLoc = loc;
    return node;
  }

  /** The origin key, reusing the previous one when the raw origin text repeats (no allocation). */
  private originOf(loc: string): string {
    const s = this.scan;
    const raw = this.lastRawOrigin;
    if (raw.length === s.pathStart - s.start && loc.startsWith(raw, s.start)) return this.lastOrigin;
    this.lastRawOrigin = loc.slice(s.start, s.pathStart);
    this.lastOrigin = originKey(loc, s);
    return this.lastOrigin;
  }

  /** The child of `parent` labelled `text[from, to)`, created when missing. */
  private child(parent: number, text: string, from: number, to: number): number {
    const found = this.lookup(parent, text, from, to);
    if (found !== NONE) return found;
    const label = from === 0 && to === text.length ? text : text.slice(from, to);
    return this.createChild(parent, label, this.lastHash, this.lastFree);
  }

  /** Find the child labelled `text[from, to)`; on a miss, `lastHash`/`lastFree` say where to insert. */
  private lookup(parent: number, text: string, from: number, to: number): number {
    let h = (0x811c9dc5 ^ Math.imul(parent, 0x9e3779b1)) | 0;
    for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const mask = this.slots.length - 1;
    const len = to - from;
    let free = -1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const n = this.slots[i];
      if (n === EMPTY_SLOT) {
        if (free < 0) free = i;
        break;
      }
      if (n === TOMBSTONE) {
        if (free < 0) free = i;
        continue;
      }
      const label = this.labels[n];
      if (
        this.nodeHash[n] === h &&
        this.parent[n] === parent &&
        label.length === len &&
        text.startsWith(label, from)
      ) {
        return n;
      }
    }
    this.lastHash = h;
    this.lastFree = free;
    return NONE;
  }

  private createChild(parent: number, label: string, hash: number, slot: number): number {
    const id = this.nodeLen++;
    this.ensureNodes(this.nodeLen);
    this.parent[id] = parent;
    this.depth[id] = this.depth[parent] + 1;
    this.labels[id] = label;
    this.nodeHash[id] = hash;
    const head = this.firstChild[parent];
    this.nextSib[id] = head;
    if (head !== NONE) this.prevSib[head] = id;
    this.firstChild[parent] = id;
    this.childCount[parent]++;
    this.sortedCache.delete(parent);
    if (this.slots[slot] === EMPTY_SLOT) this.slotsUsed++;
    this.slots[slot] = id;
    if (this.slotsUsed * 2 > this.slots.length) this.rehash();
    return id;
  }

  /** Resize the slot table to at least 4× the live nodes and drop tombstones. */
  private rehash(): void {
    let size = 64;
    while (size < this.liveNodes() * 4) size *= 2;
    const slots = new Int32Array(size).fill(EMPTY_SLOT);
    const mask = slots.length - 1;
    let used = 0;
    for (const n of this.slots) {
      if (n < 0) continue;
      let i = this.nodeHash[n] & mask;
      while (slots[i] !== EMPTY_SLOT) i = (i + 1) & mask;
      slots[i] = n;
      used++;
    }
    this.slots = slots;
    this.slotsUsed = used;
  }

  private liveNodes(): number {
    let live = 0;
    for (const n of this.slots) if (n >= 0) live++;
    return live;
  }

  private unslot(n: number): void {
    const mask = this.slots.length - 1;
    for (let i = this.nodeHash[n] & mask; this.slots[i] !== EMPTY_SLOT; i = (i + 1) & mask) {
      if (this.slots[i] === n) {
        this.slots[i] = TOMBSTONE;
        return;
      }
    }
  }

  private detach(n: number): void {
    const p = this.parent[n];
    const prev = this.prevSib[n];
    const next = this.nextSib[n];
    if (prev !== NONE) this.nextSib[prev] = next;
    else this.firstChild[p] = next;
    if (next !== NONE) this.prevSib[next] = prev;
    this.childCount[p]--;
    this.unslot(n);
    this.sortedCache.delete(p);
    this.sortedCache.delete(n);
    this.parent[n] = DEAD;
    this.labels[n] = '';
  }

  private ensureNodes(min: number): void {
    if (this.parent.length >= min) return;
    this.parent = grownInt32(this.parent, min, 0);
    this.depth = grownInt32(this.depth, min, 0);
    this.count = grownInt32(this.count, min, 0);
    this.errors = grownInt32(this.errors, min, 0);
    this.warnings = grownInt32(this.warnings, min, 0);
    this.firstChild = grownInt32(this.firstChild, min, NONE);
    this.nextSib = grownInt32(this.nextSib, min, NONE);
    this.prevSib = grownInt32(this.prevSib, min, NONE);
    this.childCount = grownInt32(this.childCount, min, 0);
    this.ownHead = grownInt32(this.ownHead, min, NONE);
    this.nodeHash = grownInt32(this.nodeHash, min, 0);
  }

  private ensureEntry(id: number): void {
    if (this.entryNode.length > id) return;
    this.entryNode = grownInt32(this.entryNode, id + 1, NONE);
    this.entryNext = grownInt32(this.entryNext, id + 1, NONE);
    this.entryPrev = grownInt32(this.entryPrev, id + 1, NONE);
    const sev = new Uint8Array(this.entryNode.length);
    sev.set(this.entrySev);
    this.entrySev = sev;
  }
}

/**
 * Build the tree for a list of entries. O(n × depth); ~1M entries in well under a second.
 *
 * @example const tree = buildUrlTree(doc.entries, (id) => validator.worstSeverity(id));
 */
export function buildUrlTree(entries: readonly Entry[], severityOf: SeverityOf): UrlTree {
  // Ids and locs from the rows: a received document's stay unmade (core/lazyEntries.ts).
  const rows = readRows(entries);
  let maxId = 0;
  for (let i = 0; i < entries.length; i++) if (rows.id(i) > maxId) maxId = rows.id(i);
  const tree = new UrlTree(Math.max(entries.length, maxId + 1) + 1024);
  for (let i = 0; i < entries.length; i++) {
    const id = rows.id(i);
    tree.addUrl(id, rows.loc(i), severityOf(id));
  }
  return tree;
}

/** One previewed edit of a folder rename: the state layer applies all of them as one patch. */
export interface PrefixRenameChange {
  id: number;
  before: Entry;
  after: Entry;
}

/**
 * Preview "rename a folder" / "move a subtree": every entry whose `loc` lies at or below
 * `fromPrefix` gets it rewritten to `toPrefix` (segment boundary, trailing `/` on either prefix
 * ignored, scheme/host case-insensitive). Also rewritten, unless `alternates: false`: every
 * `<xhtml:link href>` under the prefix, in ANY entry, so hreflang clusters keep pointing at the
 * moved pages. Image and video URLs are left alone (they are assets, not pages). Pass all the
 * document's entries. Returns changed entries only, in input order. O(n).
 *
 * @example
 * planPrefixRename(doc.entries, tree.prefixOf(node)!, 'https://a.com/news')
 * // [{ id: 4, before: { loc: 'https://a.com/blog/x', … }, after: { loc: 'https://a.com/news/x', … } }]
 */
export function planPrefixRename(
  entries: readonly Entry[],
  fromPrefix: string,
  toPrefix: string,
  options: { alternates?: boolean } = {},
): PrefixRenameChange[] {
  const from = preparePrefix(fromPrefix);
  const withAlternates = options.alternates !== false;
  const s = createUrlScan();
  const out: PrefixRenameChange[] = [];
  // Each row read and dropped; the entry made (kept) only for a row that changes.
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    const seen = rows.peek(i);
    if (
      rewritePrefix(seen.loc, from, toPrefix, s) === null &&
      (!withAlternates || rewriteAlternates(seen, from, toPrefix, s) === null)
    )
      continue;
    const before = entries[i];
    const loc = rewritePrefix(before.loc, from, toPrefix, s);
    const alternates = withAlternates ? rewriteAlternates(before, from, toPrefix, s) : null;
    const after: Entry = { ...before };
    if (loc !== null) after.loc = loc;
    if (alternates !== null) after.alternates = alternates;
    out.push({ id: before.id, before, after });
  }
  return out;
}

function rewriteAlternates(
  entry: Entry,
  from: ReturnType<typeof preparePrefix>,
  to: string,
  s: ReturnType<typeof createUrlScan>,
): Entry['alternates'] | null {
  const alts = entry.alternates;
  if (!alts || alts.length === 0) return null;
  let out: Entry['alternates'] | null = null;
  for (let i = 0; i < alts.length; i++) {
    const href = alts[i].href;
    const next = href === undefined ? null : rewritePrefix(href, from, to, s);
    if (next === null) continue;
    out ??= alts.slice();
    out[i] = { ...alts[i], href: next };
  }
  return out;
}

/**
 * URLs a rename would duplicate: new locs equal to a loc that stays, or to another new loc.
 * Compared after trimming, exactly otherwise. O(n). Show these in the preview before applying.
 *
 * @example findRenameCollisions(doc.entries, plan) // ['https://a.com/news/x']
 */
export function findRenameCollisions(
  entries: readonly Entry[],
  changes: readonly PrefixRenameChange[],
): string[] {
  const moved = new Set<number>();
  const newLocs = new Map<string, number>();
  for (const c of changes) {
    if (c.before.loc === c.after.loc) continue;
    moved.add(c.id);
    const loc = c.after.loc.trim();
    newLocs.set(loc, (newLocs.get(loc) ?? 0) + 1);
  }
  const hit = new Set<string>();
  for (const [loc, n] of newLocs) if (n > 1) hit.add(loc);
  const rows = readRows(entries);
  for (let i = 0; i < entries.length; i++) {
    if (moved.has(rows.id(i))) continue;
    const loc = rows.loc(i).trim();
    if (newLocs.has(loc)) hit.add(loc);
  }
  return [...hit];
}

/**
 * The target prefix for "move node under another node": the new parent's prefix plus the
 * node's label. Feed it to {@link planPrefixRename} with `tree.prefixOf(node)`. `null` when
 * either node has no prefix, when the node is an origin, or when the target is the node itself
 * or inside it.
 *
 * @example planPrefixRename(entries, tree.prefixOf(n)!, moveTarget(tree, n, newParent)!)
 */
export function moveTarget(tree: UrlTree, nodeId: number, newParentId: number): string | null {
  const from = tree.prefixOf(nodeId);
  const parent = tree.prefixOf(newParentId);
  if (from === null || parent === null || tree.node(nodeId).depth === 0) return null;
  for (let n = newParentId; n !== ROOT; n = tree.node(n).parent) if (n === nodeId) return null;
  return `${parent}/${tree.node(nodeId).label}`;
}
