/**
 * Does Chromium's V8 allocate slot-like objects in the old generation once they all survive?
 * `npx tsx bench/browser/pretenure-dev.ts`: in a blank page, 1,000,000 objects of the validator
 * slot's 19 fields, kept alive, made by `new` of a class, by an object literal, and by an object
 * literal with the class's prototype (`__proto__`); per mode the page's scavenges (count, Σ thread
 * CPU) from a trace, each mode in a fresh page, alternating.
 */
import { chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import type { TraceEvent } from './trace.ts';

const BODY = `
class Slot {
  exact = ''; familyHash = 0; origin = null; day = null; dateOnly = false; priority = null;
  hasChangefreq = false; hasPriority = false; bytes = 0; newsCount = 0; newsName = null;
  offHostImages = 0; href = null; derived = undefined; crawlRow = -1; joined = null; x = null;
  constructor(entry, seq) { this.entry = entry; this.seq = seq; }
  get dup() { return this.x === null ? [] : this.x.dup; }
}
const P = Slot.prototype;
function lit(entry, seq) {
  return { exact: '', familyHash: 0, origin: null, day: null, dateOnly: false, priority: null,
    hasChangefreq: false, hasPriority: false, bytes: 0, newsCount: 0, newsName: null, offHostImages: 0,
    href: null, derived: undefined, crawlRow: -1, joined: null, x: null, entry, seq };
}
function proto(entry, seq) {
  return { __proto__: P, exact: '', familyHash: 0, origin: null, day: null, dateOnly: false, priority: null,
    hasChangefreq: false, hasPriority: false, bytes: 0, newsCount: 0, newsName: null, offHostImages: 0,
    href: null, derived: undefined, crawlRow: -1, joined: null, x: null, entry, seq };
}
const make = MODE === 'class' ? (e, s) => new Slot(e, s) : MODE === 'lit' ? lit : proto;
window.keep = [];
const entries = [];
for (let i = 0; i < 1000000; i++) entries.push(i);
let chunk = 0;
await new Promise((done) => {
  const step = () => {
    for (let i = 0; i < 2500; i++) {
      const seq = chunk * 2500 + i;
      const s = make(entries[seq], seq);
      s.exact = 'https://a.example/';
      s.familyHash = Math.imul(seq, 2654435761) | 0;
      s.bytes = 24;
      window.keep.push(s);
    }
    if (++chunk < 400) setTimeout(step, 0);
    else done();
  };
  step();
});
`;

const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
try {
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
    for (const mode of ['class', 'proto', 'lit']) {
      const page = await browser.newPage();
      await page.goto('about:blank');
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      await page.evaluate(`(async () => { const MODE = ${JSON.stringify(mode)}; ${BODY} })()`);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const scav = trace.traceEvents.filter((e) => e.name === 'MinorGC' && e.ph === 'X');
      const cpu = scav.reduce((n, e) => n + (e.tdur ?? 0) / 1000, 0);
      const max = Math.max(0, ...scav.map((e) => (e.tdur ?? 0) / 1000));
      console.log(`${mode}: scavenges ${scav.length}, Σ ${cpu.toFixed(0)} ms CPU, longest ${max.toFixed(0)}`);
      await page.close();
    }
} finally {
  await browser.close();
}
