import type { Issue } from '../model.ts';
import { EXPORTS_SKIPPED, parseIssue } from './issues.ts';

/** Result of turning bytes into text. */
export interface Decoded {
  text: string;
  /** Encoding label actually used, e.g. `utf-8`, `utf-16le`, `windows-1252`. */
  encoding: string;
  issues: Issue[];
  /** True when invalid UTF-8 was replaced by U+FFFD (affected rows get ENC-001). */
  invalidUtf8: boolean;
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** Reads `encoding="…"` from an ASCII-compatible XML declaration in the first bytes. */
export function declaredEncoding(bytes: Uint8Array, from: number): string | null {
  const head = String.fromCharCode(...bytes.subarray(from, Math.min(bytes.length, from + 256)));
  if (!head.startsWith('<?xml')) return null;
  const end = head.indexOf('?>');
  const decl = end === -1 ? head : head.slice(0, end);
  const m = /encoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/.exec(decl);
  return m ? m[1] : null;
}

function isUtf8Label(label: string): boolean {
  const l = label.toLowerCase();
  return l === 'utf-8' || l === 'utf8' || l === 'unicode-1-1-utf-8';
}

/** True when the bytes after a UTF-16 BOM look like single-byte text (no NUL bytes in the first 64). */
function looksSingleByte(bytes: Uint8Array, from: number): boolean {
  const end = Math.min(bytes.length, from + 64);
  if (end - from < 2) return false;
  for (let i = from; i < end; i++) if (bytes[i] === 0) return false;
  return true;
}

function decodeUtf8(bytes: Uint8Array, from: number, issues: Issue[]): Decoded {
  const body = bytes.subarray(from);
  try {
    return { text: utf8Fatal.decode(body), encoding: 'utf-8', issues, invalidUtf8: false };
  } catch {
    const message = 'The file contains bytes that are not valid UTF-8; they were replaced by U+FFFD';
    issues.push(parseIssue('ENC-001', message));
    return { text: utf8Lenient.decode(body), encoding: 'utf-8', issues, invalidUtf8: true };
  }
}

function decodeUtf16(bytes: Uint8Array, le: boolean, issues: Issue[]): Decoded {
  const encoding = le ? 'utf-16le' : 'utf-16be';
  if (looksSingleByte(bytes, 2)) {
    const message = `The file starts with a ${encoding.toUpperCase()} byte order mark but its bytes are UTF-8/ASCII; the BOM was ignored`;
    issues.push(parseIssue('ENC-001', message, { line: 1, column: 1 }));
    return decodeUtf8(bytes, 2, issues);
  }
  issues.push(
    parseIssue(
      'ENC-001',
      `The file is ${encoding.toUpperCase()}, not UTF-8; it was decoded and will be written as UTF-8`,
      { line: 1, column: 1 },
    ),
  );
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(2));
  return { text, encoding, issues, invalidUtf8: false };
}

function decodeUtf16NoBom(bytes: Uint8Array, le: boolean, issues: Issue[]): Decoded {
  const encoding = le ? 'utf-16le' : 'utf-16be';
  const message = `The file is ${encoding.toUpperCase()} without a byte order mark, not UTF-8; it was decoded and will be written as UTF-8`;
  issues.push(parseIssue('ENC-001', message, { line: 1, column: 1 }));
  return { text: new TextDecoder(encoding).decode(bytes), encoding, issues, invalidUtf8: false };
}

function decodeDeclared(bytes: Uint8Array, label: string, issues: Issue[]): Decoded | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    issues.push(
      parseIssue('ENC-001', `Unknown declared encoding "${label}"; decoded as UTF-8`, { line: 1, column: 1 }),
    );
    return null;
  }
  const message = `The XML declaration names encoding "${label}", not UTF-8; decoded with it and will be written as UTF-8`;
  issues.push(parseIssue('ENC-001', message, { line: 1, column: 1 }));
  return { text: decoder.decode(bytes), encoding: decoder.encoding, issues, invalidUtf8: false };
}

/** Where the UTF-8 text of a file starts and the issues its prelude raises, when read as UTF-8. */
export interface Utf8Route {
  /** 3 after a UTF-8 BOM, else 0. */
  from: number;
  issues: Issue[];
}

/**
 * The decision {@link decodeBytes} makes for files it reads as UTF-8: null when the bytes are
 * UTF-16 (by BOM or by NUL pattern) or declare another encoding.
 *
 * @example utf8Route(new TextEncoder().encode('<urlset/>'))?.from // 0
 */
export function utf8Route(bytes: Uint8Array): Utf8Route | null {
  const issues: Issue[] = [];
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    issues.push(
      parseIssue('ENC-002', `UTF-8 byte order mark: skipped when reading. ${EXPORTS_SKIPPED}.`, {
        line: 1,
        column: 1,
      }),
    );
    const label = declaredEncoding(bytes, 3);
    if (label && !isUtf8Label(label)) {
      const message = `The file has a UTF-8 byte order mark but declares encoding "${label}"; the BOM wins (UTF-8)`;
      issues.push(parseIssue('ENC-001', message, { line: 1, column: 1 }));
    }
    return { from: 3, issues };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return null;
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return null;
  if (bytes.length >= 4 && bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0)
    return null;
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] !== 0)
    return null;
  const label = declaredEncoding(bytes, 0);
  if (label && /^(utf-?16|ucs-?2)/i.test(label)) {
    const message = `The XML declaration names encoding "${label}" but the bytes are single-byte text; decoded as UTF-8`;
    issues.push(parseIssue('ENC-001', message, { line: 1, column: 1 }));
    return { from: 0, issues };
  }
  if (label && !isUtf8Label(label)) return null;
  return { from: 0, issues };
}

/**
 * Decode sitemap bytes to text: BOM sniffing (UTF-8 BOM → ENC-002, UTF-16 BOM → ENC-001, a UTF-16
 * BOM over single-byte text is ignored with ENC-001), a declared non-UTF-8 encoding (ENC-001), and
 * invalid UTF-8 replaced by U+FFFD (ENC-001, `invalidUtf8`). The BOM is never part of `text`.
 *
 * @example decodeBytes(new TextEncoder().encode('<urlset/>')).text // '<urlset/>'
 */
export function decodeBytes(bytes: Uint8Array): Decoded {
  const route = utf8Route(bytes);
  if (route) return decodeUtf8(bytes, route.from, route.issues);
  const issues: Issue[] = [];
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, true, issues);
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, false, issues);
  if (bytes.length >= 4 && bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) {
    return decodeUtf16NoBom(bytes, true, issues);
  }
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] !== 0) {
    return decodeUtf16NoBom(bytes, false, issues);
  }
  const declared = decodeDeclared(bytes, declaredEncoding(bytes, 0) as string, issues);
  return declared ?? decodeUtf8(bytes, 0, issues);
}
