/**
 * Fast URL scanning for validation hot paths (no `new URL()` per entry).
 *
 * `scanUrl` splits an absolute URL into RFC 3986 parts by walking the string once. It does not
 * normalise anything; callers compare scheme and host case-insensitively themselves.
 */

/** Parts of an absolute URL (`scheme:` present). Strings are as written except `scheme` (lowercased). */
export interface UrlParts {
  scheme: string;
  /** True when `//` follows the scheme. */
  hasAuthority: boolean;
  /** `user:password` before `@`, or null. */
  userinfo: string | null;
  host: string;
  /** Digits after `:` in the authority, '' when absent. */
  port: string;
  path: string;
  /** Without the `?`, null when absent. */
  query: string | null;
  /** Without the `#`, null when absent. */
  fragment: string | null;
}

function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function schemeEnd(s: string): number {
  if (s.length === 0 || !isAlpha(s.charCodeAt(0))) return -1;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 58) return i;
    if (!(isAlpha(c) || (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return -1;
  }
  return -1;
}

function splitAuthority(auth: string): { userinfo: string | null; host: string; port: string } {
  const at = auth.lastIndexOf('@');
  const userinfo = at >= 0 ? auth.slice(0, at) : null;
  const hostPort = at >= 0 ? auth.slice(at + 1) : auth;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    const host = close >= 0 ? hostPort.slice(0, close + 1) : hostPort;
    const rest = close >= 0 ? hostPort.slice(close + 1) : '';
    return { userinfo, host, port: rest.startsWith(':') ? rest.slice(1) : '' };
  }
  const colon = hostPort.lastIndexOf(':');
  if (colon < 0) return { userinfo, host: hostPort, port: '' };
  return { userinfo, host: hostPort.slice(0, colon), port: hostPort.slice(colon + 1) };
}

/**
 * Splits an absolute URL. Returns null when there is no scheme (relative, `//host`, `host/path`).
 *
 * @example scanUrl('https://a.example:8080/p?q#f') // { scheme: 'https', host: 'a.example', port: '8080', path: '/p', query: 'q', fragment: 'f', ... }
 */
export function scanUrl(s: string): UrlParts | null {
  const se = schemeEnd(s);
  if (se < 0) return null;
  const scheme =
    se === 5 && s.startsWith('https')
      ? 'https'
      : se === 4 && s.startsWith('http')
        ? 'http'
        : s.slice(0, se).toLowerCase();
  let i = se + 1;
  const hasAuthority = s.charCodeAt(i) === 47 && s.charCodeAt(i + 1) === 47;
  let userinfo: string | null = null;
  let host = '';
  let port = '';
  if (hasAuthority) {
    i += 2;
    let j = i;
    let simple = true;
    while (j < s.length) {
      const c = s.charCodeAt(j);
      if (c === 47 || c === 63 || c === 35) break;
      if (c === 64 || c === 58 || c === 91) simple = false;
      j++;
    }
    if (simple) host = s.slice(i, j);
    else ({ userinfo, host, port } = splitAuthority(s.slice(i, j)));
    i = j;
  }
  const hash = s.indexOf('#', i);
  const end = hash < 0 ? s.length : hash;
  const q = s.indexOf('?', i);
  const qs = q >= 0 && q < end ? q : -1;
  const path = s.slice(i, qs >= 0 ? qs : end);
  const query = qs >= 0 ? s.slice(qs + 1, end) : null;
  const fragment = hash >= 0 ? s.slice(hash + 1) : null;
  return { scheme, hasAuthority, userinfo, host, port, path, query, fragment };
}

/** Default port of a scheme ('' when unknown). @example defaultPort('https') === '443' */
export function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : scheme === 'http' ? '80' : '';
}

/** Port with the scheme's default made explicit. @example effectivePort({ scheme: 'http', port: '' }) === '80' */
export function effectivePort(u: Pick<UrlParts, 'scheme' | 'port'>): string {
  return u.port === '' ? defaultPort(u.scheme) : u.port;
}

/** `scheme://host[:port]` lowercased, default port dropped. @example originOf(scanUrl('HTTPS://A.com:443/x')!) === 'https://a.com' */
export function originOf(u: UrlParts): string {
  const port = u.port === '' || u.port === defaultPort(u.scheme) ? '' : `:${u.port}`;
  return `${u.scheme}://${u.host.toLowerCase()}${port}`;
}

/** Directory of a URL path: everything up to and including the last `/`. @example directoryOf('/a/b.xml') === '/a/' */
export function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '/' : path.slice(0, slash + 1);
}

const WS_EDGE = /^[\s\u00a0\u2000-\u200b\u3000\ufeff]+|[\s\u00a0\u2000-\u200b\u3000\ufeff]+$/g;

/** True for the characters IMP-007 trims (ASCII whitespace, NBSP, U+2000–U+200B, U+3000, U+FEFF). */
export function isTrimChar(c: number): boolean {
  if (c > 32 && c < 127) return false;
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x3000 ||
    c === 0xfeff ||
    c === 0x1680 ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x85
  );
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/**
 * True when `s` starts with a URL scheme (`https:`, `mailto:`): an absolute URL, not one to
 * resolve against a base. Leading white space is not skipped.
 *
 * @example hasScheme('fr/sitemap.xml') // false
 */
export function hasScheme(s: string): boolean {
  return SCHEME.test(s);
}

/** True when the value starts or ends with a trimmable character. @example hasEdgeSpace(' a') === true */
export function hasEdgeSpace(s: string): boolean {
  return s.length > 0 && (isTrimChar(s.charCodeAt(0)) || isTrimChar(s.charCodeAt(s.length - 1)));
}

/** Trims the IMP-007 character set from both ends. @example trimValue('\u00a0https://a.com/ ') === 'https://a.com/' */
export function trimValue(s: string): string {
  return hasEdgeSpace(s) ? s.replace(WS_EDGE, '') : s;
}

/**
 * Percent-encodes non-ASCII characters and characters not allowed in a URI, and converts a Unicode
 * host to punycode (via the URL parser, used only for this explicit fix). Keeps path case, trailing
 * slashes and query order. Returns null when the value is not an absolute URL.
 *
 * @example encodeUrl('https://www.example.com/ümlat.php?q=name') === 'https://www.example.com/%C3%BCmlat.php?q=name'
 */
export function encodeUrl(value: string): string | null {
  const u = scanUrl(value);
  if (!u?.hasAuthority) return null;
  let host = u.host;
  if (/[^ -~]/.test(host)) {
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return null;
    }
  }
  const enc = (part: string): string =>
    part.replace(/%(?![0-9A-Fa-f]{2})|[^!-~]|["<>\\^`{|}]/gu, (ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%EF%BF%BD';
      }
    });
  const auth = `${u.userinfo !== null ? `${u.userinfo}@` : ''}${host}${u.port ? `:${u.port}` : ''}`;
  const query = u.query !== null ? `?${enc(u.query)}` : '';
  const fragment = u.fragment !== null ? `#${enc(u.fragment).replace(/#/g, '%23')}` : '';
  return `${u.scheme}://${auth}${enc(u.path)}${query}${fragment}`;
}

/** Why a trimmed value is not an absolute http(s) URL, or null when it is. */
export function absoluteProblem(
  v: string,
  parts: UrlParts | null,
  schemes: readonly string[],
  scheme = 'https',
): string | null {
  if (parts === null) {
    if (v.startsWith('//')) return `it is protocol-relative (starts with //): add ${scheme}:`;
    if (v.startsWith('/') || v.startsWith('.'))
      return `it is a relative path: write the full address with ${scheme}:// and the host`;
    if (SCHEMELESS.test(v)) return `it has no scheme: add ${scheme}://`;
    return 'it is not an absolute URL: write the full address starting with https://';
  }
  if (!schemes.includes(parts.scheme))
    return `scheme “${parts.scheme}:” is not allowed here (use ${schemes.join(' or ')})`;
  if (!parts.hasAuthority || parts.host === '') return 'it has no host name';
  if (parts.port !== '' && !/^\d{1,5}$/.test(parts.port)) return `port “${parts.port}” is not a number`;
  return null;
}

const HTTP_SCHEMES = ['http', 'https'] as const;

/** A host name then a path, written without a scheme (`www.example.com/a`, `example.com/a`). */
const SCHEMELESS = /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)+\/)/i;

/**
 * `v` (trimmed) with the scheme it lacks, when that is all it lacks: a protocol-relative URL or a
 * host name and path with no scheme ({@link absoluteProblem}'s "add https://"), and the result an
 * absolute URL with nothing else wrong. Null otherwise.
 *
 * @example withScheme('www.example.com/a', 'https') === 'https://www.example.com/a'
 */
export function withScheme(v: string, scheme: string): string | null {
  const t = trimValue(v);
  if (scanUrl(t) !== null) return null;
  const out = t.startsWith('//') ? `${scheme}:${t}` : SCHEMELESS.test(t) ? `${scheme}://${t}` : null;
  return out !== null && isUrlLine(out) && !/[\s"<>\\^`{|}]/.test(out) ? out : null;
}

/**
 * The one answer to "is this line of a text sitemap a URL": an absolute http(s) URL with a host,
 * once trimmed. Every other non-blank line is a TXT-001 finding (the validator asks the same
 * {@link absoluteProblem}), which the status bar counts as "lines that are not URLs", and the
 * exporter leaves out of XML (and of text on request), never percent-encoding it into a URL.
 *
 * @example isUrlLine(' https://www.example.com/ ') === true; isUrlLine('# products') === false
 */
export function isUrlLine(loc: string): boolean {
  const v = trimValue(loc);
  return absoluteProblem(v, scanUrl(v), HTTP_SCHEMES) === null;
}
