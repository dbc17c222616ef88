/**
 * A URL that differs from a listed one only in a way a user does not mean (HREF-007 and the
 * hreflang cluster view): a trailing slash, the case of the scheme or host, a default port.
 * Such an href names another page to Google, though the user meant the listed one.
 */
import { defaultPort, scanUrl } from '../urls.ts';

/** A listed URL near `href`, and what differs. */
export interface NearUrl {
  loc: string;
  /** "only the trailing slash differs", … */
  why: string;
}

/**
 * The forms of `href` a user would take for the same page, with what differs (the trailing
 * slash added or taken off the path, the scheme and host lowercased, a default port dropped).
 *
 * @example nearForms('https://A.example/de')[0] // { loc: 'https://A.example/de/', why: 'only the trailing slash differs' }
 */
export function nearForms(href: string): NearUrl[] {
  const p = scanUrl(href);
  if (!p || p.host === '') return [];
  const out: NearUrl[] = [];
  const user = p.userinfo !== null ? `${p.userinfo}@` : '';
  const port = p.port !== '' ? `:${p.port}` : '';
  const tail = `${p.query !== null ? `?${p.query}` : ''}${p.fragment !== null ? `#${p.fragment}` : ''}`;
  const path = p.path === '' ? '/' : p.path;
  const other =
    path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path.endsWith('/') ? null : `${path}/`;
  if (other !== null)
    out.push({
      loc: `${p.scheme}://${user}${p.host}${port}${other}${tail}`,
      why: 'only the trailing slash differs',
    });
  const scheme = p.scheme.toLowerCase();
  const host = p.host.toLowerCase();
  const plainPort = p.port === defaultPort(scheme) ? '' : port;
  const diffs: string[] = [];
  if (scheme !== p.scheme || host !== p.host) diffs.push('the case of the host');
  if (plainPort !== port) diffs.push('the default port');
  if (diffs.length > 0)
    out.push({
      loc: `${scheme}://${user}${host}${plainPort}${p.path}${tail}`,
      why: `only ${diffs.join(' and ')} ${diffs.length > 1 ? 'differ' : 'differs'}`,
    });
  return out;
}

/**
 * The first listed URL near `href` (`listed` answers whether a URL is some entry's loc), or null.
 *
 * @example nearListed('https://a.example/de', (u) => u === 'https://a.example/de/') // { loc: 'https://a.example/de/', why: 'only the trailing slash differs' }
 */
export function nearListed(href: string, listed: (url: string) => boolean): NearUrl | null {
  for (const f of nearForms(href)) if (listed(f.loc)) return f;
  return null;
}
