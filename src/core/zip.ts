/**
 * ZIP bundle of several export files, for transport only (OUT-011): search engines do not read
 * ZIP (GZ-001), the user unpacks before publishing.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { concatBytes } from './arrays.ts';

/** 1980-01-02T00:00:00Z: a fixed DOS timestamp so identical input gives identical archives. */
const FIXED_MTIME = 315_619_200_000;

/**
 * Bundle files into one ZIP. Already-compressed `.gz` members are stored, others deflated (level 6).
 * Members are added one by one by name (fflate's streaming `Zip`), never as keys of a plain
 * object, so any name (`__proto__`, `constructor`) is written as given.
 *
 * @example zipFiles([{ name: 'sitemap-1.xml', bytes }], { mtime: Date.UTC(2024, 5, 24) })
 */
export function zipFiles(
  files: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
  opts: { mtime?: number } = {},
): Uint8Array {
  const mtime = opts.mtime ?? FIXED_MTIME;
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else chunks.push(data);
  });
  for (const f of files) {
    const member = f.name.endsWith('.gz') ? new ZipPassThrough(f.name) : new ZipDeflate(f.name, { level: 6 });
    member.mtime = mtime;
    zip.add(member);
    member.push(f.bytes, true);
  }
  zip.end();
  if (failure) throw failure;
  return concatBytes(chunks);
}
