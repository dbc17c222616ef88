/**
 * Output sink for the writers. The chunk writer pushes the pieces of its entries onto an array
 * (about {@link BATCH_PARTS} of them), joins them into one flat string and hands that batch to the
 * sink, which either encodes it straight into UTF-8 byte blocks or keeps it as a text block. Only
 * the current batch is alive at any time, so a large export does not leave a file-sized pile of
 * short strings (or rope nodes) for the garbage collector to promote and trace.
 */

/**
 * Batch size in pieces (about 400 entries of the 50k bench file, ~86 K UTF-16 units): the joined
 * batch of a plain export stays below V8's large-object size, so a garbage batch (bytes mode)
 * dies young instead of growing the old generation, which would start a full mark of the whole
 * document.
 */
export const BATCH_PARTS = 2048;

/**
 * The pieces of output the entry writers add (tags, values): joined once per batch by
 * {@link Pieces.take}. The array is overwritten from the start after each take and never
 * shrinks: an array emptied by `length = 0` drops its backing store and grows it again for every
 * batch (7 MB of garbage per 50k export, one more scavenge).
 *
 * @example const o = new Pieces(); o.add('<a>'); o.add('x'); o.take() // '<a>x'
 */
export class Pieces {
  /**
   * One instance kept for the life of the module, for its shape: V8 keeps the hidden class of an
   * instance with fields only while some instance lives, and drops the optimized code that
   * depends on a collected one. Without it, every export after a full GC (the bench runs one
   * before each timed run) started in unoptimized writers (session 16).
   */
  static readonly kept = new Pieces();
  private readonly items: string[] = [];
  /** Pieces added since the last take. */
  n = 0;

  add(s: string): void {
    this.items[this.n++] = s;
  }

  /** UTF-16 length of the pieces from index `from` on. */
  length(from: number): number {
    let len = 0;
    for (let k = from; k < this.n; k++) len += this.items[k].length;
    return len;
  }

  /** The text of the first `end` pieces, removed; the pieces after them move to the front. */
  take(end = this.n): string {
    const items = this.items;
    let text: string;
    if (end === this.n) {
      // Stale pieces of a longer batch past `end`: empty, so one join over the array is exact.
      if (end < items.length) items.fill('', end);
      text = items.join('');
    } else {
      text = items.slice(0, end).join('');
      for (let k = end; k < this.n; k++) items[k - end] = items[k];
    }
    this.n -= end;
    return text;
  }
}
const encoder = new TextEncoder();
/** A regex test flattens its subject: used to flatten a batch rope while its pieces are young. */
const FLATTEN = /^$/;
/** Byte block sizes: half of what was written so far, within these bounds. */
const MIN_BLOCK = 65_536;
const MAX_BLOCK = 4 << 20;

/**
 * Receives the body bytes of each output file while they are written, so a caller can compress
 * them before the whole export is done (see `serializeFileSteps`). Files are numbered from 0 in
 * output order; the generated sitemap index files are not tapped.
 *
 * @example const tap: BodyTap = { body: (f, b) => parts[f].push(b.slice()), file: () => {}, restart: () => {} };
 */
export interface BodyTap {
  /**
   * UTF-8 bytes appended to the body (the entries) of file `file`, in order. `bytes` is a view
   * into the writer's buffer, valid only during the call: copy what you keep.
   */
  body(file: number, bytes: Uint8Array): void;
  /**
   * File `file` is complete (called for every file, in order, after all entries are written):
   * its bytes are `headBytes` bytes of prolog (declaration, stylesheet, root start tag, root
   * extras), then exactly the tapped body bytes, then the end tag.
   */
  file(file: number, headBytes: number): void;
  /** The writer starts over (a file was over the byte limit): all tapped bytes are void, and nothing more is tapped. */
  restart(): void;
}

/**
 * Where the writers' batches go. `bytes` mode yields UTF-8 (same bytes as `TextEncoder`, batches
 * always end at entry boundaries so no surrogate pair is split), text mode the concatenation.
 *
 * @example const s = new OutputSink(true); s.write('ü'); s.bytes() // Uint8Array [0xc3, 0xbc]
 */
export class OutputSink {
  /** One instance kept for its shape (see {@link Pieces.kept}). */
  static readonly kept = new OutputSink(true, () => {});
  /** UTF-16 length of everything written. */
  chars = 0;
  /** Bytes encoded so far (bytes mode), over all of `full` and `block`. */
  pos = 0;
  /** Filled byte blocks (bytes mode) or text blocks (text mode). */
  private readonly full: Uint8Array[] = [];
  private readonly blocks: string[] = [];
  /** The block being filled and how much of it is used. */
  private block = new Uint8Array(0);
  private used = 0;

  /**
   * @param bytesMode encode to UTF-8 (true) or keep text.
   * @param tap bytes mode only: called with a view of each newly encoded run of bytes.
   */
  constructor(
    readonly bytesMode: boolean,
    private readonly tap?: (bytes: Uint8Array) => void,
  ) {}

  /** Append one batch of output. */
  write(text: string): void {
    if (text === '') return;
    this.chars += text.length;
    if (this.bytesMode) {
      this.encode(text);
      return;
    }
    // Kept as a rope, every piece of the batch would survive to the end (promoted, traced,
    // then flattened all at once); flattened now, the pieces die young. (The chunk writer's
    // batches are joined, so already flat: the test then costs nothing.)
    FLATTEN.test(text);
    this.blocks.push(text);
  }

  /** Encode into the current block, continuing in fresh blocks (fixed blocks: no regrowth copies). */
  private encode(text: string): void {
    let rest = text;
    for (;;) {
      const r = encoder.encodeInto(rest, this.block.subarray(this.used));
      if (this.tap !== undefined && r.written > 0)
        this.tap(this.block.subarray(this.used, this.used + r.written));
      this.used += r.written;
      this.pos += r.written;
      if (r.read === rest.length) return;
      rest = rest.slice(r.read);
      if (this.used > 0) this.full.push(this.block.subarray(0, this.used));
      const size = Math.min(MAX_BLOCK, Math.max(MIN_BLOCK, this.pos >> 1));
      this.block = new Uint8Array(size);
      this.used = 0;
    }
  }

  /** Total UTF-8 bytes of the output (bytes mode). */
  byteLength(): number {
    return this.pos;
  }

  /** Copy all output bytes into `out` at `offset` (bytes mode). */
  copyTo(out: Uint8Array, offset: number): void {
    let at = offset;
    for (const b of this.full) {
      out.set(b, at);
      at += b.length;
    }
    out.set(this.block.subarray(0, this.used), at);
  }

  /** All output as UTF-8 (bytes mode). */
  bytes(): Uint8Array {
    const out = new Uint8Array(this.pos);
    this.copyTo(out, 0);
    return out;
  }

  /** All output as text (text mode). */
  text(): string {
    return this.blocks.length === 1 ? this.blocks[0] : this.blocks.join('');
  }
}
