import { describe, expect, it } from 'vitest';
import { declaredEncoding, decodeBytes, utf8Route } from './decode.ts';

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
