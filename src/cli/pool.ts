/**
 * Check workers (issue #19): `check` reads, parses and validates the files of a tree on a pool of
 * worker threads (one per core by default, `--jobs N`), while the main thread follows indexes,
 * merges each file's compact facts into the cross-file index in queue order and prints. A worker
 * gets one file at a time and answers with that file's {@link FileOutcome} (report, typed arrays
 * of hashes: transferred, not copied), with "index" for an index or robots.txt being followed
 * (the main thread reads those itself: it needs their entries), or with the read error.
 *
 * The workers run this same module: in the built CLI the bundle (import.meta.url is cli.mjs),
 * from sources (tsx, vitest) this file through tsx's loader.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type FileArgs, type FileOutcome, outcomeOf } from './checkFile.ts';
import { readStreamed, sourceText } from './readStreamed.ts';
import { reclaimer } from './reclaim.ts';

/** One file for a worker. */
export interface Job {
  path: string;
  name: string;
  publishUrl?: string;
  /** Follow indexes and robots.txt (the worker then answers "index" for them). */
  follow: boolean;
  withEntries: boolean;
  /** Window of the streamed reading (tests). */
  window?: number;
  args: FileArgs;
  now: number;
}

/** A worker's answer. */
export type Reply =
  | { kind: 'done'; outcome: FileOutcome }
  | { kind: 'index' }
  | { kind: 'error'; error: { code?: string; message: string } };

type Message = { id: number; reply: Reply } | { id: number; crash: string };

const MARK = 'sitemap-workbench check worker';

/** Workers `check` uses by default: one per core, at most 8. */
export function defaultJobs(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

/**
 * Young generation of each worker (MB): V8's default (48 MB on 64-bit) let the 1M tree peak at
 * up to 310 MB with two workers; 16 MB keeps it at ~250 MB for no CPU we could measure.
 */
const YOUNG_MB = 16;

/**
 * The parent's Node options a worker can take: without `--input-type` and `-e`/`-p` code (a
 * worker started from `node --input-type=module -e …`, as the bench does, would fail with them).
 */
export function workerExecArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print' || a === '--input-type') i++;
    else if (!/^(--input-type|--eval|--print)=/.test(a)) out.push(a);
  }
  return out;
}

function spawn(): Worker {
  const url = import.meta.url;
  const workerData = { [MARK]: true };
  const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_MB };
  const execArgv = workerExecArgv(process.execArgv);
  if (!url.endsWith('.ts')) return new Worker(new URL(url), { workerData, resourceLimits, execArgv });
  // From sources: load this file through tsx's loader (tests and `npm run cli`).
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits, execArgv });
}

/** A fixed set of workers, each doing one job at a time; jobs wait for a free worker. */
export class CheckPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly waiting: Array<() => void> = [];
  private readonly calls = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  private nextId = 0;
  private broken: Error | null = null;
  /** Files the workers answered for. */
  done = 0;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) {
      const w = spawn();
      w.on('message', (m: Message) => this.answer(w, m));
      w.on('error', (e) => this.fail(e));
      w.on('exit', () => this.fail(new Error('check worker exited')));
      this.all.push(w);
      this.idle.push(w);
    }
  }

  /** Run `job` on the next free worker; rejects when the pool broke (the caller then checks the file itself). */
  async run(job: Job): Promise<Reply> {
    while (this.idle.length === 0 && this.broken === null)
      await new Promise<void>((r) => this.waiting.push(r));
    if (this.broken !== null) throw this.broken;
    const w = this.idle.pop() as Worker;
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.calls.set(id, {
        resolve: (r) => {
          this.release(w);
          resolve(r);
        },
        reject,
      });
      w.postMessage({ id, job });
    });
  }

  private release(w: Worker): void {
    this.idle.push(w);
    this.waiting.shift()?.();
  }

  private answer(w: Worker, m: Message): void {
    const call = this.calls.get(m.id);
    if (call === undefined) return;
    this.calls.delete(m.id);
    if ('crash' in m) {
      this.release(w);
      call.reject(new Error(m.crash));
    } else {
      this.done++;
      call.resolve(m.reply);
    }
  }

  private fail(e: Error): void {
    if (this.broken !== null) return;
    this.broken = e;
    for (const call of this.calls.values()) call.reject(e);
    this.calls.clear();
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Stop every worker. */
  async close(): Promise<void> {
    this.broken ??= new Error('pool closed');
    await Promise.all(this.all.map((w) => w.terminate()));
  }
}

/** The worker side: check each file it is sent (see the module comment). */
function serve(): void {
  const port = parentPort;
  if (port === null) return;
  const reclaim = reclaimer();
  port.on('message', async ({ id, job }: { id: number; job: Job }) => {
    reclaim?.(); // the previous file's document is garbage now
    let reply: Reply;
    try {
      let parsed: Awaited<ReturnType<typeof readStreamed>>['result'];
      try {
        parsed = (await readStreamed(job.path, job.name, undefined, job.window)).result;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        const error = { message: (e as Error).message, ...(code !== undefined ? { code } : {}) };
        port.postMessage({ id, reply: { kind: 'error', error } } satisfies Message);
        return;
      }
      const kind = parsed.document.kind;
      if (job.follow && (kind === 'sitemapindex' || kind === 'robots')) reply = { kind: 'index' };
      else {
        const outcome = outcomeOf(job.name, parsed, job.publishUrl, job.args, job.now, [], {
          withEntries: job.withEntries,
          cross: job.follow,
          source: () => sourceText(job.path),
        });
        reply = { kind: 'done', outcome };
      }
    } catch (e) {
      port.postMessage({ id, crash: (e as Error).stack ?? String(e) } satisfies Message);
      return;
    }
    const f = reply.kind === 'done' ? reply.outcome.facts : null;
    const transfer = f
      ? [f.keyA, f.keyB, f.lines, f.columns, f.ends, f.edgeRow, f.edgeA, f.edgeB, f.edgeAlt].map(
          (a) => a.buffer as ArrayBuffer,
        )
      : [];
    port.postMessage({ id, reply } satisfies Message, transfer);
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK] === true) serve();
