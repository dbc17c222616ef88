import { readFileSync } from 'node:fs';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const urlset = (locs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${locs.map((l) => `  <url><loc>${l}</loc></url>`).join('\n')}
</urlset>
`;

const BLOG = ['https://www.example.com/blog/a', 'https://www.example.com/blog/b'];
const PAGES = ['https://www.example.com/', 'https://www.example.com/about'];

const CRAWL = `Address,Status Code,Indexability,Last Modified
https://www.example.com/,200,Indexable,
https://www.example.com/about,200,Indexable,
https://www.example.com/blog/a,200,Indexable,
https://www.example.com/blog/b,200,Indexable,
https://www.example.com/blog/c,200,Indexable,2024-06-24
https://www.example.com/blog/2024/d,200,Indexable,
https://www.example.com/contact,200,Indexable,
https://www.example.com/old,301,Non-Indexable,
`;

const xml = (name: string, locs: string[]) => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(urlset(locs)),
});

test('missing pages go to the workspace file of their folder, one undo step per file', async ({
  wb,
  page,
}) => {
  await wb.openFiles([xml('blog.xml', BLOG), xml('pages.xml', PAGES)]);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('pages.xml');
  await wb.dropFile('internal_all.csv', CRAWL);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Attached internal_all.csv: 8 crawled URLs',
  );

  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  // The action asks first in a workspace: the dialog says where the pages go.
  await card.getByRole('button', { name: 'Add missing indexable pages (3)' }).click();
  const dlg = wb.dialog('Indexable pages not listed');
  await expect(dlg).toContainText('2 to blog.xml and 1 to pages.xml (one undo step in each file)');
  const list = dlg.getByRole('list', { name: 'Pages not listed' });
  await expect(list.getByRole('listitem')).toHaveText([
    /blog\/c\s*blog\.xml/,
    /blog\/2024\/d\s*blog\.xml/,
    /contact\s*pages\.xml/,
  ]);
  await page.screenshot({ path: test.info().outputPath('missing-pages-workspace.png') });

  // The CSV export names the target file of each page.
  const download = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download CSV' }).click();
  const csv = Buffer.from(await downloadBytes(await download)).toString('utf8');
  expect(csv.trim().split('\n')).toEqual([
    'URL,Last Modified,File',
    'https://www.example.com/blog/c,2024-06-24,blog.xml',
    'https://www.example.com/blog/2024/d,,blog.xml',
    'https://www.example.com/contact,,pages.xml',
  ]);

  await dlg.getByRole('button', { name: 'Add to their files (3)' }).click();
  await expect(dlg).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Added 3 indexable pages: 2 to blog.xml and 1 to pages.xml (one undo step in each file).',
  );
  await expect(card.getByRole('button', { name: 'Indexable pages not listed: 0 pages' })).toBeDisabled();
  await wb.expectUrlCount(3);
  expect(await wb.cellText(2, 'URL')).toBe('https://www.example.com/contact');
  await page.getByRole('button', { name: 'Undo: Add missing indexable pages (1 URL)' }).click();
  await wb.expectUrlCount(2);

  await wb.showWorkspaceFile('blog.xml');
  await wb.expectUrlCount(4);
  expect(await wb.cellText(2, 'URL')).toBe('https://www.example.com/blog/c');
  expect(await wb.cellText(2, 'Last modified')).toBe('2024-06-24');
  await page.getByRole('button', { name: 'Undo: Add missing indexable pages (2 URLs)' }).click();
  await wb.expectUrlCount(2);
  // Undone everywhere: all three are missing again.
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(card.getByRole('button', { name: 'Indexable pages not listed: 3 pages' })).toBeEnabled();
});

test('the "not listed" count opens the list: export as text, add all to the open file', async ({
  wb,
  page,
}) => {
  await wb.openFile(xml('pages.xml', PAGES));
  await wb.expectUrlCount(2);
  await wb.dropFile('internal_all.csv', CRAWL);
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  await card.getByRole('button', { name: 'Indexable pages not listed: 5 pages' }).click();
  const dlg = wb.dialog('Indexable pages not listed');
  await expect(dlg.getByRole('list', { name: 'Pages not listed' }).getByRole('listitem')).toHaveCount(5);
  await page.screenshot({ path: test.info().outputPath('missing-pages-single.png') });

  const download = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download text' }).click();
  const d = await download;
  expect(d.suggestedFilename()).toBe('pages-missing-pages.txt');
  expect(readFileSync(await d.path(), 'utf8')).toBe(
    [
      'https://www.example.com/blog/a',
      'https://www.example.com/blog/b',
      'https://www.example.com/blog/c',
      'https://www.example.com/blog/2024/d',
      'https://www.example.com/contact',
      '',
    ].join('\n'),
  );

  await dlg.getByRole('button', { name: 'Add all (5)' }).click();
  await wb.expectUrlCount(7);
  await expect(card.getByRole('button', { name: 'Indexable pages not listed: 0 pages' })).toBeDisabled();
  await page.getByRole('button', { name: 'Undo: Add missing indexable pages (5 URLs)' }).click();
  await wb.expectUrlCount(2);
});

test('in a workspace the card counts a page two files list once, and says what the reader noticed', async ({
  wb,
  page,
}) => {
  // Both files list the home page; the crawl repeats /about and its last quote never closes.
  await wb.openFiles([xml('blog.xml', [...BLOG, PAGES[0]]), xml('pages.xml', PAGES)]);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('pages.xml');
  await wb.dropFile(
    'internal_all.csv',
    `${CRAWL}https://www.example.com/about,404,Non-Indexable,\nhttps://www.example.com/x,200,Indexable,"2024\n`,
  );
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText(
    'internal_all.csv: line 11:41: unclosed quote; the rest of the file was read as one field. internal_all.csv: 1 crawl row repeats the URL of an earlier row: the first row of each URL is used.',
  );
  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  await expect(card.getByRole('list', { name: 'About the crawl file' })).toContainText(
    'line 11:41: unclosed quote',
  );
  // This file: / and /about; all files: /, /about, /blog/a, /blog/b — the home page once.
  const ok = card.getByRole('row', { name: /^200 indexable/ });
  await expect(ok.getByRole('button')).toHaveText('2');
  await expect(ok.getByRole('cell').last()).toHaveText('4');
  await card.screenshot({ path: test.info().outputPath('crawl-card-workspace.png') });
});
