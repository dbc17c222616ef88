/**
 * A CSV file opened or dropped like a sitemap goes to the Import CSV dialog instead of the XML
 * parser. The top bar's habits controls listen; `openFiles` asks.
 */
type Listener = (file: File) => void;
let listener: Listener | null = null;

/** True for names a spreadsheet or crawler export usually has. */
export function isCsvFileName(name: string): boolean {
  return /\.(csv|tsv)$/i.test(name);
}

/** Hand a CSV file to the import dialog; false when nothing listens (then open it as before). */
export function requestCsvImport(file: File): boolean {
  if (!listener) return false;
  listener(file);
  return true;
}

/** Listen for CSV files to import; returns the unsubscribe function. */
export function onCsvImportRequest(l: Listener): () => void {
  listener = l;
  return () => {
    if (listener === l) listener = null;
  };
}
