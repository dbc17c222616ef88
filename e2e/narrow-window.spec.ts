import { expect, test } from './pages/workbench.ts';

// New-user review (session 12): at 1024 px the top bar ran off the window (Export…, CSV, theme
// and help unreachable), at 1280 px too once "Recent" showed; the file name was cut to three
// letters; and every click on a plain sitemap's row opened an empty Details drawer over 40% of
// the grid, which a close did not keep shut.

const IMG = 'http://www.google.com/schemas/sitemap-image/1.1';
const sitemap = (urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="${IMG}">
${urls.join('\n')}
</urlset>
`;
const file = (name: string, urls: string[]) => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(sitemap(urls)),
});
const plain = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `  <url><loc>https://www.example.com/page-${i}</loc><priority>0.5</priority></url>`,
  );
const withImage = (i: number) =>
  `  <url><loc>https://www.example.com/gallery-${i}</loc><image:image><image:loc>https://www.example.com/${i}.jpg</image:loc></image:image></url>`;

test('the top bar keeps every control on screen at 1024 and 1280 px, with Recent and an undo label', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await wb.openFile(file('first-file-with-a-long-name.xml', plain(3)));
  await wb.expectUrlCount(3);
  await (await wb.cell(0, 'Priority')).dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('0.3');
  await page.keyboard.press('Enter');
  await wb.openFile(file('second-sitemap-with-an-even-longer-file-name.xml', plain(4)));
  await page
    .getByRole('dialog', { name: /^Open second-sitemap/ })
    .getByRole('button', { name: 'Replace' })
    .click();
  await wb.expectUrlCount(4);
  await (await wb.cell(1, 'Priority')).dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('0.4');
  await page.keyboard.press('Enter');
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('button', { name: 'Recent' })).toBeVisible();
  await expect(bar.getByRole('button', { name: /^Undo: / })).toBeEnabled();

  for (const [width, height] of [
    [1024, 700],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    for (const name of ['Export…', 'Recent', 'Open…', 'Compare…', /^Undo: /, 'Redo']) {
      const box = await bar
        .getByRole('button', { name })
        .or(bar.getByText(name, { exact: true }))
        .first()
        .boundingBox();
      expect(box, `${String(name)} at ${width} px`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${String(name)} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${String(name)} at ${width} px`).toBeLessThanOrEqual(width);
    }
    // The file name stays readable: at least ~15 characters' room, the whole name on hover.
    const name = bar.locator('.doc-name');
    await expect(name).toHaveAttribute('title', 'second-sitemap-with-an-even-longer-file-name.xml');
    expect((await name.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(110);
  }
});

test('the Details drawer stays a one-line bar on rows without extension data, and a close holds', async ({
  wb,
}) => {
  await wb.openFile(file('mixed.xml', [...plain(2), withImage(1), withImage(2)]));
  await wb.expectUrlCount(4);
  const details = wb.details;
  const panel = details.getByRole('tabpanel');

  // A plain row: the bar with its row and URL, no panel taking the grid's room.
  await wb.clickCell(0, 'URL');
  await expect(details.getByRole('button', { name: 'Show details' })).toBeVisible();
  await expect(details).toContainText('https://www.example.com/page-0');
  await expect(panel).toHaveCount(0);
  await wb.clickCell(1, 'URL');
  await expect(panel).toHaveCount(0);

  // The first row with an image opens it, and it stays open on plain rows after that.
  await wb.clickCell(2, 'URL');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Image 1 URL', exact: true })).toHaveValue(
    'https://www.example.com/1.jpg',
  );
  await wb.clickCell(0, 'URL');
  await expect(panel).toBeVisible();

  // Closed by the user: it stays closed on the next image row, until asked again.
  await details.getByRole('button', { name: 'Close details' }).click();
  await wb.clickCell(3, 'URL');
  await expect(panel).toHaveCount(0);
  await details.getByRole('button', { name: 'Show details' }).click();
  await expect(panel.getByRole('textbox', { name: 'Image 1 URL', exact: true })).toHaveValue(
    'https://www.example.com/2.jpg',
  );
});
