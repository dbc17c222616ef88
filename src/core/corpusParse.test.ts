import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from './model.ts';
import { parseSitemap } from './parse.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const corpusDir = path.resolve(repoRoot, '../shared/fixtures/real');
const present = existsSync(path.join(corpusDir, 'SOURCES.md'));
if (!present) console.warn(`corpusParse.test: ${corpusDir} is missing; corpus tests are skipped`);

interface Row {
  file: string;
  urls: string;
  wf: string;
}

/** The SOURCES.md table: file name, URL-count column and well-formedness column. */
function sourceRows(): Map<string, Row> {
  const rows = new Map<string, Row>();
  if (!present) return rows;
  for (const line of readFileSync(path.join(corpusDir, 'SOURCES.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length !== 10 || !cells[1].startsWith('`')) continue;
    const file = cells[1].replaceAll('`', '');
    rows.set(file, { file, urls: cells[6], wf: cells[7] });
  }
  return rows;
}

const rows = sourceRows();
const files = present ? readdirSync(corpusDir).filter((f) => f !== 'SOURCES.md') : [];
const results = new Map<string, ParseResult>();
const bytesOf = (file: string) => new Uint8Array(readFileSync(path.join(corpusDir, file)));
function parsed(file: string): ParseResult {
  let r = results.get(file);
  if (!r) {
    r = parseSitemap(bytesOf(file), { fileName: file });
    results.set(file, r);
  }
  return r;
}

/** Independent count of start tags by local name (comments and CDATA removed first). */
function countTags(xml: string, qname: RegExp): number {
  const clean = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  return clean.match(qname)?.length ?? 0;
}

function sourceText(file: string): string {
  const b = bytesOf(file);
  return new TextDecoder().decode(b[0] === 0x1f && b[1] === 0x8b ? gunzipSync(b) : b);
}

const wellFormedXml = [...rows.values()].filter((r) => r.wf.startsWith('yes')).map((r) => r.file);
const EXPECTED_FATAL: Record<string, number | undefined> = {
  'advertools-malformed-unclosed-url.xml': 3,
  'sitemapjs-index-malformed-unescaped-lt.xml': 11,
  'sitemapjs-malformed-unescaped-lt.xml': 6,
  'sitemapr-html-as-sitemap.html': 1,
  'goparser-corrupted-not-gzip.gz': 1,
  'goparser-gzip-empty-payload.xml.gz': 1,
  'sitemapr-tarball-not-sitemap.tar.gz': 1,
};

describe('real-world corpus', () => {
  it.skipIf(!present)('SOURCES.md describes every file', () => {
    expect(files.length).toBe(80);
    for (const f of files) expect(rows.has(f), f).toBe(true);
  });

  it.skipIf(!present)('parses every file without throwing; fatals carry line, column and excerpt', () => {
    for (const f of files) {
      const r = parsed(f);
      expect(r.document.nextId, f).toBe(r.document.entries.length);
      r.document.entries.forEach((e, i) => {
        expect(e.id, f).toBe(i);
      });
      if (r.fatal) {
        expect(r.fatal.line, f).toBeGreaterThan(0);
        expect(r.fatal.column, f).toBeGreaterThan(0);
      }
    }
  });

  it.skipIf(!present)('well-formed XML files: no fatal, one entry per <url>/<sitemap> start tag', () => {
    expect(wellFormedXml.length).toBeGreaterThan(55);
    for (const f of wellFormedXml) {
      const r = parsed(f);
      expect(r.fatal, f).toBeNull();
      if (r.kind === 'feed') continue;
      const xml = sourceText(f);
      const expected = countTags(xml, /<(?:[A-Za-z_][\w.-]*:)?(?:url|sitemap)[\s>/]/g);
      const got = r.document.entries.length + (r.document.otherEntries?.length ?? 0);
      expect(got, f).toBe(expected);
    }
  });

  it.skipIf(!present)('well-formed XML files: every image:image and xhtml:link is kept', () => {
    let images = 0;
    let links = 0;
    for (const f of wellFormedXml) {
      const r = parsed(f);
      if (r.kind === 'feed') continue;
      const xml = sourceText(f);
      const gotImages = r.document.entries.reduce((n, e) => n + (e.images?.length ?? 0), 0);
      const gotLinks = r.document.entries.reduce((n, e) => n + (e.alternates?.length ?? 0), 0);
      expect(gotImages, f).toBe(countTags(xml, /<image:image[\s>/]/g));
      expect(gotLinks, f).toBe(countTags(xml, /<xhtml:link[\s>/]/g));
      images += gotImages;
      links += gotLinks;
    }
    expect(images).toBeGreaterThan(0);
    expect(links).toBeGreaterThan(0);
  });

  it.skipIf(!present)('entry counts match SOURCES.md for named files', () => {
    const named = [
      'heizungdefekt-post-sitemap0-1044-urls.xml',
      'docusaurus-doris-3914-urls-oneline.xml',
      'ozarkgazette-news-sitemap-117.xml',
      'hebdenbridgetimes-news-image-video-mobile.xml',
      'sitemapjs-100000-urls-over-limit.txt.gz',
      'sitemapjs-roosterteeth-21753-urls.txt',
      'astro-taiwanmd-sitemap-0-percent-encoded-cjk.xml',
      'crawlercommons-rss-pubdate-variants.xml',
      'ghost-pwningtech-index-oneline.xml',
      'mkdocs-topbarplus-sitemap.xml.gz',
      'crawlercommons-gzipped-crlf-sitemap.gz',
      'sitemapr-utf16le-bom-but-utf8-bytes.xml',
    ];
    for (const f of named) {
      const expected = Number.parseInt(rows.get(f)?.urls ?? '', 10);
      expect(Number.isNaN(expected), f).toBe(false);
      expect(parsed(f).document.entries.length, f).toBe(expected);
    }
  });

  it.skipIf(!present)('malformed files give a fatal at the line SOURCES.md names', () => {
    for (const [f, line] of Object.entries(EXPECTED_FATAL)) {
      const r = parsed(f);
      expect(r.fatal, f).not.toBeNull();
      if (line !== undefined) expect(r.fatal?.line, f).toBe(line);
      expect(r.document.partial === true || r.document.entries.length === 0, f).toBe(true);
    }
  });

  it.skipIf(!present)('recoverable problems are issues on the right line instead of a fatal', () => {
    const amp = parsed('squarespace-video-sitemap-unescaped-ampersand.xml');
    expect(amp.fatal).toBeNull();
    expect(amp.issues.find((i) => i.rule === 'ENC-005')?.line).toBe(9);
    const utf16 = parsed('sitemapr-utf16le-bom-but-utf8-bytes.xml');
    expect(utf16.issues.map((i) => i.rule)).toContain('ENC-001');
    const crc = parsed('goparser-gzip-crc-error.xml.gz');
    expect(crc.issues.map((i) => i.rule)).toContain('GZ-003');
    const xxe = parsed('sitemapr-xxe-external-entity.xml');
    expect(xxe.document.entries[0].loc).toBe('https://example.com/&xxe;');
    expect(xxe.issues.map((i) => i.rule)).toEqual(['ENC-009', 'ENC-006']);
  });

  it.skipIf(!present)('detects the format from the bytes, not the name', () => {
    expect(parsed('advertools-not-actually-gzipped.xml.gz').kind).toBe('urlset');
    expect(parsed('advertools-not-actually-gzipped.xml.gz').issues.map((i) => i.rule)).toEqual(['GZ-002']);
    expect(parsed('crawlercommons-gzipped-crlf-sitemap.gz').document.source?.gzip).toBe(true);
    expect(parsed('crawlercommons-rss-feed-cdata-link.rss').kind).toBe('feed');
    expect(parsed('crawlercommons-text.txt.gz').kind).toBe('text');
    expect(parsed('sitemapr-html-as-sitemap.html').issues.map((i) => i.rule)).toEqual(['XML-001']);
    expect(parsed('sitemapr-tarball-not-sitemap.tar.gz').issues.map((i) => i.rule)).toContain('GZ-005');
  });
});
