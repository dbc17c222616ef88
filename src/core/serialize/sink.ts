/**
 * Output sink for the writers. Strings are collected in a small batch that is flushed at entry
 * boundaries, either encoded straight into one growing UTF-8 buffer or joined into a text block.
 * Only the current batch of small strings is alive at any time, so a large export does not leave
 * a file-sized pile of short strings for the garbage collector to promote and trace.
 */
import { utf8Length } from './utf8.ts';

/**
 * Chars after which {@link OutputSink.atBoundary} flushes the batch: the joined batch stays below
 * V8's large-object size, so a garbage batch (bytes mode) dies young instead of growing the old
 * generation, which would start a full mark of the whole document.
 */
const BATCH_CHARS = 1 << 14;
const encoder = new TextEncoder();
/** Byte block sizes: half of what was written so far, within these bounds. */
const MIN_BLOCK = 65_536;
const MAX_BLOCK = 4 << 20;

/**
 * Where the writers put their output, one string at a time. `bytes` mode yields UTF-8
 * (same bytes as `TextEncoder`), text mode the joined strings.
 *
 * @example const s = new OutputSink(true); s.put('ü'); s.bytes() // Uint8Array [0xc3, 0xbc]
 */
export class OutputSink {
  /** Strings put since the last flush (they start at an entry boundary). */
  parts: string[] = [];
  /** UTF-16 length of `parts`. */
  private batchChars = 0;
  /** UTF-16 length of everything put: grows exactly when a non-empty string is put. */
  chars = 0;
  /** Bytes encoded so far (bytes mode), over all of `full` and `block`. */
  pos = 0;
  /** Filled byte blocks (bytes mode) or joined text blocks (text mode). */
  private readonly full: Uint8Array[] = [];
  private readonly blocks: string[] = [];
  /** The block being filled and how much of it is used. */
  private block = new Uint8Array(0);
  private used = 0;

  constructor(readonly bytesMode: boolean) {}

  put(s: string): void {
    this.parts.push(s);
    this.batchChars += s.length;
    this.chars += s.length;
  }

  /** Called between entries: flushes a full batch. */
  atBoundary(): void {
    if (this.batchChars >= BATCH_CHARS) this.flush(this.parts.length);
  }

  /** Encode / join `parts[0..upTo)`; the rest stays pending. */
  flush(upTo: number): void {
    if (upTo === 0) return;
    const all = upTo === this.parts.length;
    const head = all ? this.parts : this.parts.slice(0, upTo);
    const text = head.join('');
    this.parts = all ? [] : this.parts.slice(upTo);
    this.batchChars -= text.length;
    if (!this.bytesMode) {
      this.blocks.push(text);
      return;
    }
    this.encode(text);
  }

  /** Encode into the current block, continuing in fresh blocks (fixed blocks: no regrowth copies). */
  private encode(text: string): void {
    let rest = text;
    for (;;) {
      const r = encoder.encodeInto(rest, this.block.subarray(this.used));
      this.used += r.written;
      this.pos += r.written;
      if (r.read === rest.length) return;
      rest = rest.slice(r.read);
      if (this.used > 0) this.full.push(this.block.subarray(0, this.used));
      const size = Math.min(MAX_BLOCK, Math.max(MIN_BLOCK, this.pos >> 1));
      this.block = new Uint8Array(Math.max(size, 4));
      this.used = 0;
    }
  }

  /** Total UTF-8 bytes of the output (bytes mode; flushes the batch). */
  byteLength(): number {
    this.flush(this.parts.length);
    return this.pos;
  }

  /** Copy all output bytes into `out` at `offset` (bytes mode). */
  copyTo(out: Uint8Array, offset: number): void {
    this.flush(this.parts.length);
    let at = offset;
    for (const b of this.full) {
      out.set(b, at);
      at += b.length;
    }
    out.set(this.block.subarray(0, this.used), at);
  }

  /** Exact UTF-8 bytes of `parts[from..]` (not yet flushed). */
  pendingBytes(from: number): number {
    let n = 0;
    for (let i = from; i < this.parts.length; i++) n += utf8Length(this.parts[i]);
    return n;
  }

  /** Remove and return the pending parts from index `from` on. */
  cut(from: number): string[] {
    const moved = this.parts.slice(from);
    this.parts.length = from;
    for (const p of moved) {
      this.batchChars -= p.length;
      this.chars -= p.length;
    }
    return moved;
  }

  /** All output as UTF-8 (bytes mode). */
  bytes(): Uint8Array {
    this.flush(this.parts.length);
    const out = new Uint8Array(this.pos);
    this.copyTo(out, 0);
    return out;
  }

  /** All output as text (text mode). */
  text(): string {
    this.flush(this.parts.length);
    return this.blocks.length === 1 ? this.blocks[0] : this.blocks.join('');
  }
}
