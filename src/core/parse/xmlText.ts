import type { XmlCtx } from './context.ts';
import { Tok } from './scanner.ts';

/** Text of `s[start, end)` with references decoded once (flags land on `ctx`). */
export function decodeText(ctx: XmlCtx, start: number, end: number): string {
  return ctx.sc.value(start, end);
}

/**
 * Read the text content of the element whose start tag was just scanned (not self-closing) and
 * consume its end tag. Fast path: plain text followed by the matching end tag. Slow path:
 * CDATA (ENC-011), comments, nested markup (IMP-013: text content kept). Flags land on `ctx`.
 *
 * @example // after <loc>: readText(ctx) → 'https://example.com/'
 */
export function readText(ctx: XmlCtx): string {
  const sc = ctx.sc;
  const s = sc.s;
  const name = sc.name;
  const from = sc.pos;
  const lt = s.indexOf('<', from);
  if (lt !== -1 && s.charCodeAt(lt + 1) === 47) {
    const after = lt + 2 + name.length;
    if (s.charCodeAt(after) === 62 && s.startsWith(name, lt + 2)) {
      sc.closeElement(name, lt);
      sc.pos = after + 1;
      return decodeText(ctx, from, lt);
    }
  }
  return readMixed(ctx);
}

function readMixed(ctx: XmlCtx): string {
  const sc = ctx.sc;
  const base = sc.depth;
  let out = '';
  for (;;) {
    const t = sc.next();
    if (t === Tok.Text) out += decodeText(ctx, sc.textStart, sc.textEnd);
    else if (t === Tok.Cdata) {
      ctx.cdata = true;
      out += sc.plain(sc.textStart, sc.textEnd);
    } else if (t === Tok.Start) ctx.markup = true;
    else if (t === Tok.End) {
      if (sc.depth < base) return out;
    } else if (t === Tok.Eof) sc.fail('Unexpected end of input inside an element', sc.s.length);
  }
}

/** Skip the rest of the element whose start tag was just scanned; returns the index after its end tag. */
export function skipElement(ctx: XmlCtx, onStart?: (qname: string) => void): number {
  const sc = ctx.sc;
  if (sc.selfClosing) return sc.pos;
  const base = sc.depth;
  for (;;) {
    const t = sc.next();
    if (t === Tok.End) {
      if (sc.depth < base) return sc.pos;
    } else if (t === Tok.Start) {
      if (onStart) onStart(sc.name);
    } else if (t === Tok.Text || t === Tok.Cdata) {
      // Skipped content (or kept verbatim by the caller): its masked bytes are accounted for.
      if (sc.raw !== null) sc.readMasks(sc.textStart, sc.textEnd);
    } else if (t === Tok.Eof) sc.fail('Unexpected end of input inside an element', sc.s.length);
  }
}
