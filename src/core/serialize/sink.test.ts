import { describe, expect, it } from 'vitest';
import { OutputSink } from './sink.ts';

const pieces = ['<url>', 'ü', 'é日本', '\u{1F600}', 'a\uD800b', '\uDC00', '&amp;', '', 'x'.repeat(70_000)];

function fill(sink: OutputSink, n: number): string {
  let all = '';
  for (let i = 0; i < n; i++) {
    const p = pieces[i % pieces.length];
    sink.put(p);
    all += p;
    if (i % 7 === 0) sink.atBoundary();
  }
  return all;
}

describe('OutputSink', () => {
  it('bytes mode writes what TextEncoder writes, across block boundaries and for lone surrogates', () => {
    const sink = new OutputSink(true);
    const all = fill(sink, 40);
    const expected = new TextEncoder().encode(all);
    expect(sink.byteLength()).toBe(expected.length);
    expect(Buffer.from(sink.bytes()).equals(Buffer.from(expected))).toBe(true);
  });

  it('text mode returns the strings joined, lone surrogates kept', () => {
    const sink = new OutputSink(false);
    const all = fill(sink, 50);
    expect(sink.text()).toBe(all);
  });

  it('cut removes the last pending parts and counts only non-empty output', () => {
    const sink = new OutputSink(true);
    sink.put('<a/>');
    const chars = sink.chars;
    sink.put('');
    expect(sink.chars).toBe(chars);
    sink.put('<b/>');
    sink.put('ü');
    expect(sink.cut(2)).toEqual(['<b/>', 'ü']);
    expect(new TextDecoder().decode(sink.bytes())).toBe('<a/>');
  });
});
