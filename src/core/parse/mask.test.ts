import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { MASK, maskNonAscii } from './mask.ts';

describe('maskNonAscii', () => {
  it('replaces every non-ASCII byte by MASK, one character per byte', () => {
    const bytes = new TextEncoder().encode('<a>é😀</a>');
    const m = maskNonAscii(bytes, true);
    expect(m?.text).toBe(`<a>${String.fromCharCode(MASK).repeat(6)}</a>`);
    expect(m?.text.length).toBe(bytes.length);
    expect(m?.masks).toBe(6);
    expect(m?.raw).toBe(bytes);
  });

  it('declines files without non-ASCII bytes (they decode fast as they are)', () => {
    expect(maskNonAscii(new TextEncoder().encode('<urlset></urlset>'))).toBeNull();
  });

  it('declines files dense with non-ASCII text', () => {
    expect(maskNonAscii(new TextEncoder().encode('日本語のテキスト '.repeat(2000)))).toBeNull();
  });
});

/** The masked text by definition: each byte ≥ 0x80 read as MASK, one character per byte. */
function reference(bytes: Uint8Array): { text: string; masks: number } {
  let text = '';
  let masks = 0;
  for (const b of bytes) {
    if (b >= 0x80) masks++;
    text += String.fromCharCode(b >= 0x80 ? MASK : b);
  }
  return { text, masks };
}

describe('maskNonAscii masks in place and puts the bytes back', () => {
  it('gives the masked text and leaves the caller’s bytes as they were, at any offset and length', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 7 }),
        (content, offset, after) => {
          const buffer = new Uint8Array(offset + content.length + after).fill(0xe9);
          buffer.set(content, offset);
          const before = buffer.slice();
          const view = buffer.subarray(offset, offset + content.length);
          const m = maskNonAscii(view, true);
          expect(buffer).toEqual(before);
          expect(m?.raw).toBe(view);
          expect({ text: m?.text, masks: m?.masks }).toEqual(reference(content));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('leaves a parsed file’s bytes unchanged (BOM, literal U+0001, non-ASCII values)', () => {
    const xml = `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${'<url><loc>https://a.example/caf\u00e9/\u65e5\u672c</loc></url>\n'.repeat(50)}${'<url><loc>https://a.example/plain-page-with-a-long-enough-path/0123456789</loc></url>\n'.repeat(200)}</urlset>\n`;
    const bytes = new TextEncoder().encode(xml);
    const before = bytes.slice();
    const r = parseSitemap(bytes);
    expect(bytes).toEqual(before);
    expect(r.document.entries[0].loc).toBe('https://a.example/caf\u00e9/\u65e5\u672c');
    expect(r.document.entries).toHaveLength(250);
  });

  it('masks bytes over a SharedArrayBuffer in a copy', () => {
    const src = new TextEncoder().encode('<a>\u00e9\u0001x</a>');
    const shared = new Uint8Array(new SharedArrayBuffer(src.length));
    shared.set(src);
    const m = maskNonAscii(shared, true);
    expect(shared).toEqual(src);
    expect({ text: m?.text, masks: m?.masks }).toEqual(reference(src));
  });
});
