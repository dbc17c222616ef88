/**
 * Types of the core serializer (src/core/serialize.ts, CONTRACTS.md), restated here until that
 * module lands so the worker layer compiles on its own. Shapes must match the contract.
 */

/** One produced file. */
export interface OutputFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
  entries: number;
  uncompressedBytes: number;
}

/** Export options (see CONTRACTS.md core/serialize). */
export interface SerializeOptions {
  format?: 'xml' | 'txt' | 'xml.gz' | 'txt.gz' | 'zip';
  pretty?: boolean;
  lean?: boolean;
  stripDeprecated?: boolean;
  schemaHints?: boolean;
  keepStylesheet?: boolean;
  baseName?: string;
  publishUrl?: string;
  split?: { maxUrls?: number; maxBytes?: number };
  childFormat?: 'xml' | 'xml.gz' | 'txt' | 'txt.gz';
}
