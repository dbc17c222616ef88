/**
 * ZIP bundle of several export files, for transport only (OUT-011): search engines do not read
 * ZIP (GZ-001), the user unpacks before publishing.
 */
import { type Zippable, zipSync } from 'fflate';

/** 1980-01-02T00:00:00Z: a fixed DOS timestamp so identical input gives identical archives. */
const FIXED_MTIME = 315_619_200_000;

/**
 * Bundle files into one ZIP. Already-compressed `.gz` members are stored, others deflated (level 6).
 *
 * @example zipFiles([{ name: 'sitemap-1.xml', bytes }], { mtime: Date.UTC(2024, 5, 24) })
 */
export function zipFiles(
  files: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
  opts: { mtime?: number } = {},
): Uint8Array {
  const mtime = opts.mtime ?? FIXED_MTIME;
  const tree: Zippable = {};
  for (const f of files) tree[f.name] = [f.bytes, { level: f.name.endsWith('.gz') ? 0 : 6, mtime }];
  return zipSync(tree);
}
