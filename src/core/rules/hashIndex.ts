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

/** Slots (small non-negative integers) filed under 32-bit hashes; several slots may share a hash. */
export class HashIndex {
  /** Hash of each filed slot, by slot. */
  private hashOf = new Int32Array(1024);
  /** Open-addressing table of slot + 1 (0 empty, -1 deleted). */
  private table = new Int32Array(2048);
  private mask = 2047;
  /** Filled cells (live + deleted). */
  private used = 0;
  private live = 0;
  /** Hash values held by two slots or more. */
  private shared = 0;

  /** @param expected number of slots to size for (avoids regrowing while loading). */
  constructor(expected = 0) {
    if (expected > 512) this.resize(expected);
  }

  /** Number of filed slots. */
  get size(): number {
    return this.live;
  }

  /** Number of hash values held by two slots or more (0: no two keys can be equal). */
  get sharedHashes(): number {
    return this.shared;
  }

  /** The hash a slot was filed under (only meaningful while it is filed). */
  hash(slot: number): number {
    return this.hashOf[slot];
  }

  /** Files `slot` under `hash`. @example ix.add(0, hashString('a.com/x')) */
  add(slot: number, hash: number): void {
    if (slot >= this.hashOf.length) {
      const next = new Int32Array(Math.max(slot + 1, this.hashOf.length * 2));
      next.set(this.hashOf);
      this.hashOf = next;
    }
    if ((this.used + 1) * 2 > this.table.length) this.resize(this.live + 1);
    this.hashOf[slot] = hash;
    const t = this.table;
    const hashOf = this.hashOf;
    const mask = this.mask;
    let i = hash & mask;
    let free = -1;
    let same = 0;
    for (; t[i] !== EMPTY; i = (i + 1) & mask) {
      const c = t[i];
      if (c === TOMB) {
        if (free < 0) free = i;
      } else if (hashOf[c - 1] === hash) same++;
    }
    if (free < 0) {
      free = i;
      this.used++;
    }
    t[free] = slot + 1;
    this.live++;
    if (same === 1) this.shared++;
  }

  /** Unfiles `slot` (filed earlier by `add`). */
  remove(slot: number): void {
    const hash = this.hashOf[slot];
    const t = this.table;
    const mask = this.mask;
    let same = 0;
    let found = false;
    for (let i = hash & mask; t[i] !== EMPTY; i = (i + 1) & mask) {
      const c = t[i];
      if (c === slot + 1 && !found) {
        t[i] = TOMB;
        found = true;
      } else if (c > 0 && this.hashOf[c - 1] === hash) same++;
    }
    if (!found) return;
    this.live--;
    if (same === 1) this.shared--;
  }

  /** Number of slots filed under `hash`. */
  count(hash: number): number {
    const t = this.table;
    const hashOf = this.hashOf;
    const mask = this.mask;
    let n = 0;
    for (let i = hash & mask; t[i] !== EMPTY; i = (i + 1) & mask) {
      const c = t[i];
      if (c > 0 && hashOf[c - 1] === hash) n++;
    }
    return n;
  }

  /** Appends the slots filed under `hash` to `out` (in no particular order) and returns `out`. */
  slots(hash: number, out: number[] = []): number[] {
    const t = this.table;
    const hashOf = this.hashOf;
    const mask = this.mask;
    for (let i = hash & mask; t[i] !== EMPTY; i = (i + 1) & mask) {
      const c = t[i];
      if (c > 0 && hashOf[c - 1] === hash) out.push(c - 1);
    }
    return out;
  }

  /** Rebuilds the table for at least `n` live slots (drops deleted cells). */
  private resize(n: number): void {
    let cap = 2048;
    while (cap < n * 4) cap *= 2;
    const old = this.table;
    const t = new Int32Array(cap);
    const mask = cap - 1;
    for (let k = 0; k < old.length; k++) {
      const c = old[k];
      if (c <= 0) continue;
      let i = this.hashOf[c - 1] & mask;
      while (t[i] !== EMPTY) i = (i + 1) & mask;
      t[i] = c;
    }
    this.table = t;
    this.mask = mask;
    this.used = this.live;
    if (n > this.hashOf.length) {
      const next = new Int32Array(n);
      next.set(this.hashOf);
      this.hashOf = next;
    }
  }
}
