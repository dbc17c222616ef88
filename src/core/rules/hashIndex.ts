/**
 * A multiset of (slot, 32-bit key hash) pairs in typed arrays: one chain per distinct hash, no
 * strings and no per-entry objects. The validator files every entry under the hash of its
 * duplicate-family key; entries that share a hash are only candidates (callers compare the real
 * keys), so 1,000,000 distinct URLs cost a few typed arrays instead of a Map of 1,000,000 strings,
 * and a URL repeated 100,000 times costs O(1) per filing instead of a probe through its repeats.
 */

import { END_SLICE, runSteps } from '../steps.ts';

/** 32-bit hash of `s` (FNV-1a over UTF-16 code units, then a murmur3 finaliser). @example hashString('a') === hashString('a') */
export function hashString(s: string): number {
  return finishHash(hashRange(s, 0, s.length, false, HASH_SEED));
}

/** The seed `hashRange` starts from. */
export const HASH_SEED = 0x811c9dc5 | 0;

/**
 * Continues hash `h` over `s[start, end)`; `lower` maps ASCII A–Z to a–z on the fly (callers must
 * have checked the range is ASCII, since `toLowerCase` may change non-ASCII text differently).
 * Hashing two ranges in a row equals hashing their concatenation.
 *
 * @example finishHash(hashRange('aB', 0, 2, true, HASH_SEED)) === hashString('ab')
 */
export function hashRange(s: string, start: number, end: number, lower: boolean, h: number): number {
  let x = h;
  if (lower) {
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i);
      x = Math.imul(x ^ (c >= 65 && c <= 90 ? c + 32 : c), 0x01000193);
    }
  } else {
    for (let i = start; i < end; i++) x = Math.imul(x ^ s.charCodeAt(i), 0x01000193);
  }
  return x;
}

/** Final avalanche of a `hashRange` result. @example finishHash(0) === 0 */
export function finishHash(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/**
 * (hash, slot) pairs: slots are small non-negative integers; a slot may be filed under several
 * hashes and several slots under one hash. Lookups return candidates: callers compare real keys.
 * Each distinct hash owns a chain of pairs in filing order, so `add`, `remove` and `count` cost
 * O(1) even when thousands of pairs share one hash, and `slots` walks only that hash's chain.
 */
export class HashIndex {
  /**
   * Table cells, 4 ints each: the hash, first and last node + 1 of its chain (0: none), and the
   * chain's length + 1 (0: free cell; cells keep their hash when their chain empties).
   */
  private cells: Int32Array;
  private mask: number;
  /** Claimed cells. */
  private used = 0;
  /** Nodes, 4 ints each: the slot, next and previous node + 1 in its hash chain, next node + 1 of the same slot (or of the free list). */
  private nodes: Int32Array;
  /** Per node: the hash it is filed under. */
  private nodeHash: Int32Array;
  /** Per slot: its first node + 1 (0: none). */
  private bySlot: Int32Array;
  /** Nodes ever allocated; freed nodes are reused from `free` (node + 1) first. */
  private made = 0;
  private free = 0;
  private live = 0;
  /** Hash values held by two pairs or more. */
  private shared = 0;

  /** @param expected number of pairs to size for (avoids regrowing while loading). */
  constructor(expected = 0) {
    const cap = capFor(expected);
    this.cells = new Int32Array(cap * 4);
    this.mask = cap - 1;
    const n = Math.max(1024, expected);
    this.nodes = new Int32Array(n * 4);
    this.nodeHash = new Int32Array(n);
    this.bySlot = new Int32Array(n);
  }

  /**
   * Sizes an index that holds nothing yet for `expected` pairs (as `new HashIndex(expected)`,
   * with room for an eighth more): an index made small when a load starts and sized here when its pairs are filed, so
   * its arrays (~56 MB at 1,000,000 pairs) are made when they are needed, in a step of their own
   * (docs/perf.md, session 19). No-op once a pair was filed.
   *
   * @example const ix = new HashIndex(); ix.reserve(1_000_000); // files 1,125,000 pairs without regrowing
   */
  reserve(expected: number): void {
    if (this.made !== 0 || this.used !== 0) return;
    const cap = capFor(expected);
    // Nodes and slots for an eighth more: the edits after a load file new pairs under new slots
    // (seqs), and growing them copies all of them in the edit's task.
    const n = Math.max(1024, expected + (expected >> 3));
    if (cap <= this.mask + 1 && n <= this.nodeHash.length && n <= this.bySlot.length) return;
    // One array buffer for all four (one report to V8's external-memory accounting, see
    // SlotTable's constructor); an array grown later is a buffer of its own, and the old one is
    // freed once none of the four is a view of it.
    const buf = new ArrayBuffer((cap * 4 + n * 6) * 4);
    this.cells = new Int32Array(buf, 0, cap * 4);
    this.mask = cap - 1;
    this.nodes = new Int32Array(buf, cap * 16, n * 4);
    this.nodeHash = new Int32Array(buf, cap * 16 + n * 16, n);
    this.bySlot = new Int32Array(buf, cap * 16 + n * 20, n);
  }

  /** Number of filed pairs. */
  get size(): number {
    return this.live;
  }

  /** Number of hash values held by two pairs or more (0: no two keys can be equal). */
  get sharedHashes(): number {
    return this.shared;
  }

  /** Files `slot` under `hash`; returns how many pairs were filed under `hash` before. @example ix.add(hashString('a.com/x'), 0) === 0 */
  add(hash: number, slot: number): number {
    if ((this.used + 1) * 2 > this.mask + 1) this.resize(this.used + 1);
    const c = this.cellFor(hash) * 4;
    const node = this.newNode();
    const n1 = node + 1;
    if (slot >= this.bySlot.length) this.bySlot = grow(this.bySlot, slot + 1);
    const { cells, nodes } = this;
    const b = node * 4;
    const tail = cells[c + 2];
    nodes[b] = slot;
    nodes[b + 1] = 0;
    nodes[b + 2] = tail;
    nodes[b + 3] = this.bySlot[slot];
    this.nodeHash[node] = hash;
    this.bySlot[slot] = n1;
    if (tail !== 0) nodes[(tail - 1) * 4 + 1] = n1;
    else cells[c + 1] = n1;
    cells[c + 2] = n1;
    const same = cells[c + 3]++ - 1;
    this.live++;
    if (same === 1) this.shared++;
    return same;
  }

  /**
   * Files `count` pairs (`hashes[k]`, `slots[k]`) exactly as `add` would one after the other, in
   * a cache-friendly order. At a million pairs the table is tens of MB, and `add` in document
   * order reads a random cell per pair (a memory stall each); here the pairs are first grouped by
   * the region of the table they land in (a stable counting sort on the cell's top bits), so the
   * probes of one region stay in the cache. Chains keep the order of `k`, as with `add`.
   *
   * @example ix.addAll(Int32Array.of(h1, h2), Int32Array.of(0, 1), 2) // same as ix.add(h1, 0); ix.add(h2, 1)
   */
  addAll(hashes: Int32Array, slots: Int32Array, count: number): void {
    runSteps(this.addAllSteps(hashes, slots, count));
  }

  /**
   * {@link addAll} in steps of bounded work, for a load sliced over several tasks: it yields every
   * `PASS_STEP` pairs of its linear passes and every `step` probes (at a million pairs the probes
   * alone are ~0.4 s, one long task if run at once). What bounds a step is not only the reads and
   * writes: at a million pairs the node arrays and the sort order are tens of MB of memory touched
   * for the first time here, and each new page is a page fault (a pass step of 262,144 pairs was
   * ~1,800 faults, 10-60 ms of CPU on a loaded machine; docs/perf.md, session 12), so every pass
   * that first writes an array does it in steps too. Nothing else may touch the index until it is done.
   */
  *addAllSteps(hashes: Int32Array, slots: Int32Array, count: number, step = ADD_STEP): Generator<void, void> {
    if (count <= 0) return;
    // Room for every new hash up front: no resize between the probes.
    if ((this.used + count) * 2 > this.mask + 1) this.resize(this.used + count);
    while (this.nodeHash.length - this.made < count) {
      this.nodes = grow(this.nodes, this.nodes.length * 2);
      this.nodeHash = grow(this.nodeHash, this.nodeHash.length * 2);
    }
    // Nodes of this call in the order of k (freed nodes are not reused: they are few after a load).
    const first = this.made;
    this.made += count;
    let maxSlot = 0;
    for (let k = 0; k < count; k++) {
      if (k > 0 && k % PASS_STEP === 0) yield;
      if (slots[k] > maxSlot) maxSlot = slots[k];
    }
    if (maxSlot >= this.bySlot.length) this.bySlot = grow(this.bySlot, maxSlot + 1);
    const { nodes, nodeHash, bySlot } = this;
    for (let k = 0; k < count; k++) {
      if (k > 0 && k % PASS_STEP === 0) yield;
      const node = first + k;
      const slot = slots[k];
      nodes[node * 4] = slot;
      nodes[node * 4 + 3] = bySlot[slot];
      nodeHash[node] = hashes[k];
      bySlot[slot] = node + 1;
    }
    // Small loads (one step's worth) run in one go, as `addAll`.
    const big = count > step;
    if (big) yield;
    // Group k by region: the top REGION_BITS bits of the home cell (hash & mask).
    const cap = this.mask + 1;
    const shift = Math.max(0, Math.log2(cap) - REGION_BITS);
    const regions = cap >>> shift;
    const starts = new Int32Array(regions + 1);
    // The order array's pages are touched here, in order, so the scatter below (which writes
    // into every region's stretch of it from its first step on) finds them mapped.
    const order = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      if (k > 0 && k % PASS_STEP === 0) yield;
      starts[((hashes[k] & this.mask) >>> shift) + 1]++;
      order[k] = 0;
    }
    for (let r = 0; r < regions; r++) starts[r + 1] += starts[r];
    for (let k = 0; k < count; k++) {
      if (k > 0 && k % PASS_STEP === 0) yield;
      order[starts[(hashes[k] & this.mask) >>> shift]++] = k;
    }
    if (big) yield;
    const cells = this.cells;
    for (let j = 0; j < count; j++) {
      if (j > 0 && j % step === 0) yield;
      const k = order[j];
      const c = this.cellFor(hashes[k]) * 4;
      const n1 = first + k + 1;
      const b = (n1 - 1) * 4;
      const tail = cells[c + 2];
      nodes[b + 1] = 0;
      nodes[b + 2] = tail;
      if (tail !== 0) nodes[(tail - 1) * 4 + 1] = n1;
      else cells[c + 1] = n1;
      cells[c + 2] = n1;
      if (cells[c + 3]++ - 1 === 1) this.shared++;
    }
    this.live += count;
  }

  /**
   * Calls `fn(slot)` for every pair whose hash is held by two pairs or more, in table order (one
   * pass over the table: no random probe per pair).
   */
  forEachShared(fn: (slot: number) => void): void {
    runSteps(this.forEachSharedSteps(fn, Number.MAX_SAFE_INTEGER));
  }

  /**
   * {@link forEachShared} in steps: yields after every `step` cells of the table and every `step`
   * calls (at a million pairs the pass is tens of ms, a long task on a loaded page). Nothing else
   * may touch the index until it is done.
   */
  *forEachSharedSteps(fn: (slot: number) => void, step = ADD_STEP * 4): Generator<void, void> {
    if (this.shared === 0) return;
    const { cells, nodes } = this;
    let work = 0;
    for (let c = 0; c < cells.length; c += 4) {
      if (++work >= step) {
        work = 0;
        yield;
      }
      if (cells[c + 3] <= 2) continue;
      for (let n1 = cells[c + 1]; n1 !== 0; n1 = nodes[(n1 - 1) * 4 + 1]) {
        fn(nodes[(n1 - 1) * 4]);
        work++;
      }
    }
  }

  /** Unfiles one pair (`hash`, `slot`) filed earlier by `add`. */
  remove(hash: number, slot: number): void {
    if (slot < 0 || slot >= this.bySlot.length) return;
    const { nodes } = this;
    let before = 0;
    let n1 = this.bySlot[slot];
    while (n1 !== 0 && this.nodeHash[n1 - 1] !== hash) {
      before = n1;
      n1 = nodes[(n1 - 1) * 4 + 3];
    }
    if (n1 === 0) return;
    const b = (n1 - 1) * 4;
    const c = this.find(hash) * 4;
    const cells = this.cells;
    const next = nodes[b + 1];
    const prev = nodes[b + 2];
    if (prev !== 0) nodes[(prev - 1) * 4 + 1] = next;
    else cells[c + 1] = next;
    if (next !== 0) nodes[(next - 1) * 4 + 2] = prev;
    else cells[c + 2] = prev;
    if (before !== 0) nodes[(before - 1) * 4 + 3] = nodes[b + 3];
    else this.bySlot[slot] = nodes[b + 3];
    nodes[b + 3] = this.free;
    this.free = n1;
    this.live--;
    if (--cells[c + 3] === 2) this.shared--;
  }

  /** Number of pairs filed under `hash`. */
  count(hash: number): number {
    const c = this.find(hash);
    return c < 0 ? 0 : this.cells[c * 4 + 3] - 1;
  }

  /** Appends the slots filed under `hash` to `out` (in filing order) and returns `out`. */
  slots(hash: number, out: number[] = []): number[] {
    const c = this.find(hash);
    if (c < 0) return out;
    const nodes = this.nodes;
    for (let n1 = this.cells[c * 4 + 1]; n1 !== 0; n1 = nodes[(n1 - 1) * 4 + 1])
      out.push(nodes[(n1 - 1) * 4]);
    return out;
  }

  /** The cell holding `hash`, or -1. */
  private find(hash: number): number {
    const { cells, mask } = this;
    for (let i = hash & mask; cells[i * 4 + 3] !== 0; i = (i + 1) & mask) if (cells[i * 4] === hash) return i;
    return -1;
  }

  /** The cell holding `hash`, claimed if none does (the table has room). */
  private cellFor(hash: number): number {
    const { cells, mask } = this;
    let i = hash & mask;
    for (; cells[i * 4 + 3] !== 0; i = (i + 1) & mask) if (cells[i * 4] === hash) return i;
    cells[i * 4] = hash;
    cells[i * 4 + 3] = 1;
    this.used++;
    return i;
  }

  /** A free node index (reused or new; the node arrays grow as needed). */
  private newNode(): number {
    if (this.free !== 0) {
      const node = this.free - 1;
      this.free = this.nodes[node * 4 + 3];
      return node;
    }
    if (this.made === this.nodeHash.length) {
      this.nodes = grow(this.nodes, this.nodes.length * 2);
      this.nodeHash = grow(this.nodeHash, this.made * 2);
    }
    return this.made++;
  }

  /** Rebuilds the table for at least `n` hashes (drops cells whose chain is empty). */
  private resize(n: number): void {
    const old = this.cells;
    let cap = 1024;
    while (cap < n * 4) cap *= 2;
    this.cells = new Int32Array(cap * 4);
    this.mask = cap - 1;
    this.used = 0;
    for (let k = 0; k < old.length; k += 4) {
      if (old[k + 3] <= 1) continue;
      const c = this.cellFor(old[k]) * 4;
      this.cells[c + 1] = old[k + 1];
      this.cells[c + 2] = old[k + 2];
      this.cells[c + 3] = old[k + 3];
    }
  }
}

/**
 * From this many pairs on, {@link reserveSteps} makes the arrays in a task of their own (at
 * 131,072 pairs they are ~7 MB; V8 answers tens of MB of new array buffers with a mark-compact
 * in the task that made them).
 */
export const RESERVE_APART = 131_072;

/**
 * `index.reserve(n)` as steps: for `n` ≥ {@link RESERVE_APART} the arrays are made alone in a
 * task ({@link END_SLICE} before and after), so the GC their allocation may start lands there;
 * `more` makes the caller's own arrays in the same step.
 */
export function* reserveSteps(index: HashIndex, n: number, more?: () => void): Generator<number, void> {
  if (n < RESERVE_APART) {
    index.reserve(n);
    more?.();
    return;
  }
  yield END_SLICE;
  index.reserve(n);
  more?.();
  yield END_SLICE;
}

/** Table cells for `expected` hashes: a power of two, at least twice as many (at least 1,024). */
function capFor(expected: number): number {
  let cap = 1024;
  while (cap < expected * 2) cap *= 2;
  return cap;
}

/** `addAll` groups pairs by this many top bits of their home cell (4,096 regions: a few KB of cells each at 1M). */
const REGION_BITS = 12;
/**
 * (hash, slot) pairs noted during a load, for one {@link HashIndex.addAllSteps} call once every
 * slot is noted (the validator parts that file in bulk share it).
 */
export class PairBuffer {
  hashes: Int32Array;
  slots: Int32Array;
  n = 0;

  constructor(expected = 0) {
    this.hashes = new Int32Array(expected);
    this.slots = new Int32Array(expected);
  }

  push(hash: number, slot: number): void {
    if (this.n === this.hashes.length) {
      const size = Math.max(1024, this.n * 2);
      const hashes = new Int32Array(size);
      const slots = new Int32Array(size);
      hashes.set(this.hashes);
      slots.set(this.slots);
      this.hashes = hashes;
      this.slots = slots;
    }
    this.hashes[this.n] = hash;
    this.slots[this.n++] = slot;
  }

  /** Files every pair in `index`, in steps (see {@link HashIndex.addAllSteps}). */
  fileSteps(index: HashIndex): Generator<void, void> {
    return index.addAllSteps(this.hashes, this.slots, this.n);
  }
}

/** Probes per step of {@link HashIndex.addAllSteps} (~8 ms of work on a slow machine). */
const ADD_STEP = 16_384;
/**
 * Pairs per step of {@link HashIndex.addAllSteps}' linear passes before the probes (a few typed
 * array reads and writes each, and the first write to ~1 MB of fresh memory: ~230 page faults,
 * 1-3 ms on a loaded machine; 262,144 pairs per step were 10-60 ms there, docs/perf.md session 12).
 */
export const PASS_STEP = 32_768;

/** A copy of `a` with room for at least `n` items. */
function grow(a: Int32Array, n: number): Int32Array {
  const next = new Int32Array(Math.max(n, a.length * 2));
  next.set(a);
  return next;
}
