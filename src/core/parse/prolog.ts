import type { FatalError } from '../model.ts';
import type { XmlCtx } from './context.ts';
import { EXPORTS_SKIPPED } from './issues.ts';
import { type QName, Tok, XmlFatal } from './scanner.ts';

/** What the prolog contributes to the document. */
export interface PrologOut {
  stylesheet?: string;
}

/** Excerpt of the source line holding `at`, at most 200 characters. */
export function excerptAt(s: string, at: number): string {
  const pos = Math.min(Math.max(at, 0), s.length);
  let start = pos === 0 ? 0 : Math.max(s.lastIndexOf('\n', pos - 1), s.lastIndexOf('\r', pos - 1)) + 1;
  let end = s.length;
  const nl = s.indexOf('\n', pos);
  const cr = s.indexOf('\r', pos);
  if (nl !== -1) end = nl;
  if (cr !== -1 && cr < end) end = cr;
  if (end - start > 200) {
    start = Math.max(start, pos - 100);
    end = Math.min(end, start + 200);
  }
  return s.slice(start, end);
}

/** A FatalError of rule `rule` at string index `at`, with line, column and excerpt. */
export function fatalAt(ctx: XmlCtx, message: string, at: number, rule: string): FatalError {
  const s = ctx.sc.s;
  const pos = Math.min(at, s.length);
  return {
    message,
    rule,
    line: ctx.sc.lines.line(pos),
    column: ctx.sc.lines.column(pos),
    excerpt: excerptAt(s, pos),
  };
}

/**
 * Read everything before the root element: XML declaration, processing instructions (the
 * stylesheet href is kept, XML-014), comments, a DOCTYPE (refused, ENC-009; HTML → XML-001).
 * Returns the root element's resolved name with its start tag just scanned.
 */
export function prolog(ctx: XmlCtx, out: PrologOut): QName {
  const sc = ctx.sc;
  for (;;) {
    const t = sc.next();
    if (t === Tok.Start) return sc.resolve(sc.name, sc.tokStart);
    if (t === Tok.Text) {
      if (sc.s.slice(sc.textStart, sc.textEnd).trim() !== '')
        sc.fail('Text before the root element', sc.textStart);
    } else if (t === Tok.Pi) processingInstruction(ctx, out);
    else if (t === Tok.Doctype) doctype(ctx);
    else if (t === Tok.Eof) sc.fail('No root element', sc.s.length);
    else if (t === Tok.End) sc.fail(`End tag </${sc.name}> before any start tag`, sc.tokStart);
    else if (t === Tok.Cdata) sc.fail('CDATA section before the root element', sc.tokStart);
  }
}

function processingInstruction(ctx: XmlCtx, out: PrologOut): void {
  const sc = ctx.sc;
  const at = sc.tokStart;
  if (sc.name === 'xml') {
    if (at > 0 && sc.s.slice(0, at).trim() !== '')
      sc.fail('XML declaration allowed only at the start of the document', at);
    return;
  }
  if (sc.name !== 'xml-stylesheet') return;
  const body = sc.s.slice(sc.textStart, sc.textEnd);
  const m = /\bhref\s*=\s*("([^"]*)"|'([^']*)')/.exec(body);
  const href = m ? (m[2] ?? m[3] ?? '') : '';
  if (out.stylesheet === undefined) out.stylesheet = href;
  ctx.report('XML-014', `xml-stylesheet processing instruction kept (href="${href}")`, at);
}

function doctype(ctx: XmlCtx): void {
  const sc = ctx.sc;
  const body = sc.s.slice(sc.tokStart, sc.tokEnd);
  if (/^<!doctype\s+html\b/i.test(body)) {
    throw new XmlFatal('This is an HTML page, not a sitemap (<!DOCTYPE html>)', sc.tokStart, 'XML-001');
  }
  const re = /<!ENTITY\s+(?:%\s+)?([^\s"'>]+)/g;
  for (let m = re.exec(body); m; m = re.exec(body)) ctx.dtdEntities.add(m[1]);
  const n = ctx.dtdEntities.size;
  const what = n > 0 ? ` declaring ${n} entit${n === 1 ? 'y' : 'ies'} (never expanded or fetched)` : '';
  ctx.report('ENC-009', `DOCTYPE${what}: not used to read the file. ${EXPORTS_SKIPPED}.`, sc.tokStart);
}
