import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from './model.ts';
import { parseSitemap } from './parse.ts';
import { canonicalDoc, urlset } from './serialize/__fixtures__/canonical.ts';
import {
  haveRealCorpus,
  realDir,
  schemaDir,
  schemasExist,
  xsdErrors,
  xsdValidRealFiles,
} from './serialize/__fixtures__/xsd.ts';
import { serializeFiles, serializeSitemap } from './serialize.ts';

if (!schemasExist) console.warn(`xsd.test: ${schemaDir} is missing; schema validation tests are skipped.`);

describe('exports validate against the published XSDs', () => {
  it.skipIf(!schemasExist)('the OUT-008 canonical example (all extensions) is XSD-valid', async () => {
    expect(await xsdErrors(serializeSitemap(canonicalDoc()), 'urlset')).toEqual([]);
    expect(
      await xsdErrors(serializeSitemap(canonicalDoc(), { schemaHints: true, pretty: false }), 'urlset'),
    ).toEqual([]);
  });

  it.skipIf(!schemasExist)(
    'the validator really rejects out-of-order children (sanity check of the harness)',
    async () => {
      const bad = serializeSitemap(canonicalDoc()).replace(
        /(<video:thumbnail_loc>.*<\/video:thumbnail_loc>)(\s*)(<video:title>.*<\/video:title>)/,
        '$3$2$1',
      );
      expect((await xsdErrors(bad, 'urlset')).length).toBeGreaterThan(0);
    },
  );

  it.skipIf(!schemasExist)(
    'deprecated tags written in XSD order and split children + index are valid',
    async () => {
      const doc = urlset(
        Array.from(
          { length: 5 },
          (_, i): Omit<Entry, 'id'> => ({
            loc: `https://www.example.com/p ${i}?a=1&b=ü`,
            lastmod: '2024-06-24T09:30+02:00',
            changefreq: 'Weekly',
            priority: '0.50',
            images: [
              {
                loc: 'https://www.example.com/i.jpg',
                license: 'https://www.example.com/l',
                title: 'T',
                caption: 'C',
              },
            ],
            videos: [
              {
                nodes: [
                  { name: 'tag', text: 'x' },
                  { name: 'title', text: 'V' },
                  { name: 'player_loc', text: 'https://www.example.com/p', attrs: { allow_embed: 'yes' } },
                  { name: 'description', text: 'D' },
                  { name: 'thumbnail_loc', text: 'https://www.example.com/t.jpg' },
                  { name: 'price', text: '1.99', attrs: { currency: 'EUR' } },
                  { name: 'requires_subscription', text: 'No' },
                ],
              },
            ],
          }),
        ),
      );
      const { files, issues } = serializeFiles(doc, {
        split: { maxUrls: 2 },
        publishUrl: 'https://www.example.com/sitemap.xml',
      });
      expect(issues).toEqual([]);
      for (const f of files) {
        const root = f.name === 'sitemap.xml' ? 'sitemapindex' : 'urlset';
        expect(await xsdErrors(f.bytes, root), f.name).toEqual([]);
      }
    },
  );

  it.skipIf(!schemasExist)('an index document is valid against siteindex.xsd', async () => {
    const doc: SitemapDocument = {
      kind: 'sitemapindex',
      entries: [{ id: 0, loc: 'https://www.example.com/a.xml', lastmod: '2024-06-24Z' }],
      nextId: 1,
    };
    expect(await xsdErrors(serializeSitemap(doc), 'sitemapindex')).toEqual([]);
  });
});

const haveReal = haveRealCorpus;
if (!haveReal) console.warn(`xsd.test: ${realDir} is missing; the corpus XSD test is skipped.`);

describe('an untouched XSD-valid corpus file exports XSD-valid', () => {
  it.skipIf(!haveReal)(
    'for every real fixture that is valid as given',
    async () => {
      let checked = 0;
      for await (const { name, parsed, kind } of xsdValidRealFiles()) {
        const out = serializeSitemap(parsed.document);
        expect(await xsdErrors(out, kind), name).toEqual([]);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    },
    180_000,
  );
});

describe('the canonical order repairs XSD order problems', () => {
  it.skipIf(!haveReal)('a video sitemap with <loc> after <video:video> exports XSD-valid', async () => {
    const bytes = new Uint8Array(
      readFileSync(path.join(realDir, 'crawlercommons-video-tvshow-loc-last.xml')),
    );
    expect((await xsdErrors(bytes, 'urlset')).length).toBeGreaterThan(0);
    const out = serializeSitemap(parseSitemap(bytes).document);
    expect(out).toContain('<video:premier_date>2025-06-05T21:00:00Z</video:premier_date>');
    expect(await xsdErrors(out, 'urlset')).toEqual([]);
  });
});
