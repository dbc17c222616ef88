import { describe, expect, it } from 'vitest';
import { decodeEntities, ENT_HTML, ENT_RAW_AMP, ENT_UNKNOWN } from './entities.ts';

const decode = (s: string) => decodeEntities(s, 0, s.length);

describe('decodeEntities', () => {
  it('decodes the five XML entities and numeric references without a finding', () => {
    expect(decode('a&amp;b&lt;c&gt;d&quot;e&apos;f')).toEqual({ text: 'a&b<c>d"e\'f', flags: 0, sample: '' });
    expect(decode('&#x41;&#66;')).toEqual({ text: 'AB', flags: 0, sample: '' });
  });

  it('decodes once: an escaped entity stays an entity in the value', () => {
    expect(decode('a&amp;amp;b').text).toBe('a&amp;b');
  });

  it('flags a raw ampersand and keeps it, with the text after it as the sample', () => {
    expect(decode('Tom & Jerry')).toEqual({ text: 'Tom & Jerry', flags: ENT_RAW_AMP, sample: '& Jerry' });
  });

  it('decodes an HTML entity XML does not know, and flags it', () => {
    const r = decode('x&nbsp;y');
    expect(r.text).toBe('x\u00a0y');
    expect(r.flags).toBe(ENT_HTML);
    expect(r.sample).toBe('&nbsp;');
  });

  it('keeps an unknown entity as written, never expanded, and flags it', () => {
    expect(decode('&foo;bar')).toEqual({ text: '&foo;bar', flags: ENT_UNKNOWN, sample: '&foo;' });
  });

  it('ORs the flags of several problems and keeps the first sample', () => {
    const r = decode('a & b &nbsp; &zz;');
    expect(r.flags).toBe(ENT_RAW_AMP | ENT_HTML | ENT_UNKNOWN);
    expect(r.sample.startsWith('& b')).toBe(true);
  });

  it('reads only the given range of the source', () => {
    const s = '<loc>a&amp;b</loc>';
    expect(decodeEntities(s, 5, 12).text).toBe('a&b');
  });
});
