/**
 * Warms the open path while the page is idle (issue #18): the first open of a page used to run
 * every function of the worker's gunzip → parse → column encode → validate → snapshot chain, and
 * the page's column decode, for the first time — interpreted, then compiled by V8's optimizing
 * tiers on the helper threads while the open ran (about a third of the open's CPU, on a machine
 * with two cores). A user takes seconds between the page showing and choosing a file; in that time
 * the worker parses and validates a few small generated sitemaps through the very same requests,
 * and the results are dropped. Nothing is shown, stored or announced.
 *
 * It never holds a real open back for more than one round (a few ms warm, ~20–40 ms cold):
 * every round is its own request, the next is asked for only in an idle period, and none starts
 * once a real open (or anything else) has used the worker.
 */
import type { SitemapClient } from '../workers/client.ts';
import { validationSettingsOf } from './kernel.ts';
import { DEFAULT_SETTINGS } from './settingsStep.ts';

/**
 * Entries per round: small first (cold code is slow), none over 1,000, so that a real open never
 * waits long behind a round the worker is running. These take the worker's per-entry code to
 * Maglev only; 48 rounds (46,500 URLs) took it to TurboFan before the open but cost ~1.1 s more
 * idle CPU per page load with no lower open CPU shown (docs/perf.md, session 18).
 */
export const WARM_ROUNDS = [250, 500, 750, 1_000, 1_000, 1_000, 1_000, 1_000] as const;

const WORDS = ['news', 'shop', 'blog', 'help', 'about', 'garden', 'kitchen', 'sports', 'travel', 'tools'];
const FREQS = ['daily', 'weekly', 'monthly', 'yearly', 'always', 'hourly', 'never'];

/**
 * A generated urlset of `n` URLs with what real sitemaps carry: lastmod as a date and as a
 * date-time with an offset, changefreq, priority, a query string, an escaped `&`, an image on
 * every 10th URL and hreflang alternates on every 25th. Same bytes for the same `n`.
 */
export function warmSitemap(n: number): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (let i = 0; i < n; i++) {
    const path = `/${WORDS[i % 10]}/${WORDS[(i * 7) % 10]}-${WORDS[(i * 3) % 10]}/p-${(i * 7919) % 100_000}-${i}`;
    const loc =
      i % 3 === 0
        ? `https://www.example.org${path}?id=${i}&amp;v=${i % 4}`
        : `https://www.example.org${path}`;
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    const lastmod =
      i % 2 === 0
        ? `2024-${month}-${day}`
        : `2024-${month}-${day}T${String(i % 24).padStart(2, '0')}:15:00+02:00`;
    let s = `  <url>\n    <loc>${loc}</loc>\n    <lastmod>${lastmod}</lastmod>\n`;
    if (i % 5 !== 4)
      s += `    <changefreq>${FREQS[i % 7]}</changefreq>\n    <priority>0.${1 + (i % 9)}</priority>\n`;
    if (i % 10 === 0)
      s += `    <image:image><image:loc>https://cdn.example.org/i/${i}.jpg</image:loc></image:image>\n`;
    if (i % 25 === 0)
      for (const l of ['de', 'fr', 'x-default'])
        s += `    <xhtml:link rel="alternate" hreflang="${l}" href="https://www.example.org${l === 'x-default' ? '' : `/${l}`}${path}"/>\n`;
    parts.push(`${s}  </url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** gzip `text` natively (so the worker's native gunzip runs too); the plain bytes without it. */
async function gzipped(text: string): Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  if (typeof CompressionStream !== 'function') return bytes;
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return bytes;
  }
}

/** What the warm-up needs from the page. */
export interface WarmHost {
  /** The raw worker client (not the store's wrapper, which marks real use). */
  client: Pick<SitemapClient, 'parse'>;
  /** The validation settings a real open would send. */
  settings(): Parameters<SitemapClient['parse']>[5];
  /** True once the worker was used for real (an open): no round starts after that. */
  stopped(): boolean;
  /** Runs `fn` in the next idle period. */
  whenIdle(fn: () => void): void;
  /** Hands a warm round's result to the page's own open code that runs with no effect (optional). */
  received?(result: Awaited<ReturnType<SitemapClient['parse']>>): void;
}

/**
 * Run the warm-up rounds, each in an idle period, until done or stopped; resolves with the
 * number of rounds run. Errors end the warm-up silently: it is an optimisation only.
 *
 * @example void warmOpenPath({ client, settings, stopped: () => used, whenIdle });
 */
export async function warmOpenPath(host: WarmHost, rounds: readonly number[] = WARM_ROUNDS): Promise<number> {
  let done = 0;
  for (const n of rounds) {
    await new Promise<void>((resolve) => host.whenIdle(resolve));
    if (host.stopped()) break;
    try {
      const bytes = await gzipped(warmSitemap(n));
      if (host.stopped()) break;
      const result = await host.client.parse(
        bytes,
        'warm-up.xml.gz',
        undefined,
        undefined,
        undefined,
        host.settings(),
      );
      if (host.stopped()) break;
      host.received?.(result);
    } catch {
      break;
    }
    done++;
  }
  return done;
}

/**
 * The browser's warm-up (browserDeps.ts, in an idle period after the first screen): the rounds of
 * {@link warmOpenPath} through the worker `client`, each in an idle period, until `opened()`, and
 * never on this thread (a worker that failed to start leaves the client running requests here).
 */
export function warmIdle(
  client: SitemapClient & { readonly inThread?: boolean },
  opened: () => boolean,
): Promise<number> {
  if (opened() || typeof Worker === 'undefined' || typeof requestIdleCallback !== 'function')
    return Promise.resolve(0);
  return warmOpenPath({
    client,
    // The very object shape a real open sends (a first open otherwise deoptimized its rules on it).
    settings: () => validationSettingsOf(DEFAULT_SETTINGS, null, Date.now()),
    stopped: () => opened() || client.inThread === true,
    whenIdle: (fn) => void requestIdleCallback(() => fn()),
  });
}
