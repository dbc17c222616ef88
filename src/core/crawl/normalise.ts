/**
 * The one URL normalisation of the crawl join (SITEMAP-RULES.md 6.17, CRAWL-008): scheme and host
 * lower-cased, default port dropped, percent-encoded unreserved characters decoded (other escapes
 * upper-cased), and a trailing slash on the path ignored. Path case, query and fragment are kept.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const AUTHORITY = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([\s\S]*)$/;

/**
 * The join key of a URL: two URLs with the same key are the same page written differently.
 *
 * @example normaliseCrawlUrl('HTTPS://Example.com:443/%7Ea/') === 'https://example.com/~a'
 */
export function normaliseCrawlUrl(url: string): string {
  const t = url.trim();
  const m = AUTHORITY.exec(t);
  if (!m) return t;
  const scheme = m[1].toLowerCase();
  let host = m[2].toLowerCase();
  if ((scheme === 'http' && host.endsWith(':80')) || (scheme === 'https' && host.endsWith(':443')))
    host = host.slice(0, host.lastIndexOf(':'));
  const rest = m[3].includes('%')
    ? m[3].replace(/%([0-9a-fA-F]{2})/g, (_s, h: string) => {
        const ch = String.fromCharCode(Number.parseInt(h, 16));
        return UNRESERVED.test(ch) ? ch : `%${h.toUpperCase()}`;
      })
    : m[3];
  const q = rest.search(/[?#]/);
  let path = q < 0 ? rest : rest.slice(0, q);
  const tail = q < 0 ? '' : rest.slice(q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') path = '';
  return `${scheme}://${host}${path}${tail}`;
}

/**
 * True when `normaliseCrawlUrl` of the UTF-8 URL `b[from, to)` would return it unchanged, checked
 * on the bytes without making a string (most crawled URLs): lower-case scheme and host, no port,
 * no `%`, and no trailing slash on the path.
 *
 * @example isNormalCrawlUrl(utf8('https://a.example/x'), 0, 19) === true
 */
export function isNormalCrawlUrl(b: Uint8Array, from: number, to: number): boolean {
  let sep = -1;
  for (let k = from; k + 2 < to; k++)
    if (b[k] === 58 && b[k + 1] === 47 && b[k + 2] === 47) {
      sep = k;
      break;
    }
  if (sep < 0) return false;
  let i = from;
  for (; i < to; i++) {
    const c = b[i];
    if (c === 47 && i > sep + 2) break; // first '/' after the authority
    if (c === 63 || c === 35) return false; // '?' or '#' right after the host: let the slow path decide
    if ((c >= 65 && c <= 90) || (c === 58 && i > sep)) return false; // upper case, ':' port
    if (c === 64 || c === 37) return false; // userinfo, '%'
  }
  if (i >= to) return false; // no path: the slow path adds nothing, but keep it simple
  let pathEnd = to;
  for (let j = i; j < to; j++) {
    const c = b[j];
    if (c === 37) return false;
    if ((c === 63 || c === 35) && pathEnd === to) pathEnd = j;
  }
  return b[pathEnd - 1] !== 47;
}

/** What differs between a listed URL and the crawled form it matched after normalisation. */
export function describeCrawlDifference(listed: string, crawled: string): string {
  const a = AUTHORITY.exec(listed.trim());
  const b = AUTHORITY.exec(crawled.trim());
  if (!a || !b) return 'its spelling';
  if (a[1] !== b[1]) return 'scheme case';
  if (a[2] !== b[2]) return a[2].toLowerCase() === b[2].toLowerCase() ? 'host case' : 'the default port';
  if (a[3].replace(/\/(?=$|[?#])/, '') === b[3].replace(/\/(?=$|[?#])/, '')) return 'a trailing slash';
  return 'percent-encoding';
}
