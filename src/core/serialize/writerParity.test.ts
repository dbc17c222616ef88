/**
 * The chunk writer that adds pieces to a batch (session 16) against the writer it replaced
 * (`__fixtures__/stringWriter.ts`: one string per entry, batches built by `+=`): same text, same
 * bytes, same chunks (splits, counts, namespace flags, left-out entries) and the same reports, on
 * random documents (wild Unicode, astral characters, lone surrogates, XML specials, extensions,
 * mixed content, unknown elements) and on every parsed real-world fixture.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry, Issue, RawXml, SitemapDocument, XNode } from '../model.ts';
import { parseSitemap } from '../parse.ts';
import { entryBody, runs, wildText, wildUrl } from '../testing/arbitraries.ts';
import { oldWriteChunkSteps, oldWriteChunks } from './__fixtures__/stringWriter.ts';
import {
  type Chunk,
  type ChunkLimits,
  fileBytes,
  fileText,
  type LayoutOptions,
  makeContext,
  writeChunkSteps,
  writeChunks,
} from './chunks.ts';

interface Opts {
  pretty: boolean;
  lean: boolean;
  stripDeprecated: boolean;
  nonUrlLines: 'keep' | 'drop';
  mode: 'xml' | 'txt';
  limits: ChunkLimits | null;
  stepped: boolean;
}

type Writer = (
  entries: readonly Entry[],
  layout: LayoutOptions,
  ctx: ReturnType<typeof makeContext>,
  limits: ChunkLimits | null,
  bytes: boolean,
) => Chunk[];

function drain(g: Generator<void, Chunk[]>): Chunk[] {
  let r = g.next();
  while (!r.done) r = g.next();
  return r.value;
}

const NEW: Record<'plain' | 'stepped', Writer> = {
  plain: writeChunks,
  stepped: (...a) => drain(writeChunkSteps(...a)),
};
const OLD: Record<'plain' | 'stepped', Writer> = {
  plain: oldWriteChunks,
  stepped: (...a) => drain(oldWriteChunkSteps(...a)),
};

/** Everything a writer's result is read for: file text or bytes, chunk plan, reports. */
function written(write: Writer, doc: SitemapDocument, o: Opts) {
  const issues: Issue[] = [];
  const ctx = makeContext(doc, o, issues);
  const isIndex = doc.kind === 'sitemapindex' || doc.kind === 'robots';
  const layout: LayoutOptions = {
    mode: o.mode,
    root: isIndex ? 'sitemapindex' : 'urlset',
    pretty: o.pretty,
    schemaHints: false,
    stylesheet: doc.stylesheet,
    rootExtras: doc.rootExtras ?? [],
  };
  const bytes = o.limits !== null;
  const chunks = write(doc.entries, layout, ctx, o.limits, bytes);
  return {
    files: chunks.map((c, k) =>
      bytes ? Array.from(fileBytes(layout, ctx, c, k === 0)) : fileText(layout, ctx, c, k === 0),
    ),
    plan: chunks.map((c) => ({
      entries: c.entries,
      news: c.news,
      flags: c.flags,
      used: [...c.used].sort(),
      first: c.first,
      end: c.end,
      skipped: c.skipped,
      chars: c.body.chars,
    })),
    issues,
    extra: [...ctx.extra],
  };
}

function same(doc: SitemapDocument, o: Opts): void {
  const how = o.stepped ? 'stepped' : 'plain';
  expect(written(NEW[how], doc, o)).toEqual(written(OLD[how], doc, o));
}

const text = wildText(40);
const mixedNode: fc.Arbitrary<XNode> = fc
  .tuple(fc.constantFrom('title', 'description', 'tag'), text, text, text)
  .map(([name, a, b, c]) => ({
    name,
    text: `${a}${b}${c}`,
    children: [{ name: 'b', text: b }],
    mixed: [a, c],
  }));
const videoNodes: fc.Arbitrary<XNode[]> = fc
  .tuple(wildUrl(), text, mixedNode, fc.option(text, { nil: undefined }))
  .map(([thumb, title, desc, player]) => {
    const nodes: XNode[] = [
      { name: 'thumbnail_loc', text: thumb },
      { name: 'title', text: title },
      { ...desc, name: 'description' },
    ];
    if (player !== undefined) nodes.push({ name: 'player_loc', text: player, attrs: { allow_embed: 'yes' } });
    return nodes;
  });
const newsNodes: fc.Arbitrary<XNode[]> = fc.tuple(text, text).map(([name, title]) => [
  {
    name: 'publication',
    text: '',
    children: [
      { name: 'name', text: name },
      { name: 'language', text: 'en' },
    ],
  },
  { name: 'publication_date', text: '2024-01-02' },
  { name: 'title', text: title },
  { name: 'keywords', text: 'a, b' },
]);
const extra: fc.Arbitrary<RawXml> = fc
  .tuple(fc.constantFrom('mobile', 'PageMap', 'x'), text)
  .map(([name, t]) => ({
    ns: 'urn:example:x',
    name,
    xml: `<m:${name} a="1">${t.replace(/[<&]/g, '')}</m:${name}>`,
    nsDecls: { m: 'urn:example:x' },
  }));
/** Values as typed in the editor: padded, odd case, not canonical. */
const looseValue = fc.constantFrom(
  ' 2024-01-02 ',
  '2024-1-2',
  'Weekly',
  ' 0.5',
  '1',
  'x\u0008',
  '\u00e9',
  '',
);

const entryArb: fc.Arbitrary<Omit<Entry, 'id'>> = fc
  .tuple(
    entryBody(),
    fc.option(fc.array(videoNodes, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    fc.option(newsNodes, { nil: undefined }),
    fc.option(fc.array(extra, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    fc.option(fc.tuple(looseValue, looseValue, looseValue), { nil: undefined }),
    fc.option(fc.oneof(fc.constantFrom('', ' ', '# a note', 'not a url'), text), { nil: undefined }),
  )
  .map(([e, videos, news, extras, loose, loc]) => {
    const out: Omit<Entry, 'id'> = { ...e };
    if (videos !== undefined) out.videos = videos.map((nodes) => ({ nodes }));
    if (news !== undefined) out.news = [{ nodes: news }];
    if (extras !== undefined) out.extras = extras;
    if (loose !== undefined) [out.lastmod, out.changefreq, out.priority] = loose;
    if (loc !== undefined) out.loc = loc;
    return out;
  });

const docArb: fc.Arbitrary<SitemapDocument> = fc
  .tuple(
    fc.constantFrom<SitemapDocument['kind']>('urlset', 'urlset', 'sitemapindex', 'text'),
    fc.array(entryArb, { minLength: 0, maxLength: 12 }),
    fc.option(fc.array(extra, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  )
  .map(([kind, bodies, rootExtras]) => {
    const doc: SitemapDocument = {
      kind,
      entries: bodies.map((b, id) => ({ id, ...b })),
      nextId: bodies.length,
    };
    if (rootExtras !== undefined && kind !== 'text') doc.rootExtras = rootExtras;
    return doc;
  });

const limitsArb: fc.Arbitrary<ChunkLimits | null> = fc.option(
  fc.record({
    maxUrls: fc.integer({ min: 1, max: 6 }),
    maxBytes: fc.integer({ min: 200, max: 4000 }),
    maxNews: fc.integer({ min: 1, max: 3 }),
  }),
  { nil: null },
);

const optsArb = (kind: SitemapDocument['kind']): fc.Arbitrary<Opts> =>
  fc.record({
    pretty: fc.boolean(),
    lean: fc.boolean(),
    stripDeprecated: fc.boolean(),
    nonUrlLines: fc.constantFrom<'keep' | 'drop'>('keep', 'drop'),
    mode: kind === 'text' ? fc.constant('txt' as const) : fc.constantFrom<'xml' | 'txt'>('xml', 'xml', 'txt'),
    limits: limitsArb,
    stepped: fc.boolean(),
  });

describe('the piece writer writes what the string writer wrote', () => {
  it('on random documents: text, bytes, chunk plans and reports', () => {
    fc.assert(
      fc.property(
        docArb.chain((doc) => fc.tuple(fc.constant(doc), optsArb(doc.kind))),
        ([doc, o]) => same(doc, o),
      ),
      { numRuns: runs(400) },
    );
  });

  it('on a document longer than a batch, split by bytes and by count', () => {
    const entries: Entry[] = [];
    for (let i = 0; i < 3000; i++)
      entries.push({
        id: i,
        loc: `https://a.example/${i % 7 === 0 ? 'caf\u00e9/\u{1F600}' : 'p'}/${i}?q=1&r=${i}`,
        lastmod: i % 3 === 0 ? '2024-01-02T10:00:00+00:00' : undefined,
        changefreq: i % 5 === 0 ? 'weekly' : undefined,
        priority: i % 2 === 0 ? '0.5' : undefined,
        images: i % 11 === 0 ? [{ loc: `https://a.example/${i}.png`, caption: 'a\uD800 & b' }] : undefined,
      });
    const doc: SitemapDocument = { kind: 'urlset', entries, nextId: entries.length };
    const base = { pretty: true, lean: false, stripDeprecated: false, nonUrlLines: 'keep' as const };
    for (const limits of [null, { maxUrls: 700, maxBytes: 60_000, maxNews: 1000 }]) {
      for (const stepped of [false, true]) same(doc, { ...base, mode: 'xml', limits, stepped });
      same(doc, { ...base, mode: 'txt', limits, stepped: false });
    }
  });

  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const realDir = path.resolve(repoRoot, '../shared/fixtures/real');
  it.runIf(existsSync(realDir))(
    'on every real-world fixture, pretty and compact, with and without limits',
    () => {
      let files = 0;
      for (const name of readdirSync(realDir).sort()) {
        if (name === 'SOURCES.md') continue;
        const { document: doc } = parseSitemap(new Uint8Array(readFileSync(path.join(realDir, name))), {
          fileName: name,
        });
        if (doc.entries.length === 0) continue;
        files++;
        const mode = doc.kind === 'text' ? 'txt' : 'xml';
        for (const pretty of [true, false])
          for (const limits of [null, { maxUrls: 50, maxBytes: 20_000, maxNews: 1000 }])
            same(doc, {
              pretty,
              lean: false,
              stripDeprecated: !pretty,
              nonUrlLines: 'keep',
              mode,
              limits,
              stepped: false,
            });
      }
      expect(files).toBeGreaterThan(40);
    },
  );
});
