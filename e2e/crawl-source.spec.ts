import path from 'node:path';
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
