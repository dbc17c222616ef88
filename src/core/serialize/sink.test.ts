import { describe, expect, it } from 'vitest';
import { OutputSink } from './sink.ts';

const pieces = ['<url>', 'ü', 'é日本', '\u{1F600}', 'a\uD800b', '\uDC00', '&amp;', '', 'x'.repeat(70_000)];

function fill(sink: OutputSink, n: number): string {
  let all = '';
  let batch = '';
  for (let i = 0; i < n; i++) {
    const p = pieces[i % pieces.length];
    batch += p;
    all += p;
    if (i % 7 === 0) {
      sink.write(batch);
      batch = '';
    }
  }
  sink.write(batch);
  return all;
}

describe('OutputSink', () => {
  it('bytes mode writes what TextEncoder writes, across block boundaries and for lone surrogates', () => {
    const sink = new OutputSink(true);
    const all = fill(sink, 40);
    const expected = new TextEncoder().encode(all);
    expect(sink.byteLength()).toBe(expected.length);
    expect(sink.chars).toBe(all.length);
    expect(Buffer.from(sink.bytes()).equals(Buffer.from(expected))).toBe(true);
  });

  it('text mode returns the batches joined, lone surrogates kept', () => {
    const sink = new OutputSink(false);
    const all = fill(sink, 50);
    expect(sink.text()).toBe(all);
  });

  it('an empty sink gives no bytes and no text', () => {
    expect(new OutputSink(true).bytes().length).toBe(0);
    expect(new OutputSink(false).text()).toBe('');
  });
});
