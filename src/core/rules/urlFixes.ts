/** Pure string transforms behind the URL fixes (LOC-001, LOC-008, LOC-009, LOC-010, HOST-002). */
import { scanUrl, trimValue } from '../urls.ts';

const TRACKING = /^(utm_[a-z0-9_]*|gclid|fbclid|msclkid|jsessionid|phpsessid|sid|sessionid)$/i;

/**
 * Makes a relative, protocol-relative or scheme-less URL absolute. Relative paths need the publish
 * URL; returns null when the result would be a guess.
 *
 * @example makeAbsolute('/about/', 'https://www.example.com/sitemap.xml') === 'https://www.example.com/about/'
 */
export function makeAbsolute(raw: string, publishUrl: string | undefined): string | null {
  const v = trimValue(raw);
  const base = publishUrl ? scanUrl(trimValue(publishUrl)) : null;
  const scheme = base && (base.scheme === 'http' || base.scheme === 'https') ? base.scheme : 'https';
  if (v.startsWith('//')) return `${scheme}:${v}`;
  if (/^(www\.[a-z0-9-]+(\.[a-z0-9-]+)+)(\/|$)/i.test(v)) return `${scheme}://${v}`;
  if (!base?.hasAuthority || scanUrl(v)) return null;
  try {
    return new URL(v, trimValue(publishUrl!)).href;
  } catch {
    return null;
  }
}

/**
 * HOST-002: the URL on the other web scheme, http ↔ https (HOST-002 compares URLs whose host is
 * the reference's, so an http URL there is off an https reference and the reverse; SITEMAP-RULES
 * 6.5). A port that was the old scheme's default goes with it (`http://a.com:80/` → `https://a.com/`);
 * any other URL is returned unchanged.
 *
 * @example otherWebScheme('http://www.example.com/a') === 'https://www.example.com/a'
 */
export function otherWebScheme(v: string): string {
  const m = /^(https?):\/\/([^/?#]*)/i.exec(v);
  if (!m) return v;
  const was = m[1].toLowerCase();
  const authority = m[2].replace(was === 'http' ? /:80$/ : /:443$/, '');
  return `${was === 'http' ? 'https' : 'http'}://${authority}${v.slice(m[0].length)}`;
}

/** Drops the `#fragment`. @example dropFragment('https://a.com/g#x') === 'https://a.com/g' */
export function dropFragment(v: string): string {
  const i = v.indexOf('#');
  return i < 0 ? v : v.slice(0, i);
}

/**
 * Removes session ids and tracking parameters from path (`;jsessionid=…`) and query; keeps the
 * order of the other parameters.
 *
 * @example stripTracking('https://a.com/cart;jsessionid=9F3A?utm_source=mail&id=4') === 'https://a.com/cart?id=4'
 */
export function stripTracking(v: string): string {
  const hash = v.indexOf('#');
  const frag = hash >= 0 ? v.slice(hash) : '';
  const body = hash >= 0 ? v.slice(0, hash) : v;
  const q = body.indexOf('?');
  let path = q >= 0 ? body.slice(0, q) : body;
  path = path.replace(/;(jsessionid|phpsessid|sid|sessionid)=[^/;?]*/gi, '');
  if (q < 0) return path + frag;
  const kept = body
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '' && !TRACKING.test(p.split('=')[0]));
  return `${path}${kept.length > 0 ? `?${kept.join('&')}` : ''}${frag}`;
}

/** Removes `user:password@` from the authority. @example stripCredentials('https://a:b@x.com/') === 'https://x.com/' */
export function stripCredentials(v: string): string {
  const p = scanUrl(v);
  if (!p?.hasAuthority || p.userinfo === null) return v;
  const start = v.indexOf('//') + 2;
  return v.slice(0, start) + v.slice(start + p.userinfo.length + 1);
}
