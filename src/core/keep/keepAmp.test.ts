/**
 * ENC-005 (review s16 b2/b11): "Keep the file's formatting" wrote an unescaped `&` back, so the
 * exported file was still not well-formed. A kept export escapes every raw `&` of element text
 * and attribute values (never inside comments, CDATA or processing instructions), the fix says
 * the export does so, and both export-change lists (app, and `convert`: cli/convertAmp.test.ts) name it with its count.
 */
import { describe, expect, it } from 'vitest';
import { getFix, planFixAll } from '../fixes.ts';
import { keptParse } from '../keptParse.ts';
import { parseSitemap } from '../parse.ts';
import { exportChanges } from '../serialize/exportChanges.ts';
import { keepFormat } from './keepFormat.ts';
import { keepSourceOf } from './source.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <!-- fish & chips, kept as written -->
  <url>
    <loc>https://www.example.com/fish-&-chips/</loc>
    <lastmod>2024-01-01</lastmod>
  </url>
  <url>
    <loc>https://www.example.com/a?x=1&amp;y=2&z=3</loc>
  </url>
  <url>
    <loc><![CDATA[https://www.example.com/c?p=1&q=2]]></loc>
  </url>
</urlset>
`;
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('ENC-005 in a kept export', () => {
  const bytes = enc(XML);
  const parsed = parseSitemap(bytes);
  const src = () => keepSourceOf(bytes, parsed)!;

  it('an untouched file: every raw & escaped, nothing else changed, and it reads back clean', () => {
    expect(parsed.issues.filter((i) => i.rule === 'ENC-005')).toHaveLength(2);
    const out = keepFormat(parsed.document, src());
    expect(out.identical).toBe(false);
    expect(out.escaped).toBe(2);
    expect(dec(out.body)).toBe(
      XML.replace('fish-&-chips', 'fish-&amp;-chips').replace('&amp;y=2&z=3', '&amp;y=2&amp;z=3'),
    );
    const again = parseSitemap(out.body);
    expect(again.fatal).toBeNull();
    expect(again.issues.filter((i) => i.rule === 'ENC-005')).toEqual([]);
    expect(again.document.entries.map((e) => e.loc)).toEqual(parsed.document.entries.map((e) => e.loc));
  });

  it('an edited entry keeps its other children as written, escaped', () => {
    const [a, ...rest] = parsed.document.entries;
    const doc = { ...parsed.document, entries: [{ ...a, lastmod: '2025-02-02' }, ...rest] };
    const out = dec(keepFormat(doc, src()).body);
    expect(out).toContain(
      '<loc>https://www.example.com/fish-&amp;-chips/</loc>\n    <lastmod>2025-02-02</lastmod>',
    );
    // The raw & left are the comment's and the CDATA section's, which XML allows.
    expect(out.match(/&(?!amp;)/g)).toHaveLength(2);
  });

  it('the fix says the export escapes it, and clears the finding', () => {
    const fix = getFix('ENC-005');
    expect(fix?.label).toMatch(/&amp;/);
    const issues = parsed.issues.filter((i) => i.rule === 'ENC-005');
    const p = planFixAll('ENC-005', issues, { document: parsed.document, settings: { now: 0 } });
    expect(p).toMatchObject({ rows: 2, cannot: 0, removed: 0 });
    expect(issues[0].message).toMatch(/the export writes it as &amp;/);
    const e = parsed.document.entries[0];
    expect(keptParse(issues, [], e, p.result.update!.find((u) => u.id === e.id)!)).toEqual([]);
  });

  it('the normalized export lists it with its count and rule', () => {
    const c = exportChanges(parsed.document, parsed.issues, { format: 'xml' }).find((x) => x.id === 'amp');
    expect(c).toMatchObject({ count: 2, rule: 'OUT-004' });
    expect(c?.text).toBe('2 values with an unescaped “&” written as &amp; (ENC-005)');
    expect(exportChanges(parsed.document, parsed.issues, { format: 'txt' }).some((x) => x.id === 'amp')).toBe(
      false,
    );
  });
});
