/** Telling a refused file from one that is not well-formed (no imports: the page's first chunk reads it). */

/**
 * The finding by which the reader refused a file without reading it (a zip, a tar or a gzip
 * inside the gzip, output over the GZ-006 limit): its load error is that finding's message.
 * Undefined for a file that was read and is not well-formed. Works on the CLI's JSON shape too.
 *
 * @example refusal(parseSitemap(zipBytes))?.rule // 'GZ-001'
 */
export function refusal<I extends { rule: string; message: string }>(r: {
  fatal: { message: string } | null;
  issues: readonly I[];
}): I | undefined {
  const fatal = r.fatal;
  if (fatal === null) return undefined;
  return r.issues.find((i) => i.rule.startsWith('GZ-') && i.message === fatal.message);
}
