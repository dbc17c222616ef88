/**
 * A big parse's entry chunks posted while the parser still reads (core `EntryStream`): the page
 * files the first chunks while this thread parses the rest, instead of idling for the whole parse
 * (~2.3 s at 1,000,000 URLs; docs/perf.md, sessions 18 and 19). The chunks, their order, their
 * per-entry pass and the result are those `chunkEntries` (engine.ts) posts after a whole parse:
 * what only the end of the parse decides is handled so —
 *
 * - streaming starts once the reading passed `from` entries (the split validation's limit), so a
 *   smaller document goes the old way, validated whole in this thread;
 * - a reading the parser drops (a masked read that bails out: `abandon`) or whose entries are not
 *   the result's (the other entry kind won the majority, a parser error) is followed by a
 *   `restart` message: the page drops what it got, and the entries come again;
 * - the page sizes its validator's indexes by the first chunk's `total` and `hrefs`: here they are
 *   estimated from the share of the text read so far (the indexes grow if it falls short);
 * - the parsed bytes go with the first chunk only when the parser no longer reads them (not a
 *   masked read), else with the result.
 */
import { noneUsed, scanExtensionColumns, type UsedColumns } from '../core/extensionUse.ts';
import type { Entry, Issue, ValidationSettings } from '../core/model.ts';
import type { EntryStream } from '../core/parse.ts';
import { newEntryMemo } from '../core/rules/entry.ts';
import type { CheckedRun } from '../core/validate/checked.ts';
import type { Post, PostColumns } from './engine.ts';
import {
  chunkCutter,
  PARSE_CHUNK_MIN_CHARS,
  PARSE_ENTRY_CHUNK,
  PROTOCOL_VERSION,
  type ResultMessage,
  type WorkerResponse,
} from './protocol.ts';

/**
 * Of a split validation's entry chunks, the page runs the per-entry pass of every this-many-th
 * (in slices, while this thread runs it for the others): the pass is most of the validation's
 * CPU (bench/split-dev.ts). Since the chunks are posted while this thread still parses, the page
 * has the whole parse to file them and this thread is the open's critical path: the page takes
 * every second chunk's pass (every third up to session 18). Not for a text file: see `chunkEntries`.
 */
export const PAGE_PASS_EVERY = 2;

/** An estimate a little over `n` seen in `pos` of `length` characters, for the whole text. */
const scaledUp = (n: number, pos: number, length: number): number =>
  pos <= 0 ? n : Math.ceil((n * length * 1.02) / pos);

/** See the module comment. One per parse request. */
export class ChunkStream implements EntryStream {
  private list: readonly Entry[] = [];
  private kind: 'urlset' | 'sitemapindex' = 'urlset';
  private issues: readonly Issue[] = [];
  private length = 0;
  private raw = false;
  private cut = chunkCutter(PARSE_ENTRY_CHUNK, PARSE_CHUNK_MIN_CHARS);
  /** Chunk ends found and not posted yet. */
  private ends: number[] = [];
  /** Chunks posted of the current reading, and the first entry not posted. */
  private posted = 0;
  private next = 0;
  /** The entries' parse findings by entry id, and their hreflang links, so far. */
  private parse = new Map<number, Issue[]>();
  private hrefs = 0;
  private run: CheckedRun | null = null;
  private used: UsedColumns = noneUsed();
  private streaming = false;
  /** True once the parsed bytes went with a chunk (they are not sent again). */
  fileSent = false;

  /**
   * @param from streaming starts once the reading passed this many entries
   * @param settings the validation's, for the per-entry pass (none: entries only)
   * @param file the parsed bytes to hand back (`EntryColumnsMessage.file`)
   * @param postColumns posts one chunk (engine.ts)
   */
  constructor(
    private readonly post: Post,
    private readonly postColumns: PostColumns,
    private readonly requestId: number,
    private readonly from: number,
    private readonly settings: ValidationSettings | undefined,
    private readonly file: Uint8Array,
  ) {}

  start(
    kind: 'urlset' | 'sitemapindex',
    list: readonly Entry[],
    issues: readonly Issue[],
    length: number,
    raw: boolean,
  ): void {
    this.reset();
    this.kind = kind;
    this.list = list;
    this.issues = issues;
    this.length = length;
    this.raw = raw;
  }

  entry(from: number, to: number, pos: number): void {
    const list = this.list;
    const i = list.length - 1;
    const e = list[i];
    for (let j = from; j < to; j++) {
      const issue = this.issues[j];
      if (issue.entry === undefined) continue;
      const had = this.parse.get(issue.entry);
      if (had) had.push(issue);
      else this.parse.set(issue.entry, [issue]);
    }
    if (e.alternates !== undefined) this.hrefs += e.alternates.length;
    if (this.cut(e)) this.ends.push(i);
    if (!this.streaming) {
      if (list.length <= this.from) return;
      this.begin(pos);
    }
    for (const end of this.ends) this.postTo(end);
    this.ends.length = 0;
  }

  abandon(): void {
    if (this.posted > 0) this.restart();
    this.reset();
  }

  /**
   * After the parse: the result message to post once the rest of the streamed entries are posted
   * here, or null when the result goes the old way (`chunkEntries`): nothing was streamed, or the
   * streamed entries are not the result's (a `restart` is posted first). `msg` is the parse
   * result (with `file`), or an error.
   */
  finish(msg: WorkerResponse): WorkerResponse | null {
    if (!this.streaming) return null;
    const r = msg.type === 'result' && msg.kind === 'parse' ? msg : null;
    if (r === null || r.result.document.entries !== this.list || r.result.kind !== this.kind) {
      this.abandon();
      return null;
    }
    for (const end of this.ends) this.postTo(end);
    this.ends.length = 0;
    this.postTo(this.list.length);
    const { file, ...rest } = r.result;
    const result: ResultMessage = {
      ...r,
      result: {
        ...rest,
        ...(this.fileSent || !file ? {} : { file }),
        document: { ...r.result.document, entries: [] },
        used: this.used,
      },
      entryChunks: this.posted,
    };
    return result;
  }

  private begin(pos: number): void {
    this.streaming = true;
    if (this.settings === undefined) return;
    const total = scaledUp(this.list.length, pos, this.length);
    const hrefs = scaledUp(this.hrefs, pos, this.length);
    this.run = {
      kind: this.kind,
      settings: this.settings,
      total,
      hrefs,
      parse: this.parse,
      memo: newEntryMemo(),
    };
  }

  private postTo(end: number): void {
    const { list, next: start } = this;
    if (end <= start) return;
    scanExtensionColumns(list, this.used, start, end - start);
    // The bytes go first (see EntryColumnsMessage.file), unless the masked read still reads them.
    const file = this.posted === 0 && !this.raw && !this.fileSent ? this.file : undefined;
    if (file) this.fileSent = true;
    this.postColumns(
      this.post,
      this.requestId,
      list,
      start,
      end,
      this.posted,
      this.run,
      PAGE_PASS_EVERY,
      file,
    );
    this.posted++;
    this.next = end;
  }

  private restart(): void {
    this.post({ version: PROTOCOL_VERSION, requestId: this.requestId, type: 'restart' }, []);
  }

  private reset(): void {
    this.list = [];
    this.issues = [];
    this.cut = chunkCutter(PARSE_ENTRY_CHUNK, PARSE_CHUNK_MIN_CHARS);
    this.ends = [];
    this.posted = 0;
    this.next = 0;
    this.parse = new Map();
    this.hrefs = 0;
    this.run = null;
    this.used = noneUsed();
    this.streaming = false;
  }
}
