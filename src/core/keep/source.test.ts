import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../parse.ts';
import { keepFormat } from './keepFormat.ts';
import { keepSourceOf, sharingEntries } from './source.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    <url><loc>https://a.example/</loc>   <lastmod>2024-01-01</lastmod></url>
    <url><loc>https://a.example/b</loc>   <lastmod>2024-01-02</lastmod></url>
</urlset>
`;

describe('sharingEntries (a restored document and its re-read source)', () => {
  it('shares the equal entries, keeps the parsed form of an edited one, and the export still writes the edit', () => {
    const bytes = new TextEncoder().encode(XML);
    const src = keepSourceOf(bytes, parseSitemap(bytes))!;
    // As restored from storage: copies, one of them edited before the reload.
    const restored = structuredClone(src.entries) as typeof src.entries;
    const edited = [restored[0], { ...restored[1], lastmod: '2026-02-20' }];
    const shared = sharingEntries(src, edited);
    expect(shared.entries[0]).toBe(edited[0]);
    expect(shared.entries[1]).toBe(src.entries[1]);
    const out = new TextDecoder().decode(
      keepFormat({ kind: 'urlset', entries: edited, nextId: 2 }, shared, { verify: false }).body,
    );
    expect(out).toBe(XML.replace('2024-01-02', '2026-02-20'));
  });
});
