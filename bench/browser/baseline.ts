/**
 * Baseline page of `npm run bench:browser`: the same input bytes through fast-xml-parser,
 * DOMParser and our parser, in the same page (main thread), timed with performance.now().
 */
import { XMLParser } from 'fast-xml-parser';
import { parseSitemap } from '../../src/core/parse.ts';
import { Validator } from '../../src/core/validate.ts';

type Parser = 'fast-xml-parser' | 'DOMParser' | 'ours (parseSitemap)' | 'ours (parse + Validator.load)';

function run(parser: Parser, bytes: Uint8Array): number {
  if (parser === 'fast-xml-parser') {
    const text = new TextDecoder().decode(bytes);
    const out = new XMLParser({ ignoreAttributes: false }).parse(text) as { urlset?: { url?: unknown[] } };
    return out.urlset?.url?.length ?? 0;
  }
  if (parser === 'DOMParser') {
    const text = new TextDecoder().decode(bytes);
    const dom = new DOMParser().parseFromString(text, 'application/xml');
    const urls = dom.getElementsByTagName('url');
    let n = 0;
    for (let i = 0; i < urls.length; i++) if (urls[i].getElementsByTagName('loc')[0]?.textContent) n++;
    return n;
  }
  const result = parseSitemap(bytes, { fileName: 'bench.xml' });
  if (parser === 'ours (parse + Validator.load)') {
    new Validator({ crossSubmission: false, now: Date.now() }).load(result.document, result.issues);
  }
  return result.document.entries.length;
}

const files = new Map<string, Uint8Array>();

/** Fetches `url` once, before any clock starts. */
async function load(url: string): Promise<number> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  files.set(url, bytes);
  return bytes.length;
}

/** Times one parse of `url`'s bytes (see `load`). */
function time(parser: Parser, url: string): { ms: number; entries: number } {
  const bytes = files.get(url) ?? new Uint8Array();
  const t0 = performance.now();
  const entries = run(parser, bytes);
  return { ms: performance.now() - t0, entries };
}

(globalThis as { __baseline?: unknown }).__baseline = { load, time };
