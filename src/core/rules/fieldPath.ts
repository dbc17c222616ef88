/**
 * Read and immutably replace a value inside an entry by its issue field path (`loc`,
 * `images.0.loc`, `alternates.2.href`, `videos.0.title`, `news.0.publication.name`).
 */
import { isEditableField, type EditableField as Scalar } from '../fields.ts';
import type { Entry, XNode } from '../model.ts';

function nodeAt(nodes: readonly XNode[], names: readonly string[]): XNode | undefined {
  let list = nodes;
  let found: XNode | undefined;
  for (const name of names) {
    found = list.find((n) => n.name === name);
    if (!found) return undefined;
    list = found.children ?? [];
  }
  return found;
}

function replaceNode(
  nodes: readonly XNode[],
  names: readonly string[],
  fn: (n: XNode) => XNode | null,
): XNode[] {
  const i = nodes.findIndex((n) => n.name === names[0]);
  if (i < 0) return [...nodes];
  const out = [...nodes];
  if (names.length === 1) {
    const next = fn(nodes[i]);
    if (next) out[i] = next;
    else out.splice(i, 1);
    return out;
  }
  out[i] = { ...nodes[i], children: replaceNode(nodes[i].children ?? [], names.slice(1), fn) };
  return out;
}

/** The string at a field path, or undefined. @example getField(e, 'images.0.loc') */
export function getField(e: Entry, path: string): string | undefined {
  const parts = path.split('.');
  if (isEditableField(parts[0])) return e[parts[0] as Scalar];
  const i = Number(parts[1]);
  if (parts[0] === 'images') return e.images?.[i]?.[parts[2] as 'loc'];
  if (parts[0] === 'alternates') return e.alternates?.[i]?.[parts[2] as 'href'];
  if (parts[0] === 'videos') return nodeAt(e.videos?.[i]?.nodes ?? [], parts.slice(2))?.text;
  if (parts[0] === 'news') return nodeAt(e.news?.[i]?.nodes ?? [], parts.slice(2))?.text;
  return undefined;
}

/**
 * A copy of the entry with the value at `path` replaced (undefined removes an optional scalar or
 * image/alternate attribute; a node's text becomes ''). Never mutates the input.
 *
 * @example setField({ id: 1, loc: ' a ' }, 'loc', 'a') // { id: 1, loc: 'a' }
 */
export function setField(e: Entry, path: string, value: string | undefined): Entry {
  const parts = path.split('.');
  const head = parts[0];
  if (isEditableField(head)) {
    const next = { ...e };
    if (value === undefined && head !== 'loc') delete next[head as Exclude<Scalar, 'loc'>];
    else next[head as Scalar] = value ?? '';
    return next;
  }
  const i = Number(parts[1]);
  if (head === 'images' && e.images?.[i]) {
    const images = [...e.images];
    images[i] = { ...images[i], [parts[2]]: value };
    if (value === undefined) delete (images[i] as unknown as Record<string, unknown>)[parts[2]];
    return { ...e, images };
  }
  if (head === 'alternates' && e.alternates?.[i]) {
    const alternates = [...e.alternates];
    alternates[i] = { ...alternates[i], [parts[2]]: value };
    return { ...e, alternates };
  }
  return mapNode(e, path, (n) => ({ ...n, text: value ?? '' }));
}

/**
 * A copy of the entry with the video/news node at `path` transformed (null removes it).
 *
 * @example mapNode(e, 'videos.0.category', () => null) // drops <video:category>
 */
export function mapNode(e: Entry, path: string, fn: (n: XNode) => XNode | null): Entry {
  const parts = path.split('.');
  const i = Number(parts[1]);
  if (parts[0] === 'videos' && e.videos?.[i]) {
    const videos = [...e.videos];
    videos[i] = { nodes: replaceNode(videos[i].nodes, parts.slice(2), fn) };
    return { ...e, videos };
  }
  if (parts[0] === 'news' && e.news?.[i]) {
    const news = [...e.news];
    news[i] = { nodes: replaceNode(news[i].nodes, parts.slice(2), fn) };
    return { ...e, news };
  }
  return e;
}

/**
 * What a fix writes into an issue's field, `“1.5” → “1.0”`: the one wording of a fix's change
 * (an issue's fix button, Fix all's examples). Null when the field is removed or unchanged
 * (removals read better as the fix's own label, "Drop deprecated image tags").
 */
export function fieldChange(before: Entry, after: Entry, field = 'loc'): string | null {
  const old = getField(before, field);
  const next = getField(after, field);
  if (old === undefined || next === undefined || old === next) return null;
  return `“${old}” → “${next}”`;
}
