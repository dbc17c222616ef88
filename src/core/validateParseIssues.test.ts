import { describe, expect, it } from 'vitest';
import { parseSitemap } from './parse.ts';
import { Validator, validateDocument, withoutRepeats } from './validate.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><lastmod>2024-06-24</lastmod></url>
  <url><loc>https://www.example.com/a</loc></url>
</urlset>`;

describe('parse issues next to validation issues', () => {
  it('reports a <url> without <loc> once, not once from the parser and again from the validator', () => {
    const parsed = parseSitemap(xml);
    const v = new Validator({ now: NOW });
    v.load(parsed.document, parsed.issues);
    const missing = v.issuesOf(0).filter((i) => i.rule === 'XML-004');
    expect(missing).toHaveLength(1);
    expect(v.counts().byRule.get('XML-004')?.count).toBe(1);
  });

  it('withoutRepeats keeps parse issues of other rules or fields', () => {
    const parsed = parseSitemap(xml);
    const validated = validateDocument(parsed.document, { now: NOW });
    const merged = withoutRepeats(parsed.issues, validated).concat(validated);
    expect(merged.filter((i) => i.rule === 'XML-004')).toHaveLength(1);
    expect(
      withoutRepeats(
        [{ rule: 'ENC-005', severity: 'error', message: 'x', entry: 0, field: 'loc' }],
        validated,
      ),
    ).toHaveLength(1);
  });
});
