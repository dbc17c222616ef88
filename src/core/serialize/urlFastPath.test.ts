import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanUrl, escapeXml, plainUrl } from './escape.ts';

const ctx = { issues: null, entry: undefined };
const piece = fc.constantFrom(
  'h',
  't',
  's',
  ':',
  '/',
  '.',
  '?',
  '#',
  '%',
  '4',
  'f',
  '[',
  ']',
  '&',
  "'",
  ' ',
  '@',
  '=',
  '-',
  'ü',
  '日',
  '\u{1F600}',
  '\uD800',
  '\uFFFE',
  '\u00A0',
  '\t',
  '\u3000',
  '\u000B',
  '://',
  'a',
  '~',
  '!',
  '\uDC00',
  '\u{10FFFF}',
  '\uE000',
  '\u0080',
);
const url = fc
  .tuple(
    fc.constantFrom(
      'https://a.example/',
      'http://ü.example/',
      'https://a.example',
      'https://a.example?',
      'a://',
      '://',
      'x:',
      '',
    ),
    fc.array(piece, { maxLength: 10 }),
  )
  .map(([head, rest]) => head + rest.join(''));

describe('cleanUrl fast paths', () => {
  it('give what the full path (trim, remove, URL-escape, entity-escape) gives', () => {
    fc.assert(
      fc.property(url, (u) => {
        expect(cleanUrl(ctx, u, 'loc')).toBe(escapeXml(plainUrl(ctx, u, 'loc')));
      }),
      { numRuns: 20000 },
    );
  });

  it('keep an already percent-encoded URL as it is, and only then', () => {
    // Escapes whole, cut short, lower-case, next to `#`, `&`, brackets and a second `#`.
    const encodedPiece = fc.constantFrom(
      '%C3%BC',
      '%e6%97%a5',
      '%4',
      '%',
      '%G1',
      '%%41',
      '#',
      '&',
      '[',
      ']',
      'a',
      '/',
      '%20',
    );
    const encoded = fc
      .tuple(
        fc.constantFrom('https://a.example/', 'https://a.example/p?q=', ''),
        fc.array(encodedPiece, { maxLength: 8 }),
      )
      .map(([head, rest]) => head + rest.join(''));
    fc.assert(
      fc.property(encoded, (u) => {
        expect(cleanUrl(ctx, u, 'loc')).toBe(escapeXml(plainUrl(ctx, u, 'loc')));
      }),
      { numRuns: 20000 },
    );
    expect(cleanUrl(ctx, 'https://a.example/%C3%BC#x', 'loc')).toBe('https://a.example/%C3%BC#x');
    expect(cleanUrl(ctx, 'https://a.example/%C3%B', 'loc')).toBe('https://a.example/%C3%25B');
    expect(cleanUrl(ctx, 'https://a.example/#a#b', 'loc')).toBe('https://a.example/#a%23b');
  });

  it('percent-encodes a Unicode path but keeps brackets and an ASCII host', () => {
    expect(cleanUrl(ctx, 'https://a.example/ü[1]', 'loc')).toBe('https://a.example/%C3%BC[1]');
    expect(cleanUrl(ctx, 'https://a.example/日?q=é#ä', 'loc')).toBe(
      'https://a.example/%E6%97%A5?q=%C3%A9#%C3%A4',
    );
  });
});
