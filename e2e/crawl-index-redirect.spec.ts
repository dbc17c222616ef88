import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './pages/workbench.ts';

const CRAWL = readFileSync(
  path.resolve(import.meta.dirname, '../src/core/__fixtures__/crawl/sf-internal-all.csv'),
  'utf8',
);

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://www.example.com/pages.xml</loc></sitemap>
  <sitemap><loc>https://www.example.com/posts.xml</loc></sitemap>
</sitemapindex>
`;

// /old redirects (301) to /new, a 200 indexable page the sitemap does not list yet.
const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/</loc></url>
  <url><loc>https://www.example.com/old</loc></url>
</urlset>
`;

test('a sitemap index with a crawl: its <sitemap> rows get no CRAWL finding and no count', async ({
  wb,
  page,
}) => {
  await wb.openFile({ name: 'sitemap_index.xml', mimeType: 'application/xml', buffer: Buffer.from(INDEX) });
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '3');
  await wb.dropFile('internal_all.csv', CRAWL);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'A sitemap index lists sitemaps, not pages',
  );
  expect(await wb.cellText(0, 'Issues')).not.toContain('CRAWL-007');
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  await expect(card.getByRole('button', { name: 'Not crawled: 0 listed URLs' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Add missing indexable pages (0)' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Issues' }).click();
  await expect(page.getByText('Listed URL was not found by the crawl')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('crawl-index.png') });
});

test('a redirect whose target got listed is removed by the redirect action, one undo step', async ({
  wb,
  page,
}) => {
  await wb.openFile({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(URLSET) });
  await wb.expectUrlCount(2);
  await wb.dropFile('internal_all.csv', CRAWL);
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  // new, article, ~team, about
  await card.getByRole('button', { name: 'Add missing indexable pages (4)' }).click();
  await wb.expectUrlCount(6);
  // /new is listed now: /old is removed rather than replaced.
  const action = card.getByRole('button', { name: 'Replace or remove redirecting URLs (1)' });
  await expect(action).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('crawl-redirect-listed.png') });
  await action.click();
  await wb.expectUrlCount(5);
  await expect(card.getByRole('button', { name: 'Replace or remove redirecting URLs (0)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Undo: Replace or remove redirecting URLs (1 URL)' }).click();
  await wb.expectUrlCount(6);
  expect(await wb.cellText(1, 'URL')).toBe('https://www.example.com/old');
});

test("with the index shown, the card's missing pages follow what Add did in the children", async ({
  wb,
  page,
}) => {
  const posts = URLSET.replace('/old', '/private').replace(
    '<url><loc>https://www.example.com/</loc></url>',
    '',
  );
  await wb.openFiles([
    { name: 'sitemap_index.xml', mimeType: 'application/xml', buffer: Buffer.from(INDEX) },
    { name: 'pages.xml', mimeType: 'application/xml', buffer: Buffer.from(URLSET) },
    { name: 'posts.xml', mimeType: 'application/xml', buffer: Buffer.from(posts) },
  ]);
  await wb.showWorkspaceFile('sitemap_index.xml');
  await wb.dropFile('internal_all.csv', CRAWL);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Attached internal_all.csv',
  );
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  const add = card.getByRole('button', { name: /^Add missing indexable pages \([1-9]/ });
  await add.click();
  const list = page.getByRole('dialog', { name: 'Indexable pages not listed' });
  await list.getByRole('button', { name: /^Add/ }).first().click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Added');
  await expect(card.getByRole('button', { name: 'Add missing indexable pages (0)' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Indexable pages not listed: 0 pages' })).toBeVisible();
});
