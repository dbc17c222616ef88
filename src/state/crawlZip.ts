/**
 * A zip picked in the Crawl dialog (a Search Console export as downloaded): its member that is
 * crawl data as a File for the crawl reader, and the sentence that says which members were used.
 * The same reading as a dropped zip (workspaceStore `open`) and the CLI's `--crawl x.zip`. A
 * gzipped export (`internal_all.csv.gz`) is inflated by the crawl worker as it reads it
 * (workers/crawlClient.ts `pushGunzipped`).
 */

/** True when a file's first bytes are a ZIP archive's. */
export async function isZipFile(file: Blob): Promise<boolean> {
  const b = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4;
}

/**
 * The crawl data in a zip (null with the reason when there is none).
 *
 * @example const { crawl, note } = await crawlFromZipFile(file, file.name)
 */
export async function crawlFromZipFile(
  file: Blob,
  name: string,
): Promise<{ crawl: File | null; note: string }> {
  const [{ readZipFiles }, { crawlFromZip, noCrawlNote, zipCrawlNote }] = await Promise.all([
    import('../core/workspace/zipInput.ts'),
    import('../core/crawl/zipCrawl.ts'),
  ]);
  const z = readZipFiles(new Uint8Array(await file.arrayBuffer()));
  if (z.error !== undefined) return { crawl: null, note: `${name}: ${z.error}` };
  const r = crawlFromZip(name, z.files);
  if (r.crawl === null) return { crawl: null, note: noCrawlNote(name, r, z.skipped) };
  return {
    crawl: new File([r.crawl.bytes as Uint8Array<ArrayBuffer>], r.crawl.name, { type: 'text/csv' }),
    note: zipCrawlNote(name, r),
  };
}
