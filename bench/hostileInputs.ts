/**
 * The one home of the hostile inputs of issue 20: the generators (gzip and zip bombs, deep
 * nesting, namespace floods, raw-element floods, bidi URLs) and the named inputs that
 * `npm run bench:hostile` measures in the app and the CLI. The e2e suite (`e2e/hostile.spec.ts`)
 * and the unit tests build their (smaller) files with the same generators. Node only (zlib).
 */
import { constants, deflateRawSync, gzipSync } from 'node:zlib';

export const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const IMG = 'http://www.google.com/schemas/sitemap-image/1.1';
export const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
export const MiB = 1024 * 1024;

/** A urlset document around `body`, with extra root attributes (namespace declarations). */
export const urlset = (body: string, attrs = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"${attrs}>${body}</urlset>`;

/**
 * Raw deflate data inflating to `copies` × `chunkBytes` of 'a': the same byte-aligned block
 * (full flush, so every copy is identical) repeated, then an empty final block. ~1 KB per MiB.
 */
export function bombBlocks(copies: number, chunkBytes = MiB): Buffer {
  const block = deflateRawSync(Buffer.alloc(chunkBytes, 0x61), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  return Buffer.concat([...Array.from({ length: copies }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

/**
 * A one-member gzip bomb inflating to `copies` × `chunkBytes` (default MiB) of 'a'. The trailer
 * is zeroed: the cap must fire long before it. `gzipBomb(4096)` is ~4 MB and inflates to 4 GiB.
 */
export function gzipBomb(copies: number, chunkBytes = MiB): Uint8Array {
  const head = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  return new Uint8Array(Buffer.concat([head, bombBlocks(copies, chunkBytes), Buffer.alloc(8)]));
}

/** A zip with one deflated member `name` that declares 200 bytes and inflates to `mib` MiB. */
export function zipBomb(mib: number, member = 'bomb.xml'): Uint8Array {
  const data = bombBlocks(mib);
  const name = Buffer.from(member);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(200, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(200, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

/** `n` URLs whose loc and image loc each hold `?a&b` (three findings per URL: case 2). */
export function manyFindings(n: number): string {
  const body = Array.from(
    { length: n },
    (_, i) =>
      `<url><loc>https://a.example/${i}?a&b</loc><image:image><image:loc>https://a.example/${i}.jpg?a&b</image:loc></image:image></url>`,
  ).join('');
  return urlset(body, ` xmlns:image="${IMG}"`);
}

/** One URL whose video holds `depth` nested `<video:a>` (case 3), then `after` more URLs. */
export function deepVideo(depth: number, after = 0): string {
  const deep = `${'<video:a>'.repeat(depth)}x${'</video:a>'.repeat(depth)}`;
  const more = Array.from({ length: after }, (_, i) => `<url><loc>https://a.example/${i + 2}</loc></url>`);
  return urlset(
    `<url><loc>https://a.example/1</loc><video:video><video:title>t</video:title>${deep}</video:video></url>${more.join('')}`,
    ` xmlns:video="${VIDEO}"`,
  );
}

/** One URL holding `depth` nested unknown `<x>` elements (case 3). */
export function deepUnknown(depth: number): string {
  return urlset(`<url><loc>https://a.example/</loc>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</url>`);
}

/** `n` root declarations and `n` entries that each declare one namespace (case 4). */
export function nsSiblings(n: number): string {
  return urlset(
    Array.from(
      { length: n },
      (_, i) => `<url xmlns:p${i}="urn:${i}"><loc>https://a.example/${i}</loc></url>`,
    ).join(''),
    Array.from({ length: n }, (_, i) => ` xmlns:r${i}="urn:r${i}"`).join(''),
  );
}

/** One URL holding `n` nested elements, each declaring its own prefix (case 4). */
export function nsNested(n: number): string {
  const open = Array.from({ length: n }, (_, i) => `<p${i}:x xmlns:p${i}="urn:${i}">`).join('');
  const close = Array.from({ length: n }, (_, i) => `</p${n - 1 - i}:x>`).join('');
  return urlset(`<url><loc>https://a.example/</loc>${open}${close}</url>`);
}

/** One URL holding `n` empty foreign elements `<x:q/>`, each a kept raw element (case 5). */
export function rawElements(n: number): string {
  return urlset(`<url><loc>https://a.example/</loc>${'<x:q/>'.repeat(n)}</url>`, ' xmlns:x="urn:x"');
}

/** `n` lines of plain URLs (case 10). */
export function textLines(n: number): string {
  return Array.from({ length: n }, (_, i) => `https://a.example/${i}`).join('\n');
}

/** `n` URLs ending in a right-to-left override that spoofs `.exe` as `.jpg` (case 8). */
export function bidiUrls(n: number): string {
  return Array.from({ length: n }, (_, i) => `https://a.example/${i}\u202Egpj.exe`).join('\n');
}

/** A named input of `bench:hostile` and what the app shows once done with it. */
export interface HostileInput {
  name: string;
  bytes: () => Uint8Array;
  /** What the app shows when done: the grid's entry count, or a text on the page. */
  expect: { entries: number } | { text: RegExp };
}

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

/** The full-size inputs of issue 20, as measured by `npm run bench:hostile`. */
export const HOSTILE_INPUTS: HostileInput[] = [
  { name: 'findings-150k.xml', bytes: () => utf8(manyFindings(50_000)), expect: { entries: 50_000 } },
  { name: 'deep-video-5000.xml', bytes: () => utf8(deepVideo(5000)), expect: { entries: 1 } },
  { name: 'deep-unknown-200k.xml', bytes: () => utf8(deepUnknown(200_000)), expect: { entries: 1 } },
  { name: 'ns-siblings-16k.xml', bytes: () => utf8(nsSiblings(16_000)), expect: { entries: 16_000 } },
  {
    name: 'ns-nested-10k.xml.gz',
    bytes: () => new Uint8Array(gzipSync(nsNested(10_000))),
    expect: { entries: 1 },
  },
  {
    name: 'gzip-bomb-4GiB.xml.gz',
    bytes: () => gzipBomb(4096),
    expect: { text: /exceeds 200000000 bytes|GZ-006/ },
  },
  {
    name: 'raw-elements-60MB.xml.gz',
    bytes: () => new Uint8Array(gzipSync(rawElements(10_000_000), { level: 9 })),
    expect: { entries: 1 },
  },
  { name: 'zip-bomb-1GiB.zip', bytes: () => zipBomb(1024), expect: { text: /Left out of the archive/ } },
  { name: 'text-1M-lines.txt', bytes: () => utf8(textLines(1_000_000)), expect: { entries: 1_000_000 } },
  { name: 'bidi-50k.txt', bytes: () => utf8(bidiUrls(50_000)), expect: { entries: 50_000 } },
];
