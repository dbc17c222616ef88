import { describe, expect, it } from 'vitest';
import type { Entry, SitemapDocument } from '../model.ts';
import { type BodyTap, type SerializeOptions, serializeFileSteps, serializeFiles } from '../serialize.ts';

const doc = (n: number, extra = false): SitemapDocument => ({
  kind: 'urlset',
  entries: Array.from(
    { length: n },
    (_, i): Entry => ({
      id: i,
      loc: `https://a.example/caf\u00e9/${i}`,
      ...(extra && i % 2 === 0 ? { images: [{ loc: `https://a.example/${i}.png` }] } : {}),
    }),
  ),
  nextId: n,
});

/** Records what the tap sees, per file. */
function recorder() {
  const bodies: number[][] = [];
  const heads: number[] = [];
  let restarts = 0;
  const tap: BodyTap = {
    body: (f, b) => {
      bodies[f] ??= [];
      for (const x of b) bodies[f].push(x);
    },
    file: (f, h) => {
      heads[f] = h;
    },
    restart: () => {
      restarts++;
    },
  };
  return { tap, bodies, heads, restarts: () => restarts };
}

function run(d: SitemapDocument, options: SerializeOptions, tap: BodyTap) {
  const steps = serializeFileSteps(d, options, tap);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

describe('serializeFileSteps with a body tap', () => {
  it.each([
    ['one xml file', doc(3000, true), { format: 'xml.gz', deferGzip: true }],
    [
      'split xml files + index',
      doc(3000, true),
      { format: 'xml.gz', deferGzip: true, split: { maxUrls: 1000 }, publishUrl: 'https://a.example/s.xml' },
    ],
    ['txt files', doc(2500), { format: 'txt.gz', deferGzip: true, split: { maxUrls: 1000 } }],
    ['no entries', doc(0), { format: 'xml', deferGzip: true }],
  ] as const)(
    '%s: prolog + tapped body + end tag are exactly the file bytes, output unchanged',
    (_, d, options) => {
      const r = recorder();
      const out = run(d, options, r.tap);
      expect(out).toEqual(serializeFiles(d, options));
      expect(r.restarts()).toBe(0);
      const streamed = r.heads.length;
      expect(streamed).toBe('publishUrl' in options ? out.files.length - 1 : out.files.length);
      const tail = options.format.startsWith('txt') ? '' : '</urlset>\n';
      for (let i = 0; i < streamed; i++) {
        const raw = out.files[i].bytes;
        const body = r.bodies[i] ?? [];
        expect(r.heads[i] + body.length + tail.length).toBe(raw.length);
        expect([...raw.subarray(r.heads[i], r.heads[i] + body.length)]).toEqual(body);
        expect(new TextDecoder().decode(raw.subarray(r.heads[i] + body.length))).toBe(tail);
      }
    },
  );

  it('a file over the byte limit makes the writer start over: restart, and nothing more is tapped', () => {
    const r = recorder();
    const d = doc(3000);
    const options = {
      format: 'xml.gz',
      deferGzip: true,
      split: { maxBytes: 40_000 },
      publishUrl: 'https://a.example/s.xml',
    } as const;
    const out = run(d, options, r.tap);
    expect(out).toEqual(serializeFiles(d, options));
    expect(r.restarts()).toBe(1);
    expect(r.heads).toEqual([]);
  });
});
