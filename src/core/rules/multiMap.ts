/**
 * A string → entry-id multimap that stores a single id without an array (most keys have one id),
 * for the validator's duplicate and hreflang indexes.
 */
export class MultiMap {
  private readonly map = new Map<string, number | number[]>();
  /** Keys holding two ids or more. */
  private multi = 0;

  /** Adds an id under a key. @example m.add('https://a.com/', 3) */
  add(key: string, id: number): void {
    const cur = this.map.get(key);
    if (cur === undefined) this.map.set(key, id);
    else if (typeof cur === 'number') {
      this.map.set(key, [cur, id]);
      this.multi++;
    } else cur.push(id);
  }

  /** Removes one occurrence of an id under a key. */
  remove(key: string, id: number): void {
    const cur = this.map.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'number') {
      if (cur === id) this.map.delete(key);
      return;
    }
    const i = cur.indexOf(id);
    if (i >= 0) cur.splice(i, 1);
    if (cur.length === 1) {
      this.map.set(key, cur[0]);
      this.multi--;
    } else if (cur.length === 0) {
      this.map.delete(key);
      this.multi--;
    }
  }

  /** Ids under a key (empty when none). Do not mutate the result. */
  get(key: string): readonly number[] {
    const cur = this.map.get(key);
    if (cur === undefined) return EMPTY;
    return typeof cur === 'number' ? [cur] : cur;
  }

  /** The first id under a key (no allocation), undefined when none. */
  first(key: string): number | undefined {
    const cur = this.map.get(key);
    return cur === undefined || typeof cur === 'number' ? cur : cur[0];
  }

  /** Number of distinct keys. */
  get size(): number {
    return this.map.size;
  }

  /** Number of keys holding two ids or more (0: every key is unique). */
  get multiKeys(): number {
    return this.multi;
  }

  /** Number of ids under a key. */
  count(key: string): number {
    if (this.map.size === 0) return 0;
    const cur = this.map.get(key);
    return cur === undefined ? 0 : typeof cur === 'number' ? 1 : cur.length;
  }

  /** True when the id is stored under the key. */
  has(key: string, id: number): boolean {
    const cur = this.map.get(key);
    return cur === id || (Array.isArray(cur) && cur.includes(id));
  }
}

const EMPTY: readonly number[] = [];
