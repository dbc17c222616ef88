import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredEncoding, decodeBytes, utf8Route, wideUtf8 } from './decode.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const rules = (issues: { rule: string }[]) => issues.map((i) => i.rule);

describe('decodeBytes', () => {
  it('reads plain UTF-8 with no issue', () => {
    const d = decodeBytes(enc('<urlset>é</urlset>'));
    expect(d).toMatchObject({ text: '<urlset>é</urlset>', encoding: 'utf-8', invalidUtf8: false });
    expect(d.issues).toEqual([]);
  });

  it('drops a UTF-8 BOM with ENC-002', () => {
    const d = decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('<a/>')]));
    expect(d.text).toBe('<a/>');
    expect(rules(d.issues)).toEqual(['ENC-002']);
  });

  it('replaces invalid UTF-8 and says so (ENC-001)', () => {
    const d = decodeBytes(new Uint8Array([...enc('<a>'), 0xff, ...enc('</a>')]));
    expect(d.invalidUtf8).toBe(true);
    expect(d.text).toContain('\ufffd');
    expect(rules(d.issues)).toContain('ENC-001');
  });

  it('decodes UTF-16 by its BOM', () => {
    const body = '<a/>';
    const bytes = new Uint8Array(2 + body.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < body.length; i++) bytes[2 + i * 2] = body.charCodeAt(i);
    const d = decodeBytes(bytes);
    expect(d.text).toBe('<a/>');
    expect(d.encoding).toBe('utf-16le');
  });

  it('decodes a declared single-byte encoding', () => {
    const bytes = new Uint8Array([
      ...enc('<?xml version="1.0" encoding="ISO-8859-1"?><a>'),
      0xe9,
      ...enc('</a>'),
    ]);
    const d = decodeBytes(bytes);
    expect(d.text.endsWith('<a>é</a>')).toBe(true);
    expect(d.encoding).toBe('windows-1252');
  });
});

describe('declaredEncoding and utf8Route', () => {
  it('reads the encoding of the XML declaration', () => {
    expect(declaredEncoding(enc('<?xml version="1.0" encoding="UTF-8"?>'), 0)).toBe('UTF-8');
    expect(declaredEncoding(enc('<urlset/>'), 0)).toBeNull();
  });

  it('routes UTF-8 (with or without BOM) and declines UTF-16 and other encodings', () => {
    expect(utf8Route(enc('<urlset/>'))).toEqual({ from: 0, issues: [] });
    expect(utf8Route(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c]))?.from).toBe(3);
    expect(utf8Route(new Uint8Array([0xff, 0xfe, 0x3c, 0]))).toBeNull();
    expect(utf8Route(enc('<?xml version="1.0" encoding="windows-1252"?><a/>'))).toBeNull();
  });
});

describe('wideUtf8 (Node: simdutf transcode instead of V8 decoding)', () => {
  const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const piece = fc.oneof(
    fc.constantFrom('<', '>', '&amp;', '\n', 'é', 'ß', '\u0100', '日本', 'ж', '😀', '\uFFFD', '\uFEFF'),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.string({ maxLength: 12 }),
  );
  const bad = fc.constantFrom(
    [0xff],
    [0xc3],
    [0xed, 0xa0, 0x80],
    [0xed, 0xbf, 0xbf],
    [0xf4, 0x90, 0x80, 0x80],
    [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf],
    [0xf0, 0x80, 0x80, 0xaf],
    [0xe6, 0x97],
    [0xf0, 0x9f, 0x98],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
    [0x80],
  );

  it('gives exactly the fatal TextDecoder text, or null when V8 decodes it (ASCII, Latin-1, invalid)', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }),
        fc.option(fc.tuple(bad, fc.nat()), { freq: 4 }),
        fc.constantFrom(4, 6, 8, 64),
        (pieces, broken, window) => {
          let bytes = new TextEncoder().encode(pieces.join(''));
          if (broken) {
            const at = broken[1] % (bytes.length + 1);
            bytes = new Uint8Array([...bytes.subarray(0, at), ...broken[0], ...bytes.subarray(at)]);
          }
          const got = wideUtf8(bytes, 0, window);
          let want: string | null = null;
          try {
            want = fatal.decode(bytes);
          } catch {
            want = null;
          }
          const wide = want !== null && [...want].some((ch) => ch.codePointAt(0)! > 0xff);
          expect(got).toBe(wide ? want : null);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('takes the path in Node for a large non-ASCII file, not for small or ASCII ones', () => {
    const big = new TextEncoder().encode('<a>日本 😀</a>'.repeat(10_000));
    expect(wideUtf8(big)).toBe(fatal.decode(big));
    expect(decodeBytes(big).text).toBe(fatal.decode(big));
    expect(wideUtf8(new TextEncoder().encode('<a>日本</a>'))).toBeNull();
    expect(wideUtf8(new TextEncoder().encode('<a>x</a>'.repeat(20_000)))).toBeNull();
  });
});
