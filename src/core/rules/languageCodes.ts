/**
 * hreflang code validation (HREF-004) against the IANA Language Subtag Registry
 * (npm `language-subtag-registry`, CC0): two-letter languages (ISO 639-1), four-letter scripts
 * (ISO 15924) and two-letter regions (ISO 3166-1 alpha-2, minus the non-country codes below).
 * The subtag lists come from `languageSubtags.ts` (generated from the package, tested against it).
 */
import { LANGUAGE_SUBTAGS, REGION_SUBTAGS, SCRIPT_SUBTAGS } from './languageSubtags.ts';

const LANGUAGES = new Set(LANGUAGE_SUBTAGS.trim().split(' '));
const SCRIPTS = new Set(SCRIPT_SUBTAGS.trim().split(' '));
/** Private-use, reserved, grouping and deprecated region subtags that are not ISO 3166-1 countries. */
const NOT_COUNTRIES = new Set(
  'aa qm qn qo qp qq qr qs qt qu qv qw qx qy qz xa xb xc xd xe xf xg xh xi xj xk xl xm xn xo xp xq xr xs xt xu xv xw xx xy xz zz eu ez un ac cp dg ea ic ta bu cs dd fx nt su tp yd yu zr an'.split(
    ' ',
  ),
);
const REGIONS = new Set(
  REGION_SUBTAGS.trim()
    .split(' ')
    .filter((k) => !NOT_COUNTRIES.has(k)),
);

/**
 * Why an hreflang value is not usable by Google, or null when it is.
 *
 * @example hreflangProblem('en-GB') === null
 * @example hreflangProblem('en-UK') // 'UK is not an ISO 3166-1 country code (the United Kingdom is GB)'
 */
export function hreflangProblem(code: string): string | null {
  const known = MEMO.get(code);
  if (known !== undefined) return known;
  const problem = findProblem(code);
  if (MEMO.size < 10_000) MEMO.set(code, problem);
  return problem;
}

/**
 * Results per distinct code: a sitemap uses a handful of codes on every entry. Pure memoisation
 * of a pure function (bounded), so allowed module state: no answer depends on earlier calls.
 */
const MEMO = new Map<string, string | null>();

function findProblem(code: string): string | null {
  const lower = code.toLowerCase();
  if (lower === 'x-default') return null;
  if (code.includes('_'))
    return `it uses “_”; separate language and region with “-” (${code.replace(/_/g, '-')})`;
  const parts = lower.split('-');
  const lang = parts[0];
  if (lang.length !== 2) {
    return lang.length === 3
      ? 'three-letter language codes are not supported; use the two-letter ISO 639-1 code'
      : 'it must start with a two-letter ISO 639-1 language code';
  }
  if (!LANGUAGES.has(lang)) return `“${lang}” is not an ISO 639-1 language code`;
  let i = 1;
  if (parts[i]?.length === 4) {
    if (!SCRIPTS.has(parts[i])) return `“${parts[i]}” is not an ISO 15924 script code`;
    i++;
  }
  if (parts[i] !== undefined) {
    const r = parts[i];
    if (/^\d{3}$/.test(r))
      return `UN M.49 region “${r}” is not supported; use the language alone or explicit country codes`;
    if (r === 'uk') return 'UK is not an ISO 3166-1 country code (the United Kingdom is GB)';
    if (r.length !== 2 || !REGIONS.has(r))
      return `“${r.toUpperCase()}” is not an ISO 3166-1 alpha-2 country code`;
    i++;
  }
  if (parts[i] !== undefined)
    return `unexpected “${parts.slice(i).join('-')}”; use language[-Script][-REGION]`;
  return null;
}

/**
 * The hreflang code an invalid one unambiguously means, or null when there is no safe correction:
 * `_` as the separator (`en_US` → `en-US`), the United Kingdom as `UK` (`en-UK` → `en-GB`), a UN
 * M.49 region (`es-419` → `es`). Anything else (a three-letter or unknown language) is not guessed.
 *
 * @example correctHreflang('en_US') === 'en-US'
 * @example correctHreflang('eng') === null
 */
export function correctHreflang(code: string): string | null {
  const t = code.trim();
  const parts = t.replace(/_/g, '-').split('-');
  const last = parts.length - 1;
  if (last > 0 && parts[last].toLowerCase() === 'uk') parts[last] = parts[last] === 'uk' ? 'gb' : 'GB';
  else if (last > 0 && /^\d{3}$/.test(parts[last])) parts.pop();
  const next = parts.join('-');
  return next !== code && hreflangProblem(next) === null ? next : null;
}
