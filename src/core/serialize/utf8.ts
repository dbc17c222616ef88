/** UTF-8 byte counting for the exporter's size limits. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check.
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * Exact UTF-8 byte length of a string (what TextEncoder would produce; a lone surrogate counts
 * as the 3 bytes of U+FFFD).
 *
 * @example utf8Length('ü') // 2
 */
export function utf8Length(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
