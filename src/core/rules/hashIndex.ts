/**
 * A multiset of (slot, 32-bit key hash) pairs in typed arrays: open addressing with linear probing,
 * no strings and no per-entry objects. The validator files every entry under the hash of its
 * duplicate-family key; entries that share a hash are only candidates (callers compare the real
 * keys), so 1,000,000 distinct URLs cost two Int32Arrays instead of a Map of 1,000,000 strings.
 */

const EMPTY = 0;
const TOMB = -1;

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
 */
export class HashIndex {
  /** Hash of each cell's pair. */
  private keys: Int32Array;
  /** Slot + 1 of each cell (0 empty, -1 deleted). */
  private vals: Int32Array;
  private mask: number;
  /** Filled cells (live + deleted). */
  private used = 0;
  private live = 0;
  /** Hash values held by two pairs or more. */
  private shared = 0;

  /** @param expected number of pairs to size for (avoids regrowing while loading). */
  constructor(expected = 0) {
    let cap = 1024;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Int32Array(cap);
    this.vals = new Int32Array(cap);
    this.mask = cap - 1;
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
    if ((this.used + 1) * 2 > this.vals.length) this.resize(this.live + 1);
    const { keys, vals, mask } = this;
    let i = hash & mask;
    let free = -1;
    let same = 0;
    for (; vals[i] !== EMPTY; i = (i + 1) & mask) {
      if (vals[i] === TOMB) {
        if (free < 0) free = i;
      } else if (keys[i] === hash) same++;
    }
    if (free < 0) {
      free = i;
      this.used++;
    }
    keys[free] = hash;
    vals[free] = slot + 1;
    this.live++;
    if (same === 1) this.shared++;
    return same;
  }

  /** Unfiles one pair (`hash`, `slot`) filed earlier by `add`. */
  remove(hash: number, slot: number): void {
    const { keys, vals, mask } = this;
    let same = 0;
    let found = false;
    for (let i = hash & mask; vals[i] !== EMPTY; i = (i + 1) & mask) {
      if (keys[i] !== hash || vals[i] === TOMB) continue;
      if (!found && vals[i] === slot + 1) {
        vals[i] = TOMB;
        found = true;
      } else same++;
    }
    if (!found) return;
    this.live--;
    if (same === 1) this.shared--;
  }

  /** Number of pairs filed under `hash`. */
  count(hash: number): number {
    const { keys, vals, mask } = this;
    let n = 0;
    for (let i = hash & mask; vals[i] !== EMPTY; i = (i + 1) & mask) if (keys[i] === hash && vals[i] > 0) n++;
    return n;
  }

  /** Appends the slots filed under `hash` to `out` (in no particular order) and returns `out`. */
  slots(hash: number, out: number[] = []): number[] {
    const { keys, vals, mask } = this;
    for (let i = hash & mask; vals[i] !== EMPTY; i = (i + 1) & mask)
      if (keys[i] === hash && vals[i] > 0) out.push(vals[i] - 1);
    return out;
  }

  /** Rebuilds the table for at least `n` live pairs (drops deleted cells). */
  private resize(n: number): void {
    let cap = 1024;
    while (cap < n * 4) cap *= 2;
    const keys = new Int32Array(cap);
    const vals = new Int32Array(cap);
    const mask = cap - 1;
    for (let k = 0; k < this.vals.length; k++) {
      const v = this.vals[k];
      if (v <= 0) continue;
      let i = this.keys[k] & mask;
      while (vals[i] !== EMPTY) i = (i + 1) & mask;
      keys[i] = this.keys[k];
      vals[i] = v;
    }
    this.keys = keys;
    this.vals = vals;
    this.mask = mask;
    this.used = this.live;
  }
}
