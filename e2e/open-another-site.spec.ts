import { expect, test } from './pages/workbench.ts';

// New-user review (shots 60/61): the publish URL and the crawl of one site stayed behind when a
// sitemap of another site was opened in its place, and every row of the new file was flagged
// (CRAWL-007, HOST-001). They describe a site: another site clears them, and the open says so.

const sitemap = (locs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${locs.map((l) => `  <url><loc>${l}</loc></url>`).join('\n')}
</urlset>
`;

const A = ['https://www.a.example/', 'https://www.a.example/about', 'https://www.a.example/blog'];
const A_NEWER = [...A, 'https://www.a.example/contact'];
const B = ['https://www.b.example/news/1', 'https://www.b.example/news/2'];

// A crawl of www.a.example (Screaming Frog "Internal: All" headers).
const CRAWL = `"Address","Content Type","Status Code","Status","Indexability","Indexability Status"
${A.map((u) => `"${u}","text/html; charset=utf-8","200","OK","Indexable",""`).join('\n')}
`;

const xml = (name: string, locs: string[]) => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(sitemap(locs)),
});

test('opening another site clears the publish URL and crawl of the old one; the same site keeps them', async ({
  wb,
  page,
}, testInfo) => {
  const notices = page.getByRole('region', { name: 'Notifications' });
  const crawlColumn = wb.grid.getByRole('columnheader', { name: 'Indexability', exact: true });
  const publish = page.getByRole('textbox', { name: 'Publish URL' });

  await wb.openFile(xml('a.xml', A));
  await wb.expectUrlCount(3);
  await wb.dropFile('internal_all.csv', CRAWL);
  await expect(notices).toContainText('Attached internal_all.csv: 3 crawled URLs');
  await expect(crawlColumn).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await publish.fill('https://www.a.example/sitemap.xml');
  await publish.press('Enter');

  // A newer version of the same site: both kept, its new URL is audited against the crawl.
  await wb.openFile(xml('a-newer.xml', A_NEWER));
  await wb.expectUrlCount(4);
  await expect(crawlColumn).toBeVisible();
  expect(await wb.cellText(3, 'Issues')).toContain('CRAWL-007');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(publish).toHaveValue('https://www.a.example/sitemap.xml');

  // Another site: both cleared, no finding of the old site's, and the notice says so.
  await wb.openFile(xml('b.xml', B));
  await wb.expectUrlCount(2);
  await expect(notices).toContainText(
    'The publish URL https://www.a.example/sitemap.xml and the crawl audit (3 rows) were for www.a.example; they were cleared for www.b.example.',
  );
  await expect(crawlColumn).toHaveCount(0);
  for (const row of [0, 1]) expect(await wb.cellText(row, 'Issues')).not.toMatch(/CRAWL-|HOST-/);
  await expect(publish).toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('open-another-site.png') });
});

test('notices about the replaced file go when another file is opened in its place', async ({ wb, page }) => {
  const notices = page.getByRole('region', { name: 'Notifications' });
  await wb.openFile(xml('a.xml', A));
  await wb.expectUrlCount(3);
  await wb.dropFile('internal_all.csv', CRAWL);
  await expect(notices).toContainText('Attached internal_all.csv: 3 crawled URLs');
  await expect(notices).toContainText('Opened a.xml.');

  await wb.openFile(xml('b.xml', B));
  await wb.expectUrlCount(2);
  // What the replace did stays; what was said about a.xml and its crawl is gone.
  await expect(notices).toContainText('Opened b.xml. Closed a.xml');
  await expect(notices).toContainText('it was cleared for www.b.example');
  await expect(notices).not.toContainText('Attached internal_all.csv');
  await expect(notices).not.toContainText('Opened a.xml.');
});
