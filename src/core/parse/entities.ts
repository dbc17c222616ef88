/**
 * Entity decoding for values and attributes: XML's five entities and numeric references are
 * decoded once; HTML named entities (IMP-009) are decoded and flagged; anything else is kept
 * literally and flagged (raw `&` → ENC-005, unknown name → ENC-006). DTD entities are never
 * expanded (IMP-021).
 */

/** Flag bits set by {@link decodeEntities}. */
export const ENT_RAW_AMP = 1;
/** An HTML named entity such as `&nbsp;` was decoded (ENC-006). */
export const ENT_HTML = 2;
/** A named entity that is neither XML nor HTML (e.g. a DOCTYPE entity) was kept literally (ENC-006). */
export const ENT_UNKNOWN = 4;

/** Common HTML named entities (IMP-009); names are case-sensitive as in HTML. */
const HTML_ENTITIES: Record<string, number> = {
  nbsp: 160,
  iexcl: 161,
  cent: 162,
  pound: 163,
  curren: 164,
  yen: 165,
  brvbar: 166,
  sect: 167,
  uml: 168,
  copy: 169,
  ordf: 170,
  laquo: 171,
  not: 172,
  shy: 173,
  reg: 174,
  macr: 175,
  deg: 176,
  plusmn: 177,
  sup2: 178,
  sup3: 179,
  acute: 180,
  micro: 181,
  para: 182,
  middot: 183,
  cedil: 184,
  sup1: 185,
  ordm: 186,
  raquo: 187,
  frac14: 188,
  frac12: 189,
  frac34: 190,
  iquest: 191,
  Agrave: 192,
  Aacute: 193,
  Acirc: 194,
  Atilde: 195,
  Auml: 196,
  Aring: 197,
  AElig: 198,
  Ccedil: 199,
  Egrave: 200,
  Eacute: 201,
  Ecirc: 202,
  Euml: 203,
  Igrave: 204,
  Iacute: 205,
  Icirc: 206,
  Iuml: 207,
  ETH: 208,
  Ntilde: 209,
  Ograve: 210,
  Oacute: 211,
  Ocirc: 212,
  Otilde: 213,
  Ouml: 214,
  times: 215,
  Oslash: 216,
  Ugrave: 217,
  Uacute: 218,
  Ucirc: 219,
  Uuml: 220,
  Yacute: 221,
  THORN: 222,
  szlig: 223,
  agrave: 224,
  aacute: 225,
  acirc: 226,
  atilde: 227,
  auml: 228,
  aring: 229,
  aelig: 230,
  ccedil: 231,
  egrave: 232,
  eacute: 233,
  ecirc: 234,
  euml: 235,
  igrave: 236,
  iacute: 237,
  icirc: 238,
  iuml: 239,
  eth: 240,
  ntilde: 241,
  ograve: 242,
  oacute: 243,
  ocirc: 244,
  otilde: 245,
  ouml: 246,
  divide: 247,
  oslash: 248,
  ugrave: 249,
  uacute: 250,
  ucirc: 251,
  uuml: 252,
  yacute: 253,
  thorn: 254,
  yuml: 255,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  rarr: 8594,
  uarr: 8593,
  darr: 8595,
  harr: 8596,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  minus: 8722,
  le: 8804,
  ge: 8805,
  ne: 8800,
  infin: 8734,
  asymp: 8776,
};

function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46
  );
}

/** End index and ENT_* flag of the last {@link decodeOne} call: one per `decodeEntities` call. */
interface OneRef {
  next: number;
  flag: number;
}

function rawAmp(amp: number, one: OneRef): string {
  one.next = amp + 1;
  one.flag = ENT_RAW_AMP;
  return '&';
}

function decodeNumeric(s: string, amp: number, end: number, one: OneRef): string {
  const j = amp + 1;
  const hex = s.charCodeAt(j + 1) === 120 || s.charCodeAt(j + 1) === 88;
  let k = hex ? j + 2 : j + 1;
  const start = k;
  while (k < end && k - start < 8) {
    const c = s.charCodeAt(k);
    const ok = (c >= 48 && c <= 57) || (hex && ((c >= 97 && c <= 102) || (c >= 65 && c <= 70)));
    if (!ok) break;
    k++;
  }
  if (k > start && s.charCodeAt(k) === 59) {
    const code = Number.parseInt(s.slice(start, k), hex ? 16 : 10);
    if (code <= 0x10ffff) {
      one.next = k + 1;
      one.flag = 0;
      return String.fromCodePoint(code);
    }
  }
  return rawAmp(amp, one);
}

/** Decodes one reference starting at `amp`; its end index and flag land in `one`. */
function decodeOne(s: string, amp: number, end: number, one: OneRef): string {
  let j = amp + 1;
  if (s.charCodeAt(j) === 35) return decodeNumeric(s, amp, end, one);
  while (j < end && j - amp <= 32 && isNameChar(s.charCodeAt(j))) j++;
  if (j === amp + 1 || s.charCodeAt(j) !== 59) return rawAmp(amp, one);
  one.next = j + 1;
  const len = j - amp - 1;
  if (len <= 4) {
    const xml = xmlEntity(s, amp + 1, len);
    if (xml !== '') {
      one.flag = 0;
      return xml;
    }
  }
  const name = s.slice(amp + 1, j);
  const html = HTML_ENTITIES[name];
  if (html !== undefined) {
    one.flag = ENT_HTML;
    return String.fromCodePoint(html);
  }
  one.flag = ENT_UNKNOWN;
  return s.slice(amp, j + 1);
}

/** The character of XML entity `s[at, at + len)` (amp, lt, gt, quot, apos), '' when it is none. */
function xmlEntity(s: string, at: number, len: number): string {
  const a = s.charCodeAt(at);
  const b = s.charCodeAt(at + 1);
  if (len === 2 && b === 116) return a === 108 ? '<' : a === 103 ? '>' : '';
  if (len === 3) return a === 97 && b === 109 && s.charCodeAt(at + 2) === 112 ? '&' : '';
  if (len !== 4) return '';
  if (a === 113 && b === 117 && s.charCodeAt(at + 2) === 111 && s.charCodeAt(at + 3) === 116) return '"';
  if (a === 97 && b === 112 && s.charCodeAt(at + 2) === 111 && s.charCodeAt(at + 3) === 115) return "'";
  return '';
}

/** Output of {@link decodeEntities}. */
export interface EntityResult {
  text: string;
  /** OR of ENT_* flags; 0 when the value was clean. */
  flags: number;
  /** The first offending reference text (for messages), '' when clean. */
  sample: string;
}

/**
 * Decode references in `s[start, end)` once. Call only when the range contains `&`.
 *
 * @example decodeEntities('a&amp;amp;b', 0, 11).text // 'a&amp;b'
 */
export function decodeEntities(source: string, start: number, end: number): EntityResult {
  const s = start === 0 && end === source.length ? source : source.slice(start, end);
  const n = s.length;
  let out = '';
  let flags = 0;
  let sample = '';
  let from = 0;
  let amp = s.indexOf('&');
  const one: OneRef = { next: 0, flag: 0 };
  while (amp !== -1) {
    out += s.slice(from, amp);
    out += decodeOne(s, amp, n, one);
    const next = one.next;
    const flag = one.flag;
    if (flag !== 0) {
      flags |= flag;
      if (!sample) sample = s.slice(amp, Math.min(next + (flag === ENT_RAW_AMP ? 12 : 0), n));
    }
    from = next;
    amp = s.indexOf('&', from);
  }
  out += s.slice(from);
  // Flattened now, the pieces die young; kept as a rope they would live as long as the entry.
  FLATTEN.test(out);
  return { text: out, flags, sample };
}

/** A regex test flattens its subject (see {@link decodeEntities}). */
const FLATTEN = /^$/;
