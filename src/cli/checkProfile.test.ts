import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { checkBytes } from './check.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://www.example.com/a</loc><priority>0.5</priority><lastmod>2024-01-01</lastmod></url>
<url><loc>https://www.example.com/b</loc><priority>0.5</priority><lastmod>2024-01-02</lastmod></url>
</urlset>`;
const NOW = Date.UTC(2026, 10, 21);
const args = (...flags: string[]) => {
  const a = parseArgs(['check', 'x.xml', ...flags]);
  if (a.command !== 'check') throw new Error('expected check arguments');
  return a;
};

describe('check follows the severity profile (issue 15)', () => {
  it('reports XSD order as one note by default and on every row with --strict', () => {
    const bytes = new TextEncoder().encode(XML);
    const quiet = checkBytes('x.xml', bytes, args(), NOW).issues.filter((i) => i.rule === 'XML-006');
    expect(quiet.map((i) => [i.severity, i.entry])).toEqual([['info', undefined]]);
    expect(quiet[0].message).toMatch(/^2 URLs list their children out of XSD order/);
    const strict = checkBytes('x.xml', bytes, args('--strict'), NOW).issues.filter(
      (i) => i.rule === 'XML-006',
    );
    expect(strict.map((i) => [i.severity, i.entry])).toEqual([
      ['warning', 0],
      ['warning', 1],
    ]);
  });
});
