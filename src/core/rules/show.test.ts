import { describe, expect, it } from 'vitest';
import { codePointLabel, isInvisibleUnit } from '../invisible.ts';
import { show } from './common.ts';

/** `show` as it was written up to session 13: every character looked at, one at a time. */
function shownOneByOne(value: string, max = 80): string {
  const visible = (s: string) => {
    let v = '';
    for (const ch of s) {
      const c = ch.charCodeAt(0);
      if (isInvisibleUnit(c)) v += `⟨${codePointLabel(ch, 0)}⟩`;
      else if (c >= 32 && c !== 127) v += ch;
      else v += c === 10 ? '\\n' : c === 9 ? '\\t' : `\\u${c.toString(16).padStart(4, '0')}`;
    }
    return v;
  };
  if (value.length > 4 * max) {
    const head = visible(value.slice(0, max));
    const tail = visible(value.slice(-max));
    return `“${head.slice(0, max - 21)}…${tail.slice(-20)}”`;
  }
  let v = visible(value);
  if (v.length > max) v = `${v.slice(0, max - 21)}…${v.slice(-20)}`;
  return `“${v}”`;
}

describe('show', () => {
  it('quotes a value as it did character by character, printable ASCII passed through whole', () => {
    const values = [
      '',
      'https://www.example.com/a',
      'https://www.example.com/ümlaut',
      'https://www.example.com/a\tb\nc',
      'https://www.example.com/\u00ad/soft',
      'https://www.example.com/\u200b',
      'https://www.example.com/😀/x',
      '\u007f~ ',
      `https://www.example.com/${'x'.repeat(90)}`,
      `https://www.example.com/${'x'.repeat(400)}\u200b`,
      `\u0001${'y'.repeat(500)}`,
    ];
    for (const v of values) {
      expect(show(v), v).toBe(shownOneByOne(v));
      expect(show(v, 30), v).toBe(shownOneByOne(v, 30));
    }
  });
});
