// Exports are verified, not trusted (issue 20 case 1): mixed content and foreign-namespace
// children of video/news round-trip exactly, the output is namespace-well-formed for libxml2
// (xmllint-wasm), and verifyExport blocks an export that does not hold the document's data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { NS } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { serializeFiles, serializeSitemap } from '../serialize.ts';
import { namespaceProblem, verifyExport } from './verify.ts';

const ROOT = `<urlset xmlns="${NS.sitemap}" xmlns:video="${NS.video}" xmlns:news="${NS.news}" xmlns:x="urn:x" xmlns:y="http://y.example/ns">`;
const doc = (body: string) =>
  parseSitemap(`<?xml version="1.0" encoding="UTF-8"?>\n${ROOT}${body}</urlset>`).document;

async function libxml2Errors(xml: string): Promise<string[]> {
  const r = await validateXML({ xml: { fileName: 'out.xml', contents: xml }, normalization: 'c14n' });
  return r.errors.map((e) => e.message);
}

const CHEF = `<url><loc>https://a.example/v</loc><video:video><video:thumbnail_loc>https://a.example/t.jpg</video:thumbnail_loc><video:title>Steak</video:title><video:description>Our chef shows how to grill <b>perfect</b> steaks every time.</video:description><video:player_loc x:a="1">https://a.example/p</video:player_loc><x:y>z</x:y></video:video><news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>Big <i>news</i> today</news:title></news:news></url>`;

describe('mixed content and foreign children in extensions', () => {
  it('keep their text, order and namespaces on export, and libxml2 reads the output', async () => {
    const d = doc(CHEF);
    const out = serializeSitemap(d);
    expect(out).toContain(
      '<video:description>Our chef shows how to grill <b>perfect</b> steaks every time.</video:description>',
    );
    expect(out).toContain('<news:title>Big <i>news</i> today</news:title>');
    expect(out).toContain('<x:y xmlns:x="urn:x">z</x:y>');
    expect(out).toContain('<video:player_loc xmlns:x="urn:x" x:a="1">');
    expect(out).not.toMatch(/video:x:|video:b>|news:i>/);
    expect(await libxml2Errors(out)).toEqual([]);
    const back = parseSitemap(out).document.entries[0];
    expect(back.videos).toEqual(d.entries[0].videos);
    expect(back.news).toEqual(d.entries[0].news);
    expect(verifyExport(d, out)).toEqual([]);
  });

  it('serializeFiles exports them (verified) without blocking', () => {
    const { files, issues } = serializeFiles(doc(CHEF));
    expect(files).toHaveLength(1);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
});

describe('verifyExport', () => {
  const d = doc(CHEF);

  it('names the entry whose text the export dropped', () => {
    const lossy = serializeSitemap(d).replace(
      'Our chef shows how to grill <b>perfect</b> steaks every time.',
      '<b>perfect</b>',
    );
    const problems = verifyExport(d, lossy);
    expect(problems).toHaveLength(1);
    expect(problems[0].entry).toBe(d.entries[0].id);
    expect(problems[0].message).toMatch(/Entry “https:\/\/a\.example\/v”: its videos would change/);
  });

  it('finds what libxml2 rejects and our parser accepts: a double-prefixed name, an undeclared prefix', () => {
    const broken = serializeSitemap(d).replace(/<x:y xmlns:x="urn:x">z<\/x:y>/, '<video:x:y>z</video:x:y>');
    expect(parseSitemap(broken).fatal).toBeNull();
    expect(namespaceProblem(broken)?.message).toMatch(/not a valid QName/);
    expect(verifyExport(d, broken)[0].message).toMatch(
      /not namespace-well-formed at line \d+.*a\.example\/v/,
    );
    const undeclared = `<urlset xmlns="${NS.sitemap}"><url><loc>https://a.example/</loc><q:r/></url></urlset>`;
    expect(namespaceProblem(undeclared)?.message).toMatch(/prefix “q” of <q:r> is not declared/);
    expect(namespaceProblem(`<a xmlns:p="urn:p"><b p:c="1" p:c="2"/></a>`)?.message).toMatch(/appears twice/);
    expect(namespaceProblem(`<a xmlns:p=""/>`)?.message).toMatch(/not allowed/);
  });

  it('blocks the download (no files, an error naming the entry) when the export cannot hold the data', () => {
    // An undeclared prefix inside a video (XML-009 on input) cannot be declared on output.
    const bad = parseSitemap(
      `<urlset xmlns="${NS.sitemap}" xmlns:video="${NS.video}"><url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc><video:video><video:title>t</video:title><q:r>s</q:r></video:video></url></urlset>`,
    ).document;
    const { files, issues } = serializeFiles(bad);
    expect(files).toEqual([]);
    const blocked = issues.filter((i) => i.severity === 'error' && /Export blocked/.test(i.message));
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked[0].entry).toBe(bad.entries[1].id);
    expect(blocked[0].message).toMatch(/a\.example\/2/);
  });

  it('accepts the exporter’s allowed rewrites: trimming, value spelling, XSD order, lean, stripped', () => {
    const messy = doc(
      `<url><loc> https://a.example/ä </loc><lastmod>2024-01-01T10:00+02:00</lastmod><priority>0.50</priority><changefreq>Daily</changefreq><video:video><video:description> d </video:description><video:title>t</video:title><video:duration>0300</video:duration><video:price currency="EUR">1</video:price></video:video></url>`,
    );
    for (const o of [
      {},
      { lean: true, stripDeprecated: true },
      { format: 'txt' as const },
      { pretty: false },
    ]) {
      const { files, issues } = serializeFiles(messy, o);
      expect(files.length, JSON.stringify(o)).toBe(1);
      expect(issues.filter((i) => /Export blocked/.test(i.message))).toEqual([]);
    }
  });
});

// ---- property: export → parse is the identity on extension trees -------------------------------

interface GenNode {
  name: string;
  attrs: Array<[string, string]>;
  /** Mixed: text before each child and after the last (children.length + 1), or leaf text. */
  segs: string[];
  children: GenNode[];
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const escAttr = (s: string) => esc(s).replace(/"/g, '&quot;');

function xmlOf(n: GenNode): string {
  const attrs = n.attrs.map(([k, v]) => ` ${k}="${escAttr(v)}"`).join('');
  if (n.children.length === 0 && n.segs[0] === '') return `<${n.name}${attrs}/>`;
  let s = `<${n.name}${attrs}>`;
  for (let i = 0; i < n.segs.length; i++) {
    s += esc(n.segs[i]);
    if (i < n.children.length) s += xmlOf(n.children[i]);
  }
  return `${s}</${n.name}>`;
}

const textChar = fc.constantFrom(...Array.from('ab Zé&<>"\'\n\t日😀;#'), 'x', ' ');
const anyText = fc.array(textChar, { maxLength: 12 }).map((a) => a.join(''));
/** Text with a letter in it: whitespace-only text between children is layout, not data. */
const realText = fc
  .tuple(anyText, fc.constantFrom('a', 'Z', 'é', '日'), anyText)
  .map(([a, b, c]) => a + b + c);
const attrValue = fc.stringMatching(/^[a-z0-9][a-z0-9 &<>"'.:/-]{0,8}[a-z0-9]$/);
const names = fc.constantFrom('video:a', 'video:tag', 'x:f', 'y:g', 'b', 'news:n');
const attrNames = fc.uniqueArray(fc.constantFrom('a', 'id', 'x:a', 'y:h'), { maxLength: 3 });

const node: fc.Memo<GenNode> = fc.memo((n) =>
  n <= 1
    ? fc.record({
        name: names,
        attrs: attrNames.chain((ks) => fc.tuple(...ks.map((k) => fc.tuple(fc.constant(k), attrValue)))),
        segs: fc.tuple(anyText),
        children: fc.constant([]),
      })
    : fc
        .tuple(names, attrNames, fc.array(node(n - 1), { minLength: 1, maxLength: 3 }))
        .chain(([name, ks, children]) =>
          fc.record({
            name: fc.constant(name),
            attrs: fc.tuple(...ks.map((k) => fc.tuple(fc.constant(k), attrValue))),
            segs: fc
              .tuple(realText, fc.array(anyText, { minLength: children.length, maxLength: children.length }))
              .map(([first, rest]) => [first, ...rest]),
            children: fc.constant(children),
          }),
        ),
);

describe('verifyExport and text lines that are not URLs (TXT-001)', () => {
  const text = parseSitemap('# To add a list of URLs, make one per line\nhttps://www.example.com/\n', {
    fileName: 'sitemap.txt',
  }).document;
  it('does not block an export that leaves them out on request, as text or as XML', () => {
    for (const format of ['txt', 'xml'] as const) {
      const out = serializeFiles(text, { format, nonUrlLines: 'drop' });
      // Only the note that says how many were left out; no ENC-004 block.
      expect(out.issues.map((i) => i.rule)).toEqual(['TXT-001']);
      expect(out.files).toHaveLength(1);
    }
  });
  it('still blocks one that loses a URL line', () => {
    // The plan of a 'drop' export holds the URL line only: a file without it is blocked.
    const planned = { ...text, entries: text.entries.filter((e) => e.loc.startsWith('https:')) };
    expect(verifyExport(planned, '# To add a list of URLs, make one per line\n')).not.toEqual([]);
  });
});

describe('property: extension trees with mixed text, foreign namespaces and attributes', () => {
  it('export → parse is the identity, libxml2 finds the output well-formed, verifyExport agrees', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(node(3), { minLength: 1, maxLength: 3 }), async (kids) => {
        const description: GenNode = {
          name: 'video:description',
          attrs: [],
          segs: ['Intro ', ...kids.map((_, i) => (i === kids.length - 1 ? ' end' : ' and '))],
          children: kids,
        };
        const d = doc(
          `<url><loc>https://a.example/</loc><video:video><video:title>T</video:title>${xmlOf(description)}</video:video></url>`,
        );
        const out = serializeSitemap(d);
        const back = parseSitemap(out).document.entries[0];
        expect(back.videos).toEqual(d.entries[0].videos);
        expect(verifyExport(d, out)).toEqual([]);
        expect(await libxml2Errors(out)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
