import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { downloadBytes, expect, test } from './pages/workbench.ts';
import { SHOTS_DIR } from './shots.ts';

const FIX = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'insights');
const ORIGIN = 'https://elegant-nightingale-894b88.netlify.app';

test('the URL tree filters the table to a folder and renames it as one undoable step', async ({
  wb,
  page,
}) => {
  await wb.openFile(path.join(FIX, 'polygon-edge-docs.xml'));
  await wb.expectUrlCount(23);
  await page.getByRole('tab', { name: 'Tree' }).click();
  const tree = page.getByRole('tree', { name: 'URL tree' });
  // A folder of one page is counted as one URL (its hidden count is read out), not "1 URLs".
  const leaf = tree.getByRole('treeitem', { name: /^\/markdown-page\b/ });
  await expect(leaf).toContainText('1 URL');
  await expect(leaf).not.toContainText('1 URLs');
  await tree.getByRole('treeitem', { name: /^\/docs\b/ }).click();
  await expect(wb.status).toContainText('Showing 22');
  // Keyboard: open /docs, then walk down to its /reference child.
  await tree.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: /^\/docs\b/ })).toHaveAttribute('aria-expanded', 'true');
  await tree.getByRole('treeitem', { name: /^\/reference/ }).click();
  await expect(wb.status).toContainText('Showing 13');
  await expect(tree.getByRole('treeitem', { name: /^\/reference/ })).toHaveAttribute('aria-selected', 'true');
  expect(await wb.cellText(0, 'URL')).toBe(`${ORIGIN}/docs/reference/architecture`);

  await tree.press('F2');
  const dlg = wb.dialog('Rename /docs/reference/');
  await dlg.getByLabel('New folder URL').fill(`${ORIGIN}/docs/api`);
  await expect(dlg.getByRole('status')).toContainText('13 URLs will be rewritten');
  await expect(dlg.getByText(`${ORIGIN}/docs/api/modules/blockchain`)).toBeVisible();
  await dlg.getByRole('button', { name: 'Rename 13 URLs' }).click();
  await expect(dlg).toBeHidden();

  await expect(wb.button('Undo: Rename /docs/reference/ → /docs/api/ on 13 URLs')).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /^\/api/ })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /^\/reference/ })).toHaveCount(0);
  await expect(wb.status).toContainText('Showing 13');
  await expect(wb.button('Remove filter: Folder /docs/api/')).toBeVisible();
  expect(await wb.cellText(0, 'URL')).toBe(`${ORIGIN}/docs/api/architecture`);

  await wb.button(/^Undo: Rename/).click();
  await expect(tree.getByRole('treeitem', { name: /^\/reference/ })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /^\/api/ })).toHaveCount(0);
  expect(await wb.cellText(0, 'URL')).toBe(`${ORIGIN}/docs/reference/architecture`);

  await page.getByRole('button', { name: /^Remove filter: Folder / }).click();
  await expect(wb.status).not.toContainText('Showing');
});

test('moving a folder under another folder is one undoable step', async ({ wb, page }) => {
  await wb.openFile(path.join(FIX, 'polygon-edge-docs.xml'));
  await wb.expectUrlCount(23);
  await page.getByRole('tab', { name: 'Tree' }).click();
  const tree = page.getByRole('tree', { name: 'URL tree' });
  await tree.getByRole('treeitem', { name: /^\/docs\b/ }).click();
  await tree.press('ArrowRight');
  await tree.getByRole('treeitem', { name: /^\/guides\b/ }).click();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const dlg = wb.dialog('Move /docs/guides/');
  await dlg.getByLabel('New parent folder').selectOption({ label: '/docs/reference/  (reference)' });
  await expect(dlg.getByText(`${ORIGIN}/docs/reference/guides/ethereum-state`)).toBeVisible();
  await dlg.getByRole('button', { name: 'Move 1 URL' }).click();
  await expect(wb.button('Undo: Move /docs/guides/ → /docs/reference/guides/ on 1 URL')).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: /^\/guides\b/ })).toHaveAttribute('aria-level', '4');
  await wb.button(/^Undo: Move/).click();
  await expect(tree.getByRole('treeitem', { name: /^\/guides\b/ })).toHaveAttribute('aria-level', '3');
});

test('a chart bar filters the table, and each chart has a table equivalent', async ({ wb, page }) => {
  await wb.openFile(path.join(FIX, 'polygon-edge-docs.xml'));
  await wb.expectUrlCount(23);
  await page.getByRole('tab', { name: 'Charts' }).click();
  const folders = page.getByRole('region', { name: 'URLs per top-level folder' });
  await folders.getByRole('button', { name: '/markdown-page: 1 URL. Show these rows' }).click();
  await expect(wb.status).toContainText('Showing 1');
  expect(await wb.cellText(0, 'URL')).toBe(`${ORIGIN}/markdown-page`);
  // The other bars stay, the clicked one is marked; clicking it again clears the filter.
  const picked = folders.getByRole('button', { name: /^\/markdown-page: 1 URL\. Showing these rows/ });
  await expect(picked).toHaveAttribute('aria-pressed', 'true');
  await expect(wb.button('Remove filter: URLs per top-level folder: /markdown-page')).toBeVisible();
  await expect(folders.getByRole('button', { name: /^\/docs: 22 URLs/ })).toBeVisible();
  await picked.click();
  await expect(wb.status).not.toContainText('Showing');

  await folders.getByRole('button', { name: 'Show URLs per top-level folder as a table' }).click();
  const table = folders.getByRole('table', { name: 'URLs per top-level folder' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /\/docs 22/ })).toBeVisible();

  // Charts follow the table's filter: search narrows what they count.
  const changefreq = page.getByRole('region', { name: 'Change frequency' });
  await expect(changefreq.getByRole('button', { name: /^weekly: 23 URLs/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('reference');
  await expect(changefreq.getByRole('button', { name: /^weekly: 13 URLs/ })).toBeVisible();
});

test('compare with a second real sitemap: categories, list and CSV export', async ({ wb, page }) => {
  const base = 'https://1ForeverHD.github.io/TopbarPlus';
  await wb.openFile(path.join(FIX, 'topbarplus.xml'));
  await wb.expectUrlCount(6);
  await page.getByLabel('Compare with sitemap file').setInputFiles(path.join(FIX, 'topbarplus-edited.xml'));
  const dlg = wb.dialog('Compare with topbarplus-edited.xml');
  await expect(dlg.getByText('5 differences, 2 unchanged')).toBeVisible();
  const cat = (name: string) => dlg.getByRole('button', { name: new RegExp(`^${name} \\d`) });
  await expect(cat('Added')).toHaveText('Added 1');
  await expect(cat('Removed')).toHaveText('Removed 1');
  await expect(cat('Changed')).toHaveText('Changed 1');
  await expect(cat('Trailing slash only')).toHaveText('Trailing slash only 1');
  await expect(cat('Case only')).toHaveText('Case only 1');
  await expect(cat('Scheme only')).toBeDisabled();
  const list = dlg.getByRole('list', { name: 'Differences' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await cat('Changed').click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('lastmod: 2025-06-06 → 2025-07-01');
  await cat('All differences').click();

  const download = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Export differences as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('differences-topbarplus-vs-topbarplus-edited.csv');
  const csv = Papa.parse<string[]>(new TextDecoder().decode(await downloadBytes(file)), {
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  const [header, ...rows] = csv.data;
  expect(header).toEqual(['change', 'url', 'other_url', 'fields', 'before', 'after']);
  const byChange = Object.fromEntries(rows.map((r) => [r[0], r]));
  expect(rows).toHaveLength(5);
  expect(byChange.changed).toEqual([
    'changed',
    `${base}/api/`,
    '',
    'lastmod',
    'lastmod=2025-06-06',
    'lastmod=2025-07-01',
  ]);
  expect(byChange.added.slice(0, 2)).toEqual(['added', `${base}/changelog/`]);
  expect(byChange.removed.slice(0, 2)).toEqual(['removed', `${base}/third_parties/`]);
  expect(byChange.trailingSlash.slice(0, 3)).toEqual([
    'trailingSlash',
    `${base}/features/`,
    `${base}/features`,
  ]);
  expect(byChange.case.slice(0, 3)).toEqual([
    'case',
    `${base}/installation/`,
    'https://1foreverhd.github.io/TopbarPlus/installation/',
  ]);

  await dlg.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dlg).toBeHidden();
});

/** A plausible "next deploy" of the Doris docs sitemap: some pages gone, some new, some edited. */
function editedDoris(): Buffer {
  let xml = readFileSync(path.join(FIX, 'doris-docs.xml'), 'utf8');
  let n = 0;
  xml = xml.replace(/<url><loc>https:\/\/doris\.apache\.org\/blog\/[^<]*<\/loc>.*?<\/url>/g, (m) =>
    n++ % 4 === 0 ? '' : m,
  );
  let k = 0;
  xml = xml.replace(
    /(<loc>https:\/\/doris\.apache\.org\/docs\/2\.0\/admin-manual\/[^<]*<\/loc><changefreq>weekly<\/changefreq><priority>)0\.5/g,
    (m, head) => (k++ % 2 === 0 ? `${head}0.8` : m),
  );
  xml = xml.replace(
    /<loc>https:\/\/doris\.apache\.org\/community\/([^<]*)<\/loc>/g,
    '<loc>https://doris.apache.org/community/$1/</loc>',
  );
  const added = Array.from(
    { length: 12 },
    (_, i) =>
      `<url><loc>https://doris.apache.org/docs/3.0/lakehouse/catalog-${i}</loc><priority>0.5</priority></url>`,
  ).join('');
  return Buffer.from(xml.replace('</urlset>', `${added}</urlset>`));
}

test('screenshots of the tree, charts and compare views', async ({ wb, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const shots = SHOTS_DIR;
  await wb.openFile(path.join(FIX, 'doris-docs.xml'));
  await wb.expectUrlCount(3914);
  await page.getByRole('tab', { name: 'Tree' }).click();
  const tree = page.getByRole('tree', { name: 'URL tree' });
  await tree.getByRole('treeitem', { name: /^\/docs\b/ }).click();
  await tree.press('ArrowRight');
  await tree.getByRole('treeitem', { name: /^\/2\.0\b/ }).click();
  await tree.press('ArrowRight');
  await tree
    .getByRole('treeitem', { name: /^\/admin-manual\b/ })
    .first()
    .click();
  await expect(wb.status).toContainText('Showing');
  await page.screenshot({ path: `${shots}/tree.png` });

  await wb.openFile(path.join(FIX, 'ozarkgazette-news.xml'));
  await wb.expectUrlCount(117);
  await page.getByRole('tab', { name: 'Charts' }).click();
  await page
    .getByRole('region', { name: 'URLs per top-level folder' })
    .getByRole('button', { name: /^\/weather: / })
    .click();
  await expect(wb.status).toContainText('Showing 31');
  await page.screenshot({ path: `${shots}/charts.png` });

  await wb.openFile(path.join(FIX, 'doris-docs.xml'));
  await wb.expectUrlCount(3914);
  await page.getByLabel('Compare with sitemap file').setInputFiles({
    name: 'doris-docs-next.xml',
    mimeType: 'application/xml',
    buffer: editedDoris(),
  });
  const dlg = wb.dialog('Compare with doris-docs-next.xml');
  await expect(dlg.getByText(/differences, [\d,]+ unchanged/)).toBeVisible();
  await page.screenshot({ path: `${shots}/compare.png` });
});
