/**
 * Dev timing for full validation: median wall and CPU after warm-ups. Argument: `plain` (default,
 * plainDoc(50,000)), `intl` (non-ASCII), `worst` (worstDoc(50,000)) or `million` (the 1,000,000-URL
 * document of bench:browser: plainDoc(1,000,000), 2 images on every 10th URL, 3 alternates on every 25th).
 */
import type { Entry, SitemapDocument } from '../src/core/model.ts';
import { validateDocument } from '../src/core/validate.ts';
import { plainDoc, worstDoc } from './generate.ts';
import { medianRuns } from './measure.ts';

const SETTINGS = { now: Date.UTC(2026, 10, 21) };

/** The model of bench/browser/inputs.ts `million.xml.gz`. */
export function millionDoc(n = 1_000_000): SitemapDocument {
  const doc = plainDoc(n);
  const origin = 'https://www.example.com';
  doc.entries.forEach((e: Entry, i) => {
    if (i % 10 === 0)
      e.images = [
        { loc: `https://cdn.example.com/i/${i}-a.jpg` },
        { loc: `https://cdn.example.com/i/${i}-b.jpg` },
      ];
    if (i % 25 === 0) {
      const path = e.loc.slice(origin.length);
      e.alternates = ['de', 'fr', 'x-default'].map((l) => ({
        rel: 'alternate',
        hreflang: l,
        href: `${origin}${l === 'x-default' ? '' : `/${l}`}${path}`,
      }));
    }
  });
  return doc;
}

const which = process.argv[2] ?? 'plain';
if (process.argv[1]?.endsWith('validate-dev.ts')) {
  const doc =
    which === 'worst'
      ? worstDoc(50_000)
      : which === 'million'
        ? millionDoc()
        : plainDoc(50_000, which === 'intl');
  const big = which === 'million';
  const runs = Number(process.argv[3] ?? (big ? 5 : 21));
  let issues = 0;
  for (let i = 0; i < (big ? 1 : 4); i++) issues = validateDocument(doc, SETTINGS).length;
  const { ms, cpu } = medianRuns(() => validateDocument(doc, SETTINGS), runs);
  console.log(`${which}: issues=${issues} wall median=${ms.toFixed(1)}ms cpu median=${cpu.toFixed(1)}ms`);
}
