/**
 * Commands that edit one entry's extension data (images, videos, news, hreflang alternates) from
 * the detail panel. Each command builds one patch and commits it through the kernel: exactly one
 * undo step, no-ops record nothing. (`addMissingReturnLinks`, for a whole hreflang cluster, is a
 * fix: fixCommands.ts.)
 * (Replacing many entries at once is `replaceEntries` in renameCommand.ts.)
 */
import { FIELDS, type ListKey } from '../core/fields.ts';
import type { Alternate, Entry, ImageData, NewsData, VideoData, XNode } from '../core/model.ts';
import { NEWS_CHILD_ORDER, NEWS_PUBLICATION_ORDER, VIDEO_CHILD_ORDER } from '../core/xsdOrder.ts';
import { fixPatch } from './edits.ts';
import type { Kernel } from './kernel.ts';
import { indexOfId } from './patch.ts';

/** The list fields of an entry the detail panel edits (`kind: 'list'` in core fields.ts). */
export type { ListKey } from '../core/fields.ts';

/** Item type of each list field. */
export interface ListItems {
  images: ImageData;
  videos: VideoData;
  news: NewsData;
  alternates: Alternate;
}

/**
 * One edit of a list: add (at the end, or before `at`), replace, remove, or move an item from
 * `index` to `to`. Indexes are 0-based positions in the list.
 *
 * @example { op: 'move', index: 2, to: 1 } // move the third item up
 */
export type ListEdit<T> =
  | { op: 'add'; item: T; at?: number }
  | { op: 'set'; index: number; item: T }
  | { op: 'remove'; index: number }
  | { op: 'move'; index: number; to: number };

/** The entry commands (merged into `Commands`). */
export interface EntryCommands {
  /** Replace one entry (matched by id) as one undo step. False when unknown or unchanged. */
  updateEntry(id: number, next: Entry, label: string): boolean;
  /** Add / edit / remove / reorder an image, video, news block or alternate of one entry. */
  editList<K extends ListKey>(id: number, key: K, edit: ListEdit<ListItems[K]>, label?: string): boolean;
  /**
   * Add / edit / remove / reorder the XNode children of `videos[index]` or `news[index]`; `path`
   * walks into children by position (`[]` = the block's own nodes, `[0]` = children of node 0).
   */
  editNodes(
    id: number,
    key: 'videos' | 'news',
    index: number,
    path: readonly number[],
    edit: ListEdit<XNode>,
    label?: string,
  ): boolean;
  /** Set the text of the node named by `names` (e.g. ['publication', 'name']), creating it in XSD order. */
  setNodeText(
    id: number,
    key: 'videos' | 'news',
    index: number,
    names: readonly string[],
    value: string,
    label?: string,
  ): boolean;
  /** HREF-006 fix for every member of the entry's hreflang cluster, one step. Returns links added (fixCommands.ts). */
  addMissingReturnLinks(entryId: number): number;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The list after one edit, or null when the edit changes nothing or is out of range.
 *
 * @example applyListEdit(['a', 'b', 'c'], { op: 'move', index: 2, to: 0 }) // ['c', 'a', 'b']
 */
export function applyListEdit<T>(list: readonly T[], edit: ListEdit<T>): T[] | null {
  const out = list.slice();
  const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < list.length;
  switch (edit.op) {
    case 'add':
      out.splice(
        edit.at === undefined ? out.length : Math.max(0, Math.min(edit.at, out.length)),
        0,
        edit.item,
      );
      return out;
    case 'set':
      if (!inRange(edit.index) || same(list[edit.index], edit.item)) return null;
      out[edit.index] = edit.item;
      return out;
    case 'remove':
      if (!inRange(edit.index)) return null;
      out.splice(edit.index, 1);
      return out;
    case 'move': {
      if (!inRange(edit.index) || !inRange(edit.to) || edit.index === edit.to) return null;
      const [item] = out.splice(edit.index, 1);
      out.splice(edit.to, 0, item);
      return out;
    }
  }
}

function withList<K extends ListKey>(e: Entry, key: K, list: ListItems[K][]): Entry {
  if (list.length > 0) return { ...e, [key]: list };
  const next: Entry = { ...e };
  delete next[key];
  return next;
}

/**
 * `e` with one edit of a list field applied (an emptied list is removed), or `e` itself when the
 * edit changes nothing.
 *
 * @example editEntryList(e, 'images', { op: 'add', item: { loc: 'https://ex.com/a.jpg' } }).images
 */
export function editEntryList<K extends ListKey>(e: Entry, key: K, edit: ListEdit<ListItems[K]>): Entry {
  const list = (e[key] ?? []) as ListItems[K][];
  const next = applyListEdit(list, edit);
  return next ? withList(e, key, next) : e;
}

function editAt(
  nodes: readonly XNode[],
  path: readonly number[],
  fn: (list: readonly XNode[]) => XNode[] | null,
): XNode[] | null {
  if (path.length === 0) return fn(nodes);
  const [head, ...rest] = path;
  const parent = nodes[head];
  if (!parent) return null;
  const children = editAt(parent.children ?? [], rest, fn);
  if (!children) return null;
  const out = nodes.slice();
  out[head] = { ...parent, children };
  return out;
}

function withNodes(e: Entry, key: 'videos' | 'news', index: number, nodes: XNode[]): Entry {
  const list = (e[key] ?? []).slice();
  list[index] = { nodes };
  return { ...e, [key]: list };
}

/**
 * `e` with one edit of the XNode list at `path` inside `videos[index]` / `news[index]`, or `e`
 * itself when nothing changes.
 *
 * @example editEntryNodes(e, 'videos', 0, [], { op: 'add', item: { name: 'tag', text: 'grill' } })
 */
export function editEntryNodes(
  e: Entry,
  key: 'videos' | 'news',
  index: number,
  path: readonly number[],
  edit: ListEdit<XNode>,
): Entry {
  const block = e[key]?.[index];
  if (!block) return e;
  const nodes = editAt(block.nodes, path, (list) => applyListEdit(list, edit));
  return nodes ? withNodes(e, key, index, nodes) : e;
}

/** XSD child order (VID-020, NEWS-011) used to place newly created nodes. */
const ORDER: Record<string, readonly string[]> = {
  videos: VIDEO_CHILD_ORDER,
  news: NEWS_CHILD_ORDER,
  'news.publication': NEWS_PUBLICATION_ORDER,
};

function setText(
  nodes: readonly XNode[],
  names: readonly string[],
  value: string,
  scope: string,
): XNode[] | null {
  const [name, ...rest] = names;
  const i = nodes.findIndex((n) => n.name === name);
  const cur: XNode = i >= 0 ? nodes[i] : { name, text: '' };
  let next: XNode;
  if (rest.length === 0) {
    if (i >= 0 && cur.text === value) return null;
    next = { ...cur, text: value };
  } else {
    const children = setText(cur.children ?? [], rest, value, `${scope}.${name}`);
    if (!children) return null;
    next = { ...cur, children };
  }
  const out = nodes.slice();
  if (i >= 0) out[i] = next;
  else out.splice(xsdInsertIndex(scope, out, name), 0, next);
  return out;
}

/**
 * Where a new node named `name` goes in `nodes` so the XSD order holds (VID-020, NEWS-011): after
 * every node that comes before it or shares its name. `scope` is 'videos', 'news' or
 * 'news.publication'; unknown names go last.
 *
 * @example xsdInsertIndex('videos', [{ name: 'title', text: '' }, { name: 'tag', text: '' }], 'duration') // 1
 */
export function xsdInsertIndex(scope: string, nodes: readonly XNode[], name: string): number {
  const order = ORDER[scope] ?? [];
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length);
  const at = nodes.findIndex((n) => rank(n.name) > rank(name));
  return at < 0 ? nodes.length : at;
}

/** Known child names of `<video:video>` in XSD order. */
export const VIDEO_FIELDS: readonly string[] = ORDER.videos;

/**
 * `e` with the text of the node named by `names` in `videos[index]` / `news[index]` set to
 * `value`; missing nodes (and parents) are created in XSD order. `e` itself when unchanged.
 *
 * @example setEntryNodeText(e, 'news', 0, ['publication', 'name'], 'The Example Times')
 */
export function setEntryNodeText(
  e: Entry,
  key: 'videos' | 'news',
  index: number,
  names: readonly string[],
  value: string,
): Entry {
  const block = e[key]?.[index];
  if (!block || names.length === 0) return e;
  const nodes = setText(block.nodes, names, value, key);
  return nodes ? withNodes(e, key, index, nodes) : e;
}

function listLabel(noun: string, edit: ListEdit<unknown>): string {
  switch (edit.op) {
    case 'add':
      return `Add ${noun}`;
    case 'set':
      return `Edit ${noun} ${edit.index + 1}`;
    case 'remove':
      return `Remove ${noun} ${edit.index + 1}`;
    case 'move':
      return `Move ${noun} ${edit.index + 1} ${edit.to < edit.index ? 'up' : 'down'}`;
  }
}

/** Build the entry commands over a kernel. */
export function createEntryCommands(k: Kernel): Omit<EntryCommands, 'addMissingReturnLinks'> {
  const current = (id: number): Entry | undefined => {
    const doc = k.f.doc;
    const i = doc ? indexOfId(doc.entries, id) : -1;
    return i >= 0 ? doc!.entries[i] : undefined;
  };
  const replace = (entries: Entry[], label: string) =>
    k.f.doc ? k.commit(fixPatch(k.f.doc, { update: entries }, label)) : false;
  const edit = (id: number, fn: (e: Entry) => Entry, label: string) => {
    const e = current(id);
    if (!e) return false;
    const next = fn(e);
    return next !== e && replace([next], label);
  };

  return {
    updateEntry: (id, next, label) => (next.id === id ? replace([next], label) : false),
    editList: (id, key, change, label) =>
      edit(id, (e) => editEntryList(e, key, change), label ?? listLabel(FIELDS[key].noun, change)),
    editNodes: (id, key, index, path, change, label) =>
      edit(
        id,
        (e) => editEntryNodes(e, key, index, path, change),
        label ?? listLabel(`${key === 'videos' ? 'video' : 'news'} field`, change),
      ),
    setNodeText: (id, key, index, names, value, label) =>
      edit(
        id,
        (e) => setEntryNodeText(e, key, index, names, value),
        label ?? `Edit ${key === 'videos' ? 'video' : 'news'} ${names[names.length - 1]}`,
      ),
  };
}
