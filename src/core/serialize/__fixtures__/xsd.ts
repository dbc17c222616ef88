/**
 * Test helper: validate sitemap XML against the vendored XSDs in /work/shared/schemas with
 * xmllint-wasm. The core XSDs use a strict wildcard for extensions, so urlsets are validated
 * through a wrapper schema that imports sitemap.xsd plus the image/video/news XSDs and a minimal
 * XHTML schema declaring `link` (there is no published XSD for xhtml:link in sitemaps).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'fflate';
import { validateXML } from 'xmllint-wasm';
import type { ParseResult } from '../../model.ts';
import { parseSitemap } from '../../parse.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const sharedDir = path.resolve(repoRoot, '../shared');
export const schemaDir = path.join(sharedDir, 'schemas');
export const schemasExist = existsSync(path.join(schemaDir, 'sitemap.xsd'));
/** The real sitemaps of the shared corpus. */
export const realDir = path.join(sharedDir, 'fixtures', 'real');
/** True when both the corpus and the XSDs are there (corpus XSD tests skip otherwise). */
export const haveRealCorpus = schemasExist && existsSync(realDir);

const XHTML_LINK_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/1999/xhtml" elementFormDefault="qualified">
  <xsd:element name="link">
    <xsd:complexType>
      <xsd:attribute name="rel" type="xsd:string"/>
      <xsd:attribute name="media" type="xsd:string"/>
      <xsd:attribute name="hreflang" type="xsd:string"/>
      <xsd:attribute name="href" type="xsd:anyURI"/>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>`;

const WRAPPER_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x-sitemap-workbench-test">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.google.com/schemas/sitemap-image/1.1" schemaLocation="sitemap-image.xsd"/>
  <xsd:import namespace="http://www.google.com/schemas/sitemap-video/1.1" schemaLocation="sitemap-video.xsd"/>
  <xsd:import namespace="http://www.google.com/schemas/sitemap-news/0.9" schemaLocation="sitemap-news.xsd"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
</xsd:schema>`;

function schemaFile(name: string) {
  return { fileName: name, contents: readFileSync(path.join(schemaDir, name)) };
}

/** Validate `xml` (a urlset or a sitemap index); returns the xmllint error messages (empty = valid). */
export async function xsdErrors(
  xml: string | Uint8Array,
  root: 'urlset' | 'sitemapindex',
): Promise<string[]> {
  const doc = { fileName: 'doc.xml', contents: xml };
  const r =
    root === 'sitemapindex'
      ? await validateXML({ xml: doc, schema: schemaFile('siteindex.xsd') })
      : await validateXML({
          xml: doc,
          schema: { fileName: 'wrapper.xsd', contents: WRAPPER_XSD },
          preload: [
            schemaFile('sitemap.xsd'),
            schemaFile('sitemap-image.xsd'),
            schemaFile('sitemap-video.xsd'),
            schemaFile('sitemap-news.xsd'),
            { fileName: 'xhtml-link.xsd', contents: XHTML_LINK_XSD },
          ],
        });
  return r.errors.map((e) => e.message);
}

/**
 * Every real corpus file that parses without a fatal error as a urlset or sitemap index and is
 * valid by the XSDs as given, with its parse result.
 *
 * @example for await (const { name, parsed } of xsdValidRealFiles()) check(name, parsed);
 */
export async function* xsdValidRealFiles(): AsyncGenerator<{
  name: string;
  parsed: ParseResult;
  kind: 'urlset' | 'sitemapindex';
}> {
  for (const name of readdirSync(realDir)) {
    if (name === 'SOURCES.md') continue;
    let bytes = new Uint8Array(readFileSync(path.join(realDir, name)));
    const parsed = parseSitemap(bytes, { fileName: name });
    if (parsed.fatal || (parsed.kind !== 'urlset' && parsed.kind !== 'sitemapindex')) continue;
    if (parsed.document.source?.gzip) {
      try {
        bytes = gunzipSync(bytes);
      } catch {
        continue;
      }
    }
    if ((await xsdErrors(bytes, parsed.kind)).length > 0) continue;
    yield { name, parsed, kind: parsed.kind };
  }
}
