import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasInvisible, isInvisibleUnit } from '../invisible.ts';
import { type EntryCtx, URL_LOWER, URL_PLAIN } from './common.ts';
import { badIndex, badReason, checkLoc, scanChars } from './loc.ts';
import { entryIssues, rulesOf } from './testing.ts';

const rules = (loc: string, kind?: 'text' | 'sitemapindex') => rulesOf(entryIssues({ loc }, kind));

describe('LOC rules', () => {
  it('passes a clean absolute URL', () => {
    expect(rules('https://www.example.com/about/')).toEqual([]);
  });
  it('XML-004: empty loc (IDX-001 in an index)', () => {
    expect(rules('')).toEqual(['XML-004@loc']);
    expect(rules('  ', 'sitemapindex')).toEqual(['IDX-001@loc']);
  });
  it('LOC-001: relative, protocol-relative, host-only and other schemes', () => {
    for (const v of [
      '/about/',
      '//www.example.com/a',
      'www.example.com/a',
      'ftp://example.com/file',
      'javascript:alert(1)',
    ]) {
      expect(rules(v)).toContain('LOC-001@loc');
    }
    const msg = entryIssues({ loc: '/about/' }).find((i) => i.rule === 'LOC-001')!.message;
    expect(msg).toContain('Invalid URL');
    expect(msg).toContain('/about/');
  });
  it('TXT-005 replaces LOC-005 for a padded text sitemap line (one finding, with the trim fix)', () => {
    expect(rules('  https://www.example.com/a\t', 'text')).toEqual(['TXT-005@loc']);
    expect(rules('  https://www.example.com/a')).toEqual(['LOC-005@loc']);
  });
  it('TXT-001 replaces LOC-001 for text sitemap lines', () => {
    expect(rules('# product pages', 'text')).toContain('TXT-001@loc');
    expect(rules('https://www.example.com/a', 'text')).toEqual([]);
  });
  it('LOC-002: length limits', () => {
    const base = 'https://www.example.com/';
    expect(entryIssues({ loc: base + 'a'.repeat(2100) }).find((i) => i.rule === 'LOC-002')?.severity).toBe(
      'error',
    );
    expect(
      entryIssues({ loc: base + 'a'.repeat(2048 - base.length) }).find((i) => i.rule === 'LOC-002')?.severity,
    ).toBe('warning');
    expect(entryIssues({ loc: 'http://a.b/' }).find((i) => i.rule === 'LOC-002')?.severity).toBe('info');
    expect(rules(base + 'a'.repeat(2000))).toEqual([]);
  });
  it('LOC-003: the message says how the character it names is encoded (not always the space)', () => {
    const msg = (loc: string) => entryIssues({ loc }).find((i) => i.rule === 'LOC-003')?.message ?? '';
    expect(msg('https://www.example.com/summer sale/')).toContain('percent-encode it (a space becomes %20)');
    const gt = msg('https://www.example.com/a>b');
    expect(gt).toContain('the character > at position 26; percent-encode it (> becomes %3E)');
    expect(gt).not.toContain('space');
    expect(msg('https://www.example.com/100%')).toContain('(a % becomes %25)');
  });
  it('LOC-003: characters not allowed in a URI', () => {
    expect(rules('https://www.example.com/summer sale/')).toEqual(['LOC-003@loc']);
    expect(rules('https://www.example.com/100%')).toEqual(['LOC-003@loc']);
    expect(rules('https://www.example.com/a#b#c')).toContain('LOC-003@loc');
    expect(rules('https://www.example.com/a%20b')).toEqual([]);
  });
  it('LOC-004: raw non-ASCII', () => {
    expect(rules('https://www.example.com/ümlat.php')).toEqual(['LOC-004@loc']);
    expect(rules('https://www.example.com/%C3%BCmlat.php')).toEqual([]);
  });
  it('LOC-005: surrounding whitespace including NBSP', () => {
    expect(rules('\n  https://www.example.com/\n')).toEqual(['LOC-005@loc']);
    expect(rules('https://www.example.com/\u00a0')).toEqual(['LOC-005@loc']);
  });
  it('LOC-008, LOC-009, LOC-010', () => {
    expect(rules('https://www.example.com/guide#install')).toEqual(['LOC-008@loc']);
    expect(rules('https://www.example.com/cart;jsessionid=9F3A')).toEqual(['LOC-009@loc']);
    expect(rules('https://www.example.com/?utm_source=mail')).toEqual(['LOC-009@loc']);
    expect(rules('https://www.example.com/?sidebar=1')).toEqual([]);
    expect(rules('https://admin:secret@www.example.com/')).toEqual(['LOC-010@loc']);
  });
});

describe('URL scan results come back to the caller', () => {
  const ctxFor = (loc: string): EntryCtx => ({
    entry: { id: 0, loc },
    kind: 'urlset',
    settings: { now: 0 },
    out: [],
  });

  it('scanChars returns the bad index and the flags in one number', () => {
    expect(badIndex(scanChars('https://a.com/a b'))).toBe(15);
    expect(badReason('https://a.com/a b', 15)).toBe('a space');
    expect(badIndex(scanChars('https://a.com/%zz'))).toBe(14);
    expect(badReason('https://a.com/%zz', 14)).toBe('a % not followed by two hex digits');
    expect(badReason('https://a.com/#a#b', 16)).toBe('a second #');
    expect(badIndex(scanChars('https://a.com/ok'))).toBe(-1);
  });

  it('scanChars gives what one loop over every character gives, for any string', () => {
    // The loop scanChars ran over every character before it skipped ordinary ones natively.
    const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    const reference = (s: string): number => {
      let flags = 0;
      let hashes = 0;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c > 127) {
          flags |= 1;
          if (isInvisibleUnit(c) && (c !== 0xdb40 || hasInvisible(s.slice(i, i + 2))))
            return flags + 8 + i * 16;
          continue;
        }
        const bad = c <= 32 || c === 127 || '"<>\\^`{|}'.includes(String.fromCharCode(c));
        if (c >= 65 && c <= 90) flags |= 4;
        else if (c === 38 || c === 39) flags |= 2;
        else if (bad || (c === 37 && !(isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)))))
          return flags + 8 + i * 16;
        else if (c === 35 && ++hashes > 1) return flags + 8 + i * 16;
      }
      return flags;
    };
    const diffs: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [ch, `https://a.example/x${ch}y`, `#a${ch}#`, `%4${ch}`])
        if (scanChars(s) !== reference(s)) diffs.push(JSON.stringify(s));
    }
    expect(diffs).toEqual([]);
    const unit = fc.constantFrom(
      ...'aZf%#&\' "<>\\^`{|}~!$09.:/?@[]_-\u00e9\u200b\u0000\u007f'.split(''),
      '\ud83d\ude00',
      '\udb40\udc20',
      '\udb40',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 24 }), (units) => {
        const s = units.join('');
        expect(scanChars(s)).toBe(reference(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('each context gets the plain / lowercase facts of its own URL, whatever was checked in between', () => {
    const plain = ctxFor('https://a.com/x');
    const upper = ctxFor('https://a.com/X');
    const amp = ctxFor('https://a.com/?a=1&b=2');
    checkLoc(plain);
    checkLoc(upper);
    checkLoc(amp);
    expect(plain.url).toBe(URL_PLAIN | URL_LOWER);
    expect(upper.url).toBe(URL_PLAIN);
    expect(amp.url).toBe(URL_LOWER);
    expect(checkLoc(ctxFor('https://a.com/a b'))).not.toBeNull();
  });
});
