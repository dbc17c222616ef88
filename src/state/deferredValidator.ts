/**
 * The core validator with its code loaded after the first screen (issue #18: the rules and the
 * validator are a quarter of the app's code; the empty state, drop zone and top bar need none of
 * it). `createValidatorLoader(load)` starts loading at once and gives a `ValidatorFactory`:
 *
 * - once the code is there, the factory returns plain core `Validator`s;
 * - before, it returns a stand-in that answers from the parse issues alone (what an empty or
 *   just-created document has) and records every change it is given, in call order across all
 *   stand-ins. When the code arrives each stand-in gets its real validator and the recorded calls
 *   are replayed on them in the same order, so the result is exactly what the core validator would
 *   have held had it been there from the start; `ready` then says whether anything was replayed
 *   (the stores re-render to show it).
 *
 * The browser wiring (browserDeps.ts) also holds every parse and every restore back until the code
 * is there (`after`), so real documents never meet a stand-in: in practice only a blank
 * "New sitemap" clicked in the first moments does.
 */
import type { Entry, Issue, SitemapDocument, ValidationSettings } from '../core/model.ts';
import type { Patch } from '../core/patch.ts';
import type { ValidationSnapshot, Validator } from '../core/validate.ts';
import { createParseIssuesValidator, type ValidatorFactory, type ValidatorLike } from './validation.ts';

/** The core `Validator` class (from a dynamic `import('../core/validate.ts')`). */
export type ValidatorClass = new (settings: ValidationSettings) => Validator;

type CrawlJoin = Parameters<Validator['setCrawl']>[0];

/** A `ValidatorFactory` whose code loads in the background; see the module comment. */
export interface ValidatorLoader {
  factory: ValidatorFactory;
  /** Settles once the code is there (true when recorded calls were replayed) or failed to load. */
  ready: Promise<boolean>;
  /** `p`'s result, handed over only once the validator code is there (rejects if it cannot load). */
  after<T>(p: Promise<T>): Promise<T>;
}

/**
 * Start loading the validator code and return its factory.
 *
 * @example
 * const v = createValidatorLoader(() => import('../core/validate.ts').then((m) => m.Validator));
 * const worker = Object.create(client); // the client's getters stay live
 * worker.parse = (...a) => v.after(client.parse(...a));
 * createStoreWith({ ...deps, worker, createValidator: v.factory });
 */
export function createValidatorLoader(load: () => Promise<ValidatorClass>): ValidatorLoader {
  let Real: ValidatorClass | null = null;
  /** Stand-ins made before the code arrived, and every change they were given, in order. */
  let waiting: Deferred[] = [];
  let log: Array<() => void> = [];
  const code = load();
  const ready = code.then(
    (V) => {
      Real = V;
      for (const d of waiting) d.target = new V(d.initial);
      const replayed = log.length > 0;
      for (const call of log) call();
      for (const d of waiting) d.settle();
      waiting = [];
      log = [];
      return replayed;
    },
    () => false,
  );
  return {
    factory(settings) {
      if (Real) return new Real(settings);
      const d = new Deferred(settings, log);
      waiting.push(d);
      return d;
    },
    ready,
    after: (p) => Promise.all([p, code]).then(([r]) => r),
  };
}

/** A stand-in until the core code is there (one per `factory` call made before). */
class Deferred implements ValidatorLike {
  /** The core validator, once the code is there (set by the loader, before the replay). */
  target: Validator | null = null;
  private readonly early = createParseIssuesValidator();
  /** `version` after the switch: above every version the stand-in reported. */
  private base = 0;

  constructor(
    readonly initial: ValidationSettings,
    private readonly log: Array<() => void>,
  ) {}

  /** Called once the replay is done. */
  settle(): void {
    this.base = this.early.version + 1;
  }

  private now(): ValidatorLike {
    return this.target ?? this.early;
  }

  /** Run `call` on the core validator, now or (recorded) once the code is there. */
  private change(call: (v: Validator) => void, early: () => void): void {
    if (this.target && this.base > 0) {
      call(this.target);
      return;
    }
    early();
    this.log.push(() => call(this.target!));
  }

  load(doc: SitemapDocument, parseIssues: readonly Issue[] = []): void {
    this.change(
      (v) => v.load(doc, parseIssues),
      () => this.early.load(doc, parseIssues),
    );
  }

  *loadSteps(
    doc: SitemapDocument,
    parseIssues: readonly Issue[] = [],
    chunk?: number,
  ): Generator<number, void> {
    if (this.target) return yield* this.target.loadSteps(doc, parseIssues, chunk);
    this.load(doc, parseIssues);
  }

  loadFrom(
    doc: SitemapDocument,
    parseIssues: readonly Issue[],
    settings: ValidationSettings,
    snapshot: ValidationSnapshot,
  ): void {
    this.change(
      (v) => v.loadFrom(doc, parseIssues, settings, snapshot),
      () => this.early.load(doc, parseIssues),
    );
  }

  *finishSteps(): Generator<number, void> {
    if (this.target) yield* this.target.finishSteps();
  }

  apply(change: Patch): void {
    this.change(
      (v) => v.apply(change),
      () => this.early.apply(change),
    );
  }

  setSettings(settings: ValidationSettings): void {
    this.change(
      (v) => v.setSettings(settings),
      () => this.early.setSettings(settings),
    );
  }

  rescopeSteps(...args: Parameters<Validator['rescopeSteps']>): ReturnType<Validator['rescopeSteps']> {
    // Before the code is there (or its replay), a fresh validator re-checks: nothing in place.
    return this.target && this.base > 0 ? this.target.rescopeSteps(...args) : null;
  }

  parseFindings(): Issue[] {
    // Until the code is there the stand-in holds the parse issues and nothing else.
    return this.target && this.base > 0 ? this.target.parseFindings() : this.early.all();
  }

  clear(): void {
    this.change(
      (v) => v.clear(),
      () => this.early.load({ kind: 'urlset', entries: [], nextId: 0 }, []),
    );
  }

  adopt(other: ValidatorLike): void {
    const from = other instanceof Deferred ? other : null;
    this.change(
      (v) => v.adopt((from ? from.target : other) as Validator),
      // The stand-in takes over what `other` answers: the parse issues it was loaded with.
      () => from && this.early.adopt?.(from.early),
    );
  }

  setCrossFileNotes(notes: ReadonlyMap<number, number> | null): void {
    // The stand-in answers parse issues only: it holds no HREF-006 note to revise.
    this.change(
      (v) => v.setCrossFileNotes(notes),
      () => undefined,
    );
  }

  setCrossFileIssues(issues: readonly Issue[] | null): void {
    // The stand-in answers parse issues only (no workspace is built over it); the replay hands them on.
    this.change(
      (v) => v.setCrossFileIssues(issues),
      () => undefined,
    );
  }

  setCrawl(join: CrawlJoin): void {
    this.change(
      (v) => v.setCrawl(join),
      () => undefined,
    );
  }

  *setCrawlSteps(...args: Parameters<Validator['setCrawlSteps']>): Generator<number, void> {
    // Every argument goes on (the crawl worker's matches too).
    if (this.target) return yield* this.target.setCrawlSteps(...args);
    const [join] = args;
    this.setCrawl(join);
  }

  issuesOf(entryId: number): readonly Issue[] {
    return this.now().issuesOf(entryId);
  }
  documentIssues(): readonly Issue[] {
    return this.now().documentIssues();
  }
  all(): Issue[] {
    return this.now().all();
  }
  counts(): ReturnType<Validator['counts']> {
    return this.now().counts();
  }
  entriesWithRule(rule: string): number[] {
    return this.now().entriesWithRule(rule);
  }
  *entriesWithRuleSteps(rule: string, chunk?: number): Generator<number, number[]> {
    if (this.target) return yield* this.target.entriesWithRuleSteps(rule, chunk);
    return this.early.entriesWithRule(rule);
  }
  worstSeverity(entryId: number): ReturnType<Validator['worstSeverity']> {
    return this.now().worstSeverity(entryId);
  }
  quietIssues(rule: string): Issue[] {
    return this.target?.quietIssues(rule) ?? [];
  }
  crawlJoin(): CrawlJoin {
    return this.target?.crawlJoin() ?? null;
  }
  crawlJoinsRows(): boolean {
    return this.target?.crawlJoinsRows() ?? true;
  }
  crawlRowOf(entryId: number): number {
    return this.target?.crawlRowOf(entryId) ?? -1;
  }
  crawlRowsOf(entries: readonly Entry[]): Int32Array {
    return this.target?.crawlRowsOf(entries) ?? new Int32Array(entries.length).fill(-1);
  }
  *crawlRowsOfSteps(entries: readonly Entry[], chunk?: number): Generator<void, Int32Array> {
    if (this.target) return yield* this.target.crawlRowsOfSteps(entries, chunk);
    return new Int32Array(entries.length).fill(-1);
  }
  crawlScope(): string {
    return this.target?.crawlScope() ?? '';
  }
  get version(): number {
    return this.target && this.base > 0 ? this.base + this.target.version : this.early.version;
  }
}
