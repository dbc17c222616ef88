/**
 * Reading a dropped .zip of sitemap files into named byte arrays for a workspace (issue 7).
 * Parsing each file is the caller's job (`parseSitemap`), so this module stays small.
 */
import { unzipSync } from 'fflate';

/** Options of {@link readZipFiles}. */
export interface ReadZipOptions {
  /** Cap on the summed uncompressed size of the extracted files, in bytes. Default 200,000,000. */
  maxBytes?: number;
}

/** Result of {@link readZipFiles}. Never thrown: a broken archive comes back as `error`. */
export interface ZipFiles {
  /** Extracted files in archive order; names keep their folders (`fr/sitemap.xml`). */
  files: Array<{ name: string; bytes: Uint8Array }>;
  /** Entries left out, with the reason (folder, system file, unsupported compression, over the cap). */
  skipped: Array<{ name: string; reason: string }>;
  error?: string;
}

const SYSTEM = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|\._)/;

/**
 * Extract the files of a ZIP archive, skipping folders, macOS/Windows system files, entries
 * compressed with anything but stored/deflate, and everything past `maxBytes` (zip bombs).
 *
 * @example readZipFiles(bytes).files.map((f) => f.name) // ['sitemap.xml', 'fr/sitemap.xml']
 */
export function readZipFiles(zip: Uint8Array, options: ReadZipOptions = {}): ZipFiles {
  const maxBytes = options.maxBytes ?? 200_000_000;
  const skipped: ZipFiles['skipped'] = [];
  let total = 0;
  try {
    const unzipped = unzipSync(zip, {
      filter(file) {
        let reason: string | undefined;
        if (file.name.endsWith('/')) return false;
        if (SYSTEM.test(file.name)) reason = 'system file';
        else if (file.compression !== 0 && file.compression !== 8)
          reason = `unsupported compression method ${file.compression}`;
        else if (total + file.originalSize > maxBytes)
          reason = `over the ${maxBytes.toLocaleString('en-US')}-byte limit for one archive`;
        if (reason !== undefined) {
          skipped.push({ name: file.name, reason });
          return false;
        }
        total += file.originalSize;
        return true;
      },
    });
    return { files: Object.entries(unzipped).map(([name, bytes]) => ({ name, bytes })), skipped };
  } catch (e) {
    return {
      files: [],
      skipped,
      error: `Not a readable ZIP archive: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}
