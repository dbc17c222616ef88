import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { CRAWLED_SITEMAP_URLS } from '../src/core/__fixtures__/crawl/sitemapUrls.ts';
import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test, type Workbench } from './pages/workbench.ts';

const CRAWL = readFileSync(
  path.resolve(import.meta.dirname, '../src/core/__fixtures__/crawl/sf-internal-all.csv'),
  'utf8',
);

// The crawl fixture's sitemap URLs, plus one the crawl spells `~team` (matched after normalising).
const LOCS = [...CRAWLED_SITEMAP_URLS, 'https://www.example.com/%7Eteam'];

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${LOCS.map((l) => `  <url><loc>${l}</loc></url>`).join('\n')}
</urlset>
`;

/** axe violations of the page, as short strings. */
async function violations(page: import('@playwright/test').Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Rows of the crawl data autosaved in IndexedDB (runs in the page), or null while none is saved. */
function savedCrawlRows(): Promise<number | null> {
  return new Promise((resolve) => {
    const open = indexedDB.open('sitemap-workbench');
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('meta')) return resolve(null);
      // The session's first crawl table (idbPersistence.ts `crawlKey`).
      const get = db.transaction('meta').objectStore('meta').get('current#crawl-0');
      get.onsuccess = () => resolve((get.result as { rows?: number } | undefined)?.rows ?? null);
      get.onerror = () => resolve(null);
    };
  });
}

/** The cell of a view row under a column header (crawl columns are not in the page object's list). */
async function cellUnder(wb: Workbench, row: number, header: string) {
  await expect(wb.grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const names = await wb.grid
    .getByRole('columnheader')
    .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/[▲▼#]/g, '').trim()));
  const col = names.indexOf(header);
  return wb.grid.locator(`tr[aria-rowindex="${row + 2}"] > [aria-colindex="${col + 1}"]`);
}

test('a dropped crawl audits the sitemap; actions undo; the export re-opens clean', async ({ wb, page }) => {
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(SITEMAP) });
  await wb.expectUrlCount(8);
  // No crawl yet: no crawl columns.
  await expect(wb.grid.getByRole('columnheader', { name: 'Indexability' })).toHaveCount(0);

  await wb.dropFile('internal_all.csv', CRAWL);
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText('Attached internal_all.csv: 11 crawled URLs');
  await expect(notices).toContainText('The sitemap itself is unchanged');
  await wb.expectUrlCount(8);
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeDisabled();

  // The columns and the findings at their cells.
  await expect(await cellUnder(wb, 2, 'Status')).toHaveText('404');
  await expect(await cellUnder(wb, 2, 'Status')).toHaveAttribute('title', /CRAWL-001/);
  await expect(await cellUnder(wb, 3, 'Indexability')).toHaveText('noindex');
  await expect(await cellUnder(wb, 3, 'Indexability')).toHaveAttribute('aria-invalid', 'true');
  await expect(await cellUnder(wb, 1, 'Redirects to')).toHaveText('https://www.example.com/new');
  await expect(await cellUnder(wb, 4, 'Canonical')).toHaveText('https://www.example.com/article');
  await expect(await cellUnder(wb, 6, 'Status')).toHaveText('not crawled');
  expect(await wb.cellText(7, 'Issues')).toContain('CRAWL-008');

  // The summary beside the charts: each listed count filters the table.
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  await expect(card).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Noindex: 1 listed URLs' }).click();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  await page.getByRole('button', { name: 'Remove filter: Crawl: Noindex' }).click();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '9');

  await card.getByRole('button', { name: 'Remove noindex URLs (1)' }).click();
  await wb.expectUrlCount(7);
  await expect(page.getByRole('button', { name: 'Undo: Remove noindex URLs (1 URL)' })).toBeVisible();
  // new, article, about (~team is listed as %7Eteam and matched after normalisation)
  await card.getByRole('button', { name: 'Add missing indexable pages (3)' }).click();
  await wb.expectUrlCount(10);
  expect(await wb.cellText(9, 'URL')).toBe('https://www.example.com/about');
  await expect(card.getByRole('button', { name: 'Add missing indexable pages (0)' })).toBeDisabled();

  await page.getByRole('button', { name: 'Undo: Add missing indexable pages (3 URLs)' }).click();
  await page.getByRole('button', { name: 'Undo: Remove noindex URLs (1 URL)' }).click();
  await wb.expectUrlCount(8);
  await expect(await cellUnder(wb, 3, 'Indexability')).toHaveText('noindex');

  const bytes = await downloadBytes(await wb.exportAs('XML'));
  const parsed = parseSitemap(bytes);
  expect(parsed.fatal).toBeNull();
  expect(parsed.document.entries.map((e) => e.loc)).toEqual(LOCS);

  // Re-open the export: the crawl stays attached and audits it again.
  await wb.openFile({ name: 'sitemap-export.xml', mimeType: 'application/xml', buffer: Buffer.from(bytes) });
  await expect(page.getByRole('banner')).toContainText('sitemap-export.xml');
  await wb.expectUrlCount(8);
  await expect(await cellUnder(wb, 3, 'Indexability')).toHaveText('noindex');
});

test('the CRAWL-006 card carries the action its message names: count first, one undo step', async ({
  wb,
  page,
}) => {
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(SITEMAP) });
  await wb.expectUrlCount(8);
  await wb.dropFile('internal_all.csv', CRAWL);
  await page.getByRole('tab', { name: /^Issues/ }).click();
  const card = page.getByRole('region', { name: 'File-level issues' }).locator('.issue-group', {
    hasText: 'CRAWL-006',
  });
  await expect(card).toContainText('Add missing indexable pages');
  const add = card.getByRole('button', { name: 'Add missing indexable pages (3)' });
  await expect(add).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('crawl-006-card.png') });
  await add.click();
  await wb.expectUrlCount(11);
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo: Add missing indexable pages (3 URLs)' }).click();
  await wb.expectUrlCount(8);
  await expect(card.getByRole('button', { name: 'Add missing indexable pages (3)' })).toBeVisible();
});

test('a crawl CSV with unknown columns asks for the mapping; the crawl survives a reload', async ({
  wb,
  page,
}) => {
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(SITEMAP) });
  await wb.expectUrlCount(8);
  await page.getByRole('button', { name: 'CSV' }).click();
  await page.getByRole('button', { name: 'Crawl data for an audit…' }).click();
  const dlg = wb.dialog('Attach crawl data');
  await dlg.getByLabel('Crawl CSV').setInputFiles({
    name: 'odd.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Seite;Antwort\nhttps://www.example.com/gone;404\n'),
  });
  await expect(dlg.getByText('were not recognised')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await dlg.getByRole('combobox', { name: 'URL', exact: true }).selectOption({ label: 'A: Seite' });
  await dlg.getByRole('combobox', { name: 'Status code' }).selectOption({ label: 'B: Antwort' });
  await dlg.getByRole('button', { name: 'Attach' }).click();
  await expect(dlg).toBeHidden();
  await expect(await cellUnder(wb, 2, 'Status')).toHaveText('404');

  // Autosave keeps the crawl: after a reload the audit is still there.
  await expect.poll(() => page.evaluate(savedCrawlRows)).toBe(1);
  await page.reload();
  await wb.expectUrlCount(8);
  await expect(await cellUnder(wb, 2, 'Status')).toHaveText('404');
  await expect(await cellUnder(wb, 0, 'Status')).toHaveText('not crawled');
});
