/**
 * What a message tells the reader to do depends on where it is read: the app has fields and
 * buttons, the command line has options. The one home of those sentences, both wordings side by
 * side, so a message never names a button the CLI lacks (or a flag the app lacks).
 */

/** Where a message is read. */
export type Surface = 'app' | 'cli';

/** The "what to do" sentence of a message, per surface. */
export const HOW_TO = {
  /** OUT-008: split files without a publish URL get no index. */
  publishUrl: {
    app: 'Set the publish URL and export again.',
    cli: 'Run again with --base URL (the URL the sitemap index will be published at).',
  },
} as const satisfies Record<string, Record<Surface, string>>;

/**
 * CRAWL-006's "what to do" for `n` missing pages, per surface: the app's button (on the card),
 * or the CLI's list of URLs.
 *
 * @example addMissingHow(1, 'cli') // 'add it to the sitemap (listed with this finding; …)'
 */
export function addMissingHow(n: number, surface: Surface): string {
  const them = n === 1 ? 'it' : 'them';
  return surface === 'app'
    ? `add ${them} with “Add missing indexable pages” (one undo step).`
    : `add ${them} to the sitemap (listed with this finding; --json lists up to 1,000).`;
}
