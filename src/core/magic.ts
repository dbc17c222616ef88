/**
 * What a file is, told by its first bytes (never its name), with no dependencies: the page's
 * first chunk checks a dropped file with these before it loads any inflater (core/parse/gzip.ts
 * re-exports them for the readers).
 */

/**
 * True when `bytes` starts with the gzip magic `1F 8B` (RFC 1952).
 *
 * @example isGzip(new Uint8Array([0x1f, 0x8b, 8])) // true
 */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * True when `bytes` starts with a ZIP local-file or empty-archive signature (`50 4B 03 04` / `50 4B 05 06`).
 *
 * @example isZip(new Uint8Array([0x50, 0x4b, 3, 4])) // true
 */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  );
}

/**
 * True when `bytes` looks like a POSIX tar archive (`ustar` magic at offset 257).
 *
 * @example looksLikeTar(tarBytes) // true
 */
export function looksLikeTar(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 262 &&
    bytes[257] === 0x75 &&
    bytes[258] === 0x73 &&
    bytes[259] === 0x74 &&
    bytes[260] === 0x61 &&
    bytes[261] === 0x72
  );
}
