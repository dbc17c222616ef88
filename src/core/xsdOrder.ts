/**
 * Child element order of the extension XSDs (SITEMAP-RULES.md VID-020, NEWS-011, OUT-003): one
 * list used by the validator (order checks), the exporter (writing in order) and the editor
 * (placing a new child).
 */

/** `<video:video>` children in XSD sequence. @example VIDEO_CHILD_ORDER[0] === 'thumbnail_loc' */
export const VIDEO_CHILD_ORDER: readonly string[] = [
  'thumbnail_loc',
  'title',
  'description',
  'content_loc',
  'player_loc',
  'duration',
  'expiration_date',
  'rating',
  'content_segment_loc',
  'view_count',
  'publication_date',
  'tag',
  'category',
  'family_friendly',
  'restriction',
  'gallery_loc',
  'price',
  'requires_subscription',
  'uploader',
  'tvshow',
  'platform',
  'live',
  'id',
];

/** `<news:news>` children in XSD sequence. @example NEWS_CHILD_ORDER[0] === 'publication' */
export const NEWS_CHILD_ORDER: readonly string[] = [
  'publication',
  'access',
  'genres',
  'publication_date',
  'title',
  'keywords',
  'stock_tickers',
];

/** `<news:publication>` children in XSD sequence. */
export const NEWS_PUBLICATION_ORDER: readonly string[] = ['name', 'language'];

/**
 * The first child that stands before one it should follow in `order` (children not in `order` are
 * ignored), or null when the children are in order.
 *
 * @example firstOutOfOrder([{ name: 'title' }, { name: 'thumbnail_loc' }], VIDEO_CHILD_ORDER)?.name === 'thumbnail_loc'
 */
export function firstOutOfOrder<T extends { name: string }>(
  nodes: readonly T[],
  order: readonly string[],
): T | null {
  let last = -1;
  for (const n of nodes) {
    const i = order.indexOf(n.name);
    if (i < 0) continue;
    if (i < last) return n;
    last = i;
  }
  return null;
}
