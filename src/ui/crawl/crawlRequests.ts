/**
 * The drop hook of the crawl audit: a file dropped or opened while a sitemap is open is offered
 * here first; when its header row is a crawl export (core `detectCrawlCsv`), it is attached as
 * crawl data instead of being opened. `openFiles` asks; the top bar's habits controls listen.
 * (Meant to move into the single `open(inputs, intent)` command of issue #13.)
 */
type Listener = (file: File) => Promise<boolean>;
let listener: Listener | null = null;

/** Offer one file as crawl data; true when it was taken (then do not open it as a sitemap). */
export async function offerCrawlFile(file: File): Promise<boolean> {
  return listener ? listener(file) : false;
}

/** Listen for offered files; returns the unsubscribe function. */
export function onCrawlFileOffer(l: Listener): () => void {
  listener = l;
  return () => {
    if (listener === l) listener = null;
  };
}
