/**
 * Invisible and direction-changing characters (issue 20): bidi controls (U+202E shows
 * `…/\u202Egpj.exe` as `…/exe.jpg`), zero-width and other format characters that render as
 * nothing. In URLs they are errors (LOC-003: not allowed in a URI) and the grid shows them as
 * visible escapes.
 */

/** One invisible character (a tag character is a surrogate pair). */
const INVISIBLE_SOURCE =
  '[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB]|\\uDB40[\\uDC00-\\uDDEF]';
const INVISIBLE = new RegExp(INVISIBLE_SOURCE);
const INVISIBLE_ALL = new RegExp(INVISIBLE_SOURCE, 'g');

/** True for the code unit of an invisible BMP character, or the lead surrogate of a tag character. */
export function isInvisibleUnit(c: number): boolean {
  if (c < 0xad) return false;
  return (
    c === 0xad ||
    c === 0x34f ||
    c === 0x61c ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x17b4 ||
    c === 0x17b5 ||
    (c >= 0x180b && c <= 0x180f) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0x3164 ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    c === 0xfeff ||
    c === 0xffa0 ||
    (c >= 0xfff0 && c <= 0xfffb) ||
    c === 0xdb40
  );
}

const NAMES: Record<number, string> = {
  8203: 'zero-width space',
  8204: 'zero-width non-joiner',
  8205: 'zero-width joiner',
  8206: 'left-to-right mark',
  8207: 'right-to-left mark',
  8234: 'left-to-right embedding',
  8235: 'right-to-left embedding',
  8236: 'pop directional formatting',
  8237: 'left-to-right override',
  8238: 'right-to-left override',
  8294: 'left-to-right isolate',
  8295: 'right-to-left isolate',
  8296: 'first strong isolate',
  8297: 'pop directional isolate',
  1564: 'Arabic letter mark',
  65279: 'zero-width no-break space',
  173: 'soft hyphen',
  8288: 'word joiner',
};

/** `U+XXXX` of the character at `i` (a whole surrogate pair). @example codePointLabel('\u202E', 0) // 'U+202E' */
export function codePointLabel(s: string, i: number): string {
  const cp = s.codePointAt(i) ?? 0;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `U+202E (right-to-left override)`, or just `U+XXXX` for characters without a common name. */
export function describeInvisible(s: string, i: number): string {
  const name = NAMES[s.charCodeAt(i)];
  return name ? `${codePointLabel(s, i)} (${name})` : codePointLabel(s, i);
}

/** True when `s` holds an invisible or direction-changing character. */
export function hasInvisible(s: string): boolean {
  return INVISIBLE.test(s);
}

/**
 * `s` split into plain text and visible escapes (`⟨U+202E⟩`) of its invisible characters, for
 * display; null when there are none (the common case: nothing allocated).
 *
 * @example showInvisible('a\u202Eb') // [{ text: 'a' }, { text: '⟨U+202E⟩', escape: true }, { text: 'b' }]
 */
export function showInvisible(s: string): Array<{ text: string; escape?: true }> | null {
  if (!INVISIBLE.test(s)) return null;
  const out: Array<{ text: string; escape?: true }> = [];
  let last = 0;
  for (const m of s.matchAll(INVISIBLE_ALL)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: s.slice(last, at) });
    out.push({ text: `⟨${codePointLabel(s, at)}⟩`, escape: true });
    last = at + m[0].length;
  }
  if (last < s.length) out.push({ text: s.slice(last) });
  return out;
}
