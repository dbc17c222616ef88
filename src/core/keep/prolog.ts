/**
 * What an export that keeps the file's formatting does with the bytes before the root element.
 * The spec decides, not the file:
 *
 * - a UTF-8 byte order mark is left out: "the exporter never writes one" (ENC-002, IMP-002,
 *   OUT-001);
 * - blank space before the first markup is left out: before an XML declaration it makes the file
 *   ill-formed (ENC-003), and "the exporter never reproduces" leading whitespace (IMP-002);
 * - a DOCTYPE is left out, with the space before it: sitemaps never need one, hardened parsers
 *   refuse it (ENC-009), the reader never used it (IMP-021) and output has none (OUT-001);
 * - the XML declaration is kept as it is spelled (quotes, `standalone`, the case of
 *   `encoding`): valid XML, and the bytes stay in the encoding it names. One exception: when a
 *   byte order mark said UTF-8 over a declaration naming another encoding (the mark wins when
 *   reading), the declaration then names UTF-8, or the file would read otherwise (ENC-001);
 * - comments and processing instructions (an `<?xml-stylesheet?>`) are kept where they are: legal
 *   after the declaration (XML-014), and a stylesheet the file supplied is the user's (OUT-002).
 *
 * Text sitemaps only lose the byte order mark. Scanned on bytes: every delimiter is ASCII, so
 * UTF-8 and single-byte files read alike (UTF-16 files are left as they are).
 */
import { type ExportChange, LEFT_OUT_BEFORE_ROOT } from '../serialize/exportChanges.ts';

/** The prolog's bytes replaced: `body[0, to)` becomes `bytes`. */
export interface PrologEdit {
  to: number;
  bytes: Uint8Array;
  /** What was left out, for the export's "What the export changes". */
  changes: ExportChange[];
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function indexOfSeq(body: Uint8Array, seq: string, from: number): number {
  const first = seq.charCodeAt(0);
  for (let i = body.indexOf(first, from); i !== -1; i = body.indexOf(first, i + 1)) {
    let j = 1;
    while (j < seq.length && body[i + j] === seq.charCodeAt(j)) j++;
    if (j === seq.length) return i;
  }
  return -1;
}

function startsWith(body: Uint8Array, at: number, seq: string, caseless = false): boolean {
  for (let j = 0; j < seq.length; j++) {
    let c = body[at + j];
    if (caseless && c >= 97 && c <= 122) c -= 32;
    if (c !== seq.charCodeAt(j)) return false;
  }
  return true;
}

/** End of a DOCTYPE starting at `at` (past its `>`, skipping quoted strings, comments and the internal subset), or -1. */
export function doctypeEnd(body: Uint8Array, at: number): number {
  let i = at + 9;
  let inSubset = false;
  while (i < body.length) {
    const c = body[i];
    if (c === 34 || c === 39) {
      const close = body.indexOf(c, i + 1);
      if (close === -1) return -1;
      i = close + 1;
      continue;
    }
    if (inSubset && c === 60 && startsWith(body, i, '<!--')) {
      const close = indexOfSeq(body, '-->', i + 4);
      if (close === -1) return -1;
      i = close + 3;
      continue;
    }
    if (c === 91) inSubset = true;
    else if (c === 93) inSubset = false;
    else if (c === 62 && !inSubset) return i + 1;
    i++;
  }
  return -1;
}

const change = (id: string, text: string, rule: string): ExportChange => ({ id, count: 1, text, rule });

/**
 * The edit of `body`'s prolog a kept export makes (see the module comment), or null when it
 * writes the prolog as it is. `kind`: the document's; `encoding`: the file's (UTF-16 files are
 * left alone).
 *
 * @example keptProlog(bytesOf('\ufeff<?xml version="1.0"?>\n<urlset …'), 'urlset', 'utf-8')?.changes[0].rule // 'ENC-002'
 */
export function keptProlog(body: Uint8Array, kind: string, encoding: string): PrologEdit | null {
  if (/^utf-16/i.test(encoding)) return null;
  const changes: ExportChange[] = [];
  const bom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  if (bom > 0) changes.push(change('ENC-002', LEFT_OUT_BEFORE_ROOT['ENC-002'], 'ENC-002'));
  if (kind === 'text') return bom > 0 ? { to: bom, bytes: new Uint8Array(0), changes } : null;
  // The prolog's pieces, each with the space before it: DOCTYPEs left out, the rest kept.
  const kept: Uint8Array[] = [];
  let doctypes = 0;
  let from = bom;
  let at = from;
  for (;;) {
    while (at < body.length && isSpace(body[at])) at++;
    if (at >= body.length || body[at] !== 60) break;
    const doctype = startsWith(body, at, '<!DOCTYPE', true);
    let end: number;
    if (startsWith(body, at, '<?')) end = indexOfSeq(body, '?>', at + 2) + 2;
    else if (startsWith(body, at, '<!--')) end = indexOfSeq(body, '-->', at + 4) + 3;
    else if (doctype) end = doctypeEnd(body, at);
    else break; // the root's start tag
    if (end <= at) return null; // unterminated: the reader refused the file anyway
    if (doctype) doctypes++;
    else if (bom > 0 && isDeclaration(body, at)) {
      // Without its byte order mark the file is read in the encoding its declaration names:
      // that must be the UTF-8 the mark said (ENC-001's fix), or the file would read otherwise.
      const decl = utf8Encoding(body.subarray(at, end));
      if (decl !== null)
        changes.push(
          change(
            'encoding',
            'XML declaration names its encoding as UTF-8, as the byte order mark did',
            'ENC-001',
          ),
        );
      kept.push(body.subarray(from, at), decl ?? body.subarray(at, end));
    } else kept.push(body.subarray(from, end));
    from = at = end;
  }
  // The space before the root's start tag stays.
  kept.push(body.subarray(from, at));
  if (isSpace(body[bom])) {
    changes.push(
      isDeclaration(body, firstMarkup(body, bom))
        ? change('ENC-003', LEFT_OUT_BEFORE_ROOT['ENC-003'], 'ENC-003')
        : change('lead', 'blank space at the start of the file left out', 'IMP-002'),
    );
  }
  if (doctypes > 0) changes.push(change('ENC-009', LEFT_OUT_BEFORE_ROOT['ENC-009'], 'ENC-009'));
  if (changes.length === 0) return null;
  let size = 0;
  for (const k of kept) size += k.length;
  const joined = new Uint8Array(size);
  let w = 0;
  for (const k of kept) {
    joined.set(k, w);
    w += k.length;
  }
  // What stands first now starts the file: no space before it.
  let lead = 0;
  while (lead < joined.length && isSpace(joined[lead])) lead++;
  return { to: at, bytes: joined.subarray(lead), changes };
}

/** True when an XML declaration starts at `at` (`<?xml` and a space, not `<?xml-stylesheet`). */
function isDeclaration(body: Uint8Array, at: number): boolean {
  return startsWith(body, at, '<?xml') && isSpace(body[at + 5]);
}

/** `decl` (an XML declaration) naming its encoding UTF-8, or null when it names no other. */
function utf8Encoding(decl: Uint8Array): Uint8Array | null {
  let text = '';
  for (const b of decl) text += String.fromCharCode(b);
  const m = /(\sencoding\s*=\s*)(["'])([^"']*)\2/.exec(text);
  if (!m || /^utf-?8$/i.test(m[3])) return null;
  const next = `${text.slice(0, m.index)}${m[1]}${m[2]}UTF-8${m[2]}${text.slice(m.index + m[0].length)}`;
  return Uint8Array.from(next, (c) => c.charCodeAt(0));
}

function firstMarkup(body: Uint8Array, from: number): number {
  let i = from;
  while (i < body.length && isSpace(body[i])) i++;
  return i;
}
