/**
 * `importCsvRows`: rows mapped from a CSV file (a crawler or Search Console export, or this app's
 * own CSV export back from a spreadsheet) become URLs. With a document open they are appended as
 * ONE undo step ("Import 1,234 URLs from crawl.csv"), or with `mode` 'update' the rows whose `loc`
 * is listed update that entry and the others are appended, still one step; with none open they
 * become a new urlset document named after the CSV file. The CSV import
 * session (workers/csvImportClient.ts) reads and maps the CSV and the UI hands the rows here.
 */

import { fmtInt } from '../core/format.ts';
import type { Entry } from '../core/model.ts';
import { mergeRowsPatch } from './csvMerge.ts';
import { insertPatch, urlCount } from './edits.ts';
import type { Kernel } from './kernel.ts';
import type { Commands } from './types.ts';

/** A CSV file name as a sitemap file name: "crawl.csv" → "crawl.xml". */
function sitemapNameOf(csvName: string): string {
  const base = csvName.replace(/\.(csv|tsv|txt)$/i, '') || 'imported';
  return `${base}.xml`;
}

/**
 * Build the `importCsvRows` command over a kernel.
 *
 * @example
 * const ids = store.commands.importCsvRows([{ loc: 'https://www.example.com/' }], 'crawl.csv', 2);
 * // one undo step "Import 1 URL from crawl.csv"; an info notice says 2 rows without a URL were skipped
 */
export function createCsvCommands(k: Kernel): Pick<Commands, 'importCsvRows'> {
  return {
    importCsvRows(rows, source, skipped = 0, mode = 'append') {
      const skippedText = skipped > 0 ? ` (${fmtInt(skipped)} rows without a URL skipped)` : '';
      if (rows.length === 0) {
        k.notify('warning', `Nothing imported from ${source}: no row has a URL${skippedText}.`);
        return [];
      }
      const label = `Import ${urlCount(rows.length)} from ${source}`;
      let ids: number[];
      const doc = k.f.doc;
      if (doc && mode === 'update') {
        const m = mergeRowsPatch(doc, rows, '');
        m.patch.label = `${label} (${fmtInt(m.updated)} updated, ${fmtInt(m.added)} added)`;
        const same = rows.length - m.added - m.updated;
        const sameText = same > 0 ? ` (${urlCount(same)} already as in the CSV)` : '';
        if (m.patch.added.length === 0 && m.patch.updated.length === 0) {
          k.notify(
            'info',
            `Nothing changed: every URL of ${source} is listed with the same values${skippedText}.`,
          );
          return m.ids;
        }
        if (!k.commit(m.patch)) return [];
        k.notify(
          'info',
          `Updated ${urlCount(m.updated)} and added ${urlCount(m.added)} from ${source}${sameText}${skippedText}.`,
        );
        return m.ids;
      }
      if (doc) {
        const p = insertPatch(doc, doc.entries.length, rows, label);
        ids = k.commit(p) ? p.added.map((a) => a.entry.id) : [];
      } else {
        const entries: Entry[] = rows.map((body, id) => ({ ...body, id }));
        k.replaceDocument({ kind: 'urlset', entries, nextId: entries.length }, [], sitemapNameOf(source));
        ids = entries.map((e) => e.id);
      }
      k.notify('info', `${doc ? 'Added' : 'Opened'} ${urlCount(ids.length)} from ${source}${skippedText}.`);
      return ids;
    },
  };
}
