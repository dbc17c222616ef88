/**
 * Validates every real-world fixture and compares issue counts per rule with the reviewed report
 * `__fixtures__/corpus-report.json`. Regenerate after an intended rule change with
 * `UPDATE_CORPUS_REPORT=1 npx vitest run src/core/corpusValidate.test.ts`, then review the diff
 * against /work/shared/fixtures/real/SOURCES.md before committing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSitemap } from './parse.ts';
import { validateDocument } from './validate.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const realDir = path.join(path.resolve(repoRoot, '../shared'), 'fixtures/real');
const reportPath = path.join(import.meta.dirname, '__fixtures__/corpus-report.json');
const exists = existsSync(realDir);
if (!exists) console.warn(`corpusValidate.test: ${realDir} is missing; the corpus comparison is skipped`);

/** Settings for the corpus: fixed "now", no publish URL. */
const SETTINGS = { now: Date.UTC(2026, 10, 21) };

/** Files SOURCES.md judges valid (modulo warnings): validation must report no error on them. */
const VALID = [
  'advertools-gzipped-urlset.xml.gz',
  'advertools-not-actually-gzipped.xml.gz',
  'astro-taiwanmd-sitemap-0-percent-encoded-cjk.xml',
  'astro-taiwanmd-sitemap-index.xml',
  'crawlercommons-atom-feed.xml',
  'crawlercommons-gzipped-crlf-sitemap.gz',
  'crawlercommons-hreflang-alternates.xml',
  'crawlercommons-image.xml',
  'crawlercommons-mobile.xml',
  'crawlercommons-pagemap.xml',
  'crawlercommons-prefixed-namespace.xml',
  'crawlercommons-rss-feed-cdata-link.rss',
  'crawlercommons-text-with-bom.txt',
  'crawlercommons-text.txt.gz',
  'docusaurus-doris-3914-urls-oneline.xml',
  'docusaurus-polygon-edge-docs-oneline.xml',
  'ghost-pwningtech-index-oneline.xml',
  'ghost-pwningtech-posts.xml',
  'heizungdefekt-index-written-as-urlset.xml',
  'heizungdefekt-post-sitemap0-1044-urls.xml',
  'hexo-fechin-baidusitemap.xml',
  'hexo-fechin-sitemap-blank-lines.xml',
  'jekyll-benbalter-sitemap-xsl.xml',
  'mkdocs-topbarplus-sitemap.xml',
  'mkdocs-topbarplus-sitemap.xml.gz',
  'nextsitemap-2ltech-index.xml',
  'nextsitemap-2ltech-sitemap-0.xml',
  'sitemapjs-urls-plain.txt',
  'sitemapjs-video-whitespace-in-locs.xml',
  'sitemapr-comments-and-pis.xml',
  'sitemapr-text-cr-only-line-endings.txt',
  'wordpresscom-news-sitemap.xml',
];

interface FileReport {
  kind: string;
  entries: number;
  errors: number;
  rules: Record<string, number>;
}

function validateFile(name: string): FileReport {
  const r = parseSitemap(new Uint8Array(readFileSync(path.join(realDir, name))), { fileName: name });
  const issues = validateDocument(r.document, SETTINGS);
  const rules: Record<string, number> = {};
  for (const i of issues) rules[i.rule] = (rules[i.rule] ?? 0) + 1;
  const sortedRules = Object.fromEntries(Object.entries(rules).sort(([a], [b]) => a.localeCompare(b)));
  return {
    kind: r.document.kind,
    entries: r.document.entries.length,
    errors: issues.filter((i) => i.severity === 'error').length,
    rules: sortedRules,
  };
}

describe('validation of the real-world corpus', () => {
  it.skipIf(!exists)('matches the reviewed report, and files judged valid get no error', () => {
    const files = readdirSync(realDir)
      .filter((f) => f !== 'SOURCES.md')
      .sort();
    const report: Record<string, FileReport> = {};
    for (const f of files) report[f] = validateFile(f);
    if (process.env.UPDATE_CORPUS_REPORT) writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
    for (const f of VALID) expect(report[f]?.errors, `${f} is judged valid`).toBe(0);
    expect(report).toEqual(JSON.parse(readFileSync(reportPath, 'utf8')));
  });
});
