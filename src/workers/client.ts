import type { Issue, ParseResult, SitemapDocument } from '../core/model.ts';
import type { OutputFile, SerializeOptions } from './coreTypes.ts';

/** Progress callback: `done` of `total` units of the named phase. */
export type ProgressFn = (phase: string, done: number, total: number) => void;

/**
 * Main-thread face of the sitemap worker. Every call may be cancelled with an AbortSignal
 * (the promise then rejects with an `AbortError` DOMException-like error and the result is
 * dropped). `parse` takes ownership of `bytes` (its buffer is transferred to the worker).
 */
export interface SitemapClient {
  parse(
    bytes: Uint8Array,
    fileName: string,
    onProgress?: ProgressFn,
    signal?: AbortSignal,
  ): Promise<ParseResult>;
  serialize(
    doc: SitemapDocument,
    options: SerializeOptions,
    onProgress?: ProgressFn,
    signal?: AbortSignal,
  ): Promise<{ files: OutputFile[]; issues: Issue[] }>;
}
