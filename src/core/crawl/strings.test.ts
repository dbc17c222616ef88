import { describe, expect, it } from 'vitest';
import {
  equalsAt,
  hashBytes,
  hashString,
  StringsBuilder,
  startsWithFolded,
  stringAt,
  utf8,
} from './strings.ts';

describe('byte strings', () => {
  const b = new StringsBuilder();
  const words = [
    'https://a.example/x',
    'https://a.example/ümlaut',
    '',
    'https://a.example/😀',
    'HTTPS://A.example/y',
  ];
  for (const w of words) b.add(w);
  const t = b.finish();

  it('round-trips ASCII and non-ASCII strings', () => {
    expect(words.map((_, i) => stringAt(t, i))).toEqual(words);
    expect(stringAt(t, -1)).toBe('');
  });

  it('hashes a string like the bytes of its UTF-8', () => {
    for (let i = 0; i < words.length; i++)
      expect(hashString(words[i])).toBe(hashBytes(t.bytes, t.starts[i], t.starts[i + 1]));
  });

  it('compares without decoding, ASCII and not', () => {
    expect(equalsAt(t, 0, 'https://a.example/x')).toBe(true);
    expect(equalsAt(t, 0, 'https://a.example/y')).toBe(false);
    expect(equalsAt(t, 1, 'https://a.example/ümlaut')).toBe(true);
    expect(equalsAt(t, 1, 'https://a.example/umlaut')).toBe(false);
    // Same UTF-16 length as row 0 but non-ASCII: compared on its encoding.
    expect(equalsAt(t, 0, 'https://a.example/ü')).toBe(false);
    expect(equalsAt(t, 3, 'https://a.example/😀')).toBe(true);
    expect(equalsAt(t, 2, '')).toBe(true);
  });

  it('matches a prefix with ASCII case folded', () => {
    expect(startsWithFolded(t, 4, utf8('https://a.example/'))).toBe(true);
    expect(startsWithFolded(t, 0, utf8('https://b.example/'))).toBe(false);
    expect(startsWithFolded(t, 2, utf8('https://'))).toBe(false);
  });
});
