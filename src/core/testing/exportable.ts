/**
 * Test helper: a file's text as an export that keeps its formatting must write it when nothing
 * was edited (core/keep/prolog.ts, worked out here apart from it, on the text): without a
 * leading byte order mark, leading space or DOCTYPE, and with a declared encoding of UTF-8 when
 * a byte order mark said so.
 *
 * @example exportableText('\ufeff<?xml version="1.0"?>\n<urlset/>') // '<?xml version="1.0"?>\n<urlset/>'
 */
export function exportableText(text: string, kind: string): string {
  const bom = text.startsWith('\ufeff');
  let out = bom ? text.slice(1) : text;
  if (kind === 'text') return out;
  out = out.replace(/\s*<!DOCTYPE[^[>]*(\[[\s\S]*?\]\s*)?>/gi, '').replace(/^\s+/, '');
  if (bom) out = out.replace(/^(<\?xml\s[^>]*?\sencoding\s*=\s*)(["'])(?!utf-?8\2)[^"']*\2/i, '$1$2UTF-8$2');
  return out;
}
