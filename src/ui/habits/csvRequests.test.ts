import { describe, expect, it } from 'vitest';
import { isCsvFileName, onCsvImportRequest, requestCsvImport } from './csvRequests.ts';

describe('CSV files opened like sitemaps', () => {
  it('recognises spreadsheet exports by name, not sitemaps', () => {
    for (const name of ['internal_html.csv', 'Pages.CSV', 'crawl.tsv'])
      expect(isCsvFileName(name), name).toBe(true);
    for (const name of ['sitemap.xml', 'sitemap.xml.gz', 'urls.txt', 'csv.xml'])
      expect(isCsvFileName(name), name).toBe(false);
  });

  it('hands the file to the listening dialog, and reports when nobody listens', () => {
    const file = { name: 'crawl.csv' } as File;
    expect(requestCsvImport(file)).toBe(false);
    const got: File[] = [];
    const off = onCsvImportRequest((f) => got.push(f));
    expect(requestCsvImport(file)).toBe(true);
    expect(got).toEqual([file]);
    off();
    expect(requestCsvImport(file)).toBe(false);
  });
});
