/**
 * CPU profile of the sitemap worker (and the page) during one open in the bench build:
 * `npx tsx bench/browser/workerProfile.ts <dist> [input] [runs]`, served on BENCH_PORT (default
 * 4423) with inputs as stored (bench/out/inputs/v1). THINK=<ms>: wait that long after the app is
 * ready before opening (a user choosing a file; default 0, as bench:browser opens). Prints, per
 * thread, the top self-time functions (source-mapped) and the by-file split, with
 * `(program)` / `(garbage collector)` apart: on a cold open much of `(program)` is V8 compiling.
 */
import { resolve } from 'node:path';
import { type CDPSession, chromium } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/find-browser.mjs';
import { probePage, ROOT, serveDir } from './serve.ts';
import { labeler, type Profile, type ProfileNode } from './trace.ts';

const dist = resolve(process.argv[2] ?? 'bench/out/dist');
const input = process.argv[3] ?? '/bench-in/plain.xml.gz';
const runs = Number(process.argv[4] ?? 1);
const port = Number(process.env.BENCH_PORT ?? 4423);
const base = `http://127.0.0.1:${port}`;
const label = labeler(dist, base);

function print(name: string, profile: Profile): void {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id) as ProfileNode | undefined;
    if (!node) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const key = label(node.callFrame);
    if (key === '(idle)') return;
    total += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
    const file = key.includes(' ') ? key.slice(key.indexOf(' ') + 1).replace(/:\d+$/, '') : key;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  });
  console.log(`  ${name}: ${total.toFixed(0)} ms sampled; top self:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25)))
    console.log(`    ${ms.toFixed(1).padStart(7)}  ${k}`);
  console.log('  by file:');
  for (const [k, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 14))
    console.log(`    ${ms.toFixed(1).padStart(7)}  ${k}`);
  // INCL=fnA,fnB: inclusive (self + callees) sampled time of the functions so named, and its share.
  const names = process.env.INCL?.split(',').filter(Boolean);
  if (!names?.length) return;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>(names.map((n) => [n, 0]));
  const keyOf = new Map<number, string | undefined>();
  const keyAt = (at: number) => {
    if (!keyOf.has(at)) {
      const f = byId.get(at)?.callFrame;
      keyOf.set(at, f && names.find((n) => label(f).startsWith(`${n} `) || f.functionName === n));
    }
    return keyOf.get(at);
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyAt(at);
      if (key && !seen.has(key)) {
        seen.add(key);
        incl.set(key, (incl.get(key) ?? 0) + ms);
      }
    }
  });
  console.log('  inclusive:');
  for (const [k, ms] of incl)
    console.log(`    ${ms.toFixed(1).padStart(7)}  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

type Session = Pick<CDPSession, 'send'>;
let browserCdp: CDPSession | null = null;
/** The dedicated workers' targets, each as a session (Playwright gives none for workers). */
async function workerSessions(): Promise<Session[]> {
  browserCdp ??= await browser.newBrowserCDPSession();
  const cdp = browserCdp;
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: Array<{ targetId: string; type: string; url: string }>;
  };
  const out: Session[] = [];
  let nextId = 1;
  const waiting = new Map<number, (v: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (ev: { message: string }) => {
    const msg = JSON.parse(ev.message) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  for (const t of targetInfos.filter((x) => x.type === 'worker' && x.url.includes('sitemap.worker'))) {
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: t.targetId,
      flatten: false,
    })) as {
      sessionId: string;
    };
    out.push({
      send: ((method: string, params?: object) => {
        const id = nextId++;
        const p = new Promise((ok) => waiting.set(id, ok));
        void cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        });
        return p;
      }) as Session['send'],
    });
  }
  return out;
}

const server = await serveDir(dist, port, resolve(ROOT, 'bench/out/inputs/v1'));
const found = await findBrowser();
const browser = await chromium.launch({ executablePath: found?.path, args: CHROMIUM_ARGS });
try {
  for (let i = 0; i < runs; i++) {
    const page = await probePage(browser);
    await page.goto(`${base}/`);
    await page.waitForFunction('window.__probe && window.__probe.ready()');
    await page.evaluate(`__probe.load(${JSON.stringify(input)})`);
    await page.waitForTimeout(Number(process.env.THINK ?? 0));
    const sessions: Session[] = [await page.context().newCDPSession(page), ...(await workerSessions())];
    for (const s of sessions) {
      await s.send('Profiler.enable');
      await s.send('Profiler.setSamplingInterval', { interval: 250 });
      await s.send('Profiler.start');
    }
    const r = (await page.evaluate(`__probe.open(${JSON.stringify(input)}, "plain.xml.gz")`)) as {
      ms: number;
    };
    console.log(`open: wall ${r.ms.toFixed(0)} ms (THINK ${process.env.THINK ?? 0} ms)`);
    for (const [k, s] of sessions.entries()) {
      const { profile } = (await s.send('Profiler.stop')) as { profile: Profile };
      print(k === 0 ? 'page main thread' : `worker ${k}`, profile);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
}
