/**
 * The per-file size limits, in one place: the protocol's hard limits (SIZE-001..003, NEWS-004)
 * and SIZE-005's headroom, which is also where an export splits unless told otherwise (OUT-008:
 * "default 45,000 entries / 45,000,000 bytes"), so the files an export writes never draw the
 * warning its own check gives. Read by the rules (`rules/size.ts`, `workspace/checks.ts`), the
 * exporter (`serialize.ts`), the CLI's `convert` and the Export dialog.
 */

/** At most this many entries per file (SIZE-001 / SIZE-003). */
export const MAX_URLS = 50_000;
/** At most this many bytes per file, uncompressed (SIZE-002 / SIZE-003): 50 MiB. */
export const MAX_BYTES = 52_428_800;
/** At most this many `news:news` elements per file (NEWS-004). */
export const MAX_NEWS = 1000;

/**
 * SIZE-005 warns on a file above either: more than 45,000 entries or 45,000,000 bytes. Where an
 * export splits by default (OUT-008), so its files pass SIZE-005.
 */
export const HEADROOM = { maxUrls: 45_000, maxBytes: 45_000_000 } as const;
