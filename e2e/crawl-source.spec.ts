import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipFiles } from '../src/core/zip.ts';
import { expect, test } from './pages/workbench.ts';

// A real Ghost sitemap (10 posts, lastmod on each) and a Search Console "Pages" export.
const GHOST = path.resolve(import.meta.dirname, '../../shared/fixtures/real/ghost-pwningtech-posts.xml');

const GSC = [
  'Top pages,Clicks,Impressions,CTR,Position',
  'https://pwning.tech/nftables/,120,3400,3.5%,4.2',
  'https://pwning.tech/ksmbd/,30,900,3.3%,7.1',
  'https://pwning.tech/some-old-page/,0,12,0%,45',
  'https://pwning.tech/#comments,1,20,5%,30',
  'https://pwning.tech/nftables/#:~:text=netfilter,3,40,5%,12',
].join('\n');

test('a Search Console export: no #fragment URL is added, and nothing is called not crawled', async ({
  wb,
  page,
}) => {
  await wb.openFile(GHOST);
  await wb.expectUrlCount(10);
  await wb.dropFile('gsc.csv', GSC);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Attached gsc.csv: 5 Search Console pages',
  );
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  await expect(card.getByRole('button', { name: 'Not in the export: 8 listed URLs' })).toBeVisible();
  await expect(card).not.toContainText('Not crawled');
  await card.getByRole('button', { name: /^Indexable pages not listed/ }).click();
  const list = page.getByRole('dialog');
  await expect(list).toContainText('1 page of the Search Console export is shown in Google Search');
  await expect(list).not.toContainText('200, HTML');
  await page.screenshot({ path: test.info().outputPath('gsc-list.png') });
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await card.getByRole('button', { name: 'Add missing indexable pages (1)' }).click();
  await wb.expectUrlCount(11);
  expect(await wb.cellText(10, 'URL')).toBe('https://pwning.tech/some-old-page/');
  expect(await wb.cellText(10, 'Issues')).not.toContain('LOC-008');
  await page.screenshot({ path: test.info().outputPath('gsc-card.png') });
});

/** A zip of the Search Console export fixture folder's members. */
function gscZip(folder: string): Buffer {
  const dir = path.resolve(import.meta.dirname, `../src/core/__fixtures__/crawl/${folder}`);
  const members = readdirSync(dir)
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(path.join(dir, name))) }));
  return Buffer.from(zipFiles(members));
}

test('a Search Console Performance zip dropped on an open sitemap attaches Pages.csv and keeps the sitemap', async ({
  wb,
  page,
}) => {
  await wb.openFile(GHOST);
  await wb.expectUrlCount(10);
  await wb.openFile({ name: 'gsc-perf.zip', mimeType: 'application/zip', buffer: gscZip('gsc-perf-zip') });
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText('gsc-perf.zip holds crawl data: Pages.csv is read for the audit');
  await expect(notices).toContainText('Ignored: Chart.csv (not crawl data: no URL column), Queries.csv');
  await expect(notices).toContainText('Attached Pages.csv (gsc-perf.zip): 2 Search Console pages');
  // The sitemap is still the one open: no member became a text sitemap.
  await wb.expectUrlCount(10);
  await expect(wb.status).not.toContainText('Chart.csv');
  expect(await wb.cellText(0, 'URL')).toMatch(/^https:\/\/pwning\.tech\//);
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(page.getByRole('region', { name: 'Crawl audit' })).toContainText('Pages.csv (gsc-perf.zip)');
  await page.screenshot({ path: test.info().outputPath('gsc-perf-zip.png') });
});

test('a Search Console page-indexing zip: the Metadata.csv issue (noindex) marks the listed URLs', async ({
  wb,
  page,
}) => {
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/old-tag</loc></url>
  <url><loc>https://www.example.com/fine</loc></url>
</urlset>
`;
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(sitemap) });
  await wb.expectUrlCount(2);
  await wb.openFile({ name: 'noindex.zip', mimeType: 'application/zip', buffer: gscZip('gsc-noindex-zip') });
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText(
    'Table.csv and Metadata.csv (issue: Excluded by ‘noindex’ tag) are read for the audit',
  );
  await expect(notices).toContainText('Attached Table.csv (noindex.zip)');
  await wb.expectUrlCount(2);
  await expect.poll(() => wb.cellText(0, 'Issues')).toContain('CRAWL-003');
  // Not in a one-issue list is no finding.
  expect(await wb.cellText(1, 'Issues')).not.toContain('CRAWL-007');
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  await expect(card).toContainText('Not in the list');
  await page.screenshot({ path: test.info().outputPath('gsc-noindex-zip.png') });
});

test("the app's own CSV export dropped on an open sitemap opens Import CSV, not the crawl audit", async ({
  wb,
  page,
}) => {
  await wb.openFile(GHOST);
  await wb.expectUrlCount(10);
  await wb.dropFile(
    'sitemap.csv',
    'loc,lastmod,changefreq,priority\nhttps://pwning.tech/nftables/,2025-01-01,weekly,0.8\nhttps://pwning.tech/new-page/,2025-01-03,daily,0.9\n',
  );
  await expect(page.getByRole('dialog', { name: 'Import CSV' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Attach crawl data' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText('Attached sitemap.csv');
});

test('Attach crawl data… takes a Search Console export zip as downloaded', async ({ wb, page }) => {
  await wb.openFile(GHOST);
  await wb.expectUrlCount(10);
  await page.getByRole('banner').getByRole('button', { name: 'CSV', exact: true }).click();
  await page.getByRole('button', { name: 'Crawl data for an audit…' }).click();
  const dlg = wb.dialog('Attach crawl data');
  await dlg.getByLabel('Crawl CSV').setInputFiles({
    name: 'gsc-perf.zip',
    mimeType: 'application/zip',
    buffer: gscZip('gsc-perf-zip'),
  });
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText('Attached Pages.csv (gsc-perf.zip): 2 Search Console pages');
  await expect(notices).toContainText('Ignored: Chart.csv (not crawl data: no URL column), Queries.csv');
  await wb.expectUrlCount(10);
});

test('a gzipped crawl export dropped on an open sitemap is attached, not opened in its place', async ({
  wb,
  page,
}) => {
  await wb.openFile(GHOST);
  await wb.expectUrlCount(10);
  await wb.openFile({ name: 'gsc.csv.gz', mimeType: 'application/gzip', buffer: gzipSync(Buffer.from(GSC)) });
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText('Attached gsc.csv: 5 Search Console pages');
  await expect(page.getByRole('banner')).toContainText('ghost-pwningtech-posts.xml');
  await wb.expectUrlCount(10);
});
