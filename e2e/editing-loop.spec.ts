/** Issue 15: typing that works, fixes that say what they did, findings that matter first. */
import { downloadBytes, expect, test, type Workbench } from './pages/workbench.ts';

const xml = (urls: string, ns = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${urls}\n</urlset>\n`;

async function open(wb: Workbench, name: string, text: string, urls: number) {
  await wb.openFile({
    name,
    mimeType: name.endsWith('.txt') ? 'text/plain' : 'application/xml',
    buffer: Buffer.from(text),
  });
  await wb.expectUrlCount(urls);
}

const BROKEN = xml(
  [
    '<url><loc>https://www.example.com/</loc><priority>1.5</priority></url>',
    '<url><loc>https://www.example.com/a</loc><changefreq>sometimes</changefreq></url>',
    '<url><loc>https://www.example.com/b</loc><lastmod>15/01/2024</lastmod></url>',
    '<url><loc>/about/</loc></url>',
  ].join('\n'),
);

test('1. change frequency is a combobox with type-ahead; Enter takes, Esc cancels, other words are flagged', async ({
  wb,
  page,
}) => {
  await wb.trySample();
  const cell = await wb.clickCell(0, 'Change frequency');
  const before = await wb.cellText(0, 'Change frequency');
  await page.keyboard.type('mon');
  const box = page.getByRole('combobox', { name: 'Edit change frequency' });
  await expect(box).toHaveValue('mon');
  await expect(page.getByRole('option', { name: 'monthly' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('monthly');
  await expect(cell).not.toHaveAttribute('aria-invalid', 'true');

  await cell.click();
  await page.keyboard.type('dai');
  await page.keyboard.press('Escape');
  await expect(cell).toHaveText('monthly');

  await page.keyboard.type('sometimes');
  await expect(page.getByText('Not a keyword')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText('sometimes');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  expect(before).not.toBe('sometimes');
});

test('1. dates are typed as people write them and stored as W3C; the day/month order is asked once', async ({
  wb,
  page,
}) => {
  await wb.trySample();
  const first = await wb.clickCell(0, 'Last modified');
  await page.keyboard.type('2024-1-5');
  await page.keyboard.press('Enter');
  await expect(first).toHaveText('2024-01-05');

  const second = await wb.clickCell(1, 'Last modified');
  await page.keyboard.type('15/01/2024');
  await page.keyboard.press('Enter');
  await expect(second).toHaveText('2024-01-15');

  const third = await wb.clickCell(2, 'Last modified');
  await page.keyboard.type('05/01/2024');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('group', { name: 'Day and month order' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: /^Day\/month/ }).click();
  await expect(third).toHaveText('2024-01-05');

  const fourth = await wb.clickCell(3, 'Last modified');
  await page.keyboard.type('06/01/2024');
  await page.keyboard.press('Enter');
  await expect(fourth).toHaveText('2024-01-06');
  await expect(ask).toHaveCount(0);

  const prio = await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0,8');
  await page.keyboard.press('Enter');
  await expect(prio).toHaveText('0.8');
});

test('2. Fix all says how many rows it changes, asks for what it needs, and reports the result', async ({
  wb,
  page,
}) => {
  await open(wb, 'broken.xml', BROKEN, 4);
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });

  // The cell tip shows the value first and offers the clamp.
  await wb.clickCell(0, 'Priority');
  await expect(page.getByRole('tooltip').getByRole('button', { name: /“1\.5” → “1\.0”/ })).toBeVisible();

  await panel.getByRole('button', { name: /^Fix all PRIO-001/ }).click();
  const prio = panel.getByRole('group', { name: 'Fix all PRIO-001' });
  await expect(prio).toContainText('Will change 1 row.');
  await prio.getByRole('button', { name: 'Apply to 1 row' }).click();
  await expect(await wb.cell(0, 'Priority')).toHaveText('1.0');
  await expect(wb.button(/^Undo: Fix the priority \(1 URL\)/)).toBeEnabled();
  await expect(page.getByText('Fixed 1 URL (PRIO-001).')).toBeVisible();

  // "sometimes" has no safe keyword: no Fix all button that could only say so.
  await expect(panel.getByText('CF-001', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Fix all CF-001/ })).toHaveCount(0);

  await panel.getByRole('button', { name: /^Fix all LASTMOD-001/ }).click();
  await panel
    .getByRole('group', { name: 'Fix all LASTMOD-001' })
    .getByRole('button', { name: /^Apply to 1 row/ })
    .click();
  await expect(await wb.cell(2, 'Last modified')).toHaveText('2024-01-15');

  await panel.getByRole('button', { name: /^Fix all LOC-001/ }).click();
  const loc = panel.getByRole('group', { name: 'Fix all LOC-001' });
  await expect(loc).toContainText('1 needs the publish URL');
  await loc
    .getByRole('textbox', { name: 'Publish URL for relative URLs' })
    .fill('https://www.example.com/sitemap.xml');
  await loc.getByRole('button', { name: 'Set' }).click();
  await expect(loc).toContainText('Will change 1 row.');
  await loc.getByRole('button', { name: 'Apply to 1 row' }).click();
  await expect(await wb.cell(3, 'URL')).toHaveText('https://www.example.com/about/');
  await expect(page.getByText('Fixed 1 URL (LOC-001).')).toBeVisible();
});

const HREFLANG = xml(
  [
    '<url><loc>https://example.com/en/page</loc>',
    '<xhtml:link rel="alternate" hreflang="en_US" href="https://example.com/en-us/page"/>',
    '<xhtml:link rel="alternate" hreflang="fr_FR" href="https://example.com/fr/page"/></url>',
  ].join('\n'),
  ' xmlns:xhtml="http://www.w3.org/1999/xhtml"',
);

test('2b. Fix all is offered only where a row can be fixed; HREF-004 corrects en_US', async ({
  wb,
  page,
}) => {
  await open(wb, 'sitemapr-hreflang-underscore.xml', HREFLANG, 1);
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await expect(panel.getByText('HREF-005', { exact: true })).toBeVisible();
  await expect(panel.getByText('HREF-006', { exact: true })).toBeVisible();
  // The page's own language is unknown (no link to itself) and the return links are in files not
  // loaded: nothing to fix automatically, so no button.
  await expect(panel.getByRole('button', { name: /^Fix all HREF-00[56]/ })).toHaveCount(0);
  await panel.getByRole('button', { name: /^Fix all HREF-004/ }).click();
  await panel
    .getByRole('group', { name: 'Fix all HREF-004' })
    .getByRole('button', { name: 'Apply to 1 row' })
    .click();
  await expect(page.getByText('Fixed 1 URL (HREF-004).')).toBeVisible();
  await expect(panel.getByText('HREF-004', { exact: true })).toHaveCount(0);
});

// Hugo's multilingual sitemaps: relative locs and relative xhtml:link hrefs.
const HUGO = xml(
  [
    '<url><loc>/</loc>',
    '<xhtml:link rel="alternate" hreflang="fr" href="/fr/"/>',
    '<xhtml:link rel="alternate" hreflang="en" href="/"/></url>',
    '<url><loc>/tags/scene/</loc>',
    '<xhtml:link rel="alternate" hreflang="fr" href="/fr/tags/scene/"/>',
    '<xhtml:link rel="alternate" hreflang="en" href="/tags/scene/"/></url>',
    '<url><loc>/post/chapter-6/</loc></url>',
  ].join('\n'),
  ' xmlns:xhtml="http://www.w3.org/1999/xhtml"',
);

test('2c. Fix all LOC-001 resolves relative hreflang hrefs with the locs: no new errors', async ({
  wb,
  page,
}) => {
  await open(wb, 'sitemap.xml', HUGO, 3);
  await expect(wb.status).toContainText('7 errors');
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await panel.getByRole('button', { name: /^Fix all LOC-001/ }).click();
  const loc = panel.getByRole('group', { name: 'Fix all LOC-001' });
  await loc
    .getByRole('textbox', { name: 'Publish URL for relative URLs' })
    .fill('https://example.org/sitemap.xml');
  await loc.getByRole('button', { name: 'Set' }).click();
  await loc.getByRole('button', { name: 'Apply to 3 rows' }).click();
  await expect(wb.status).toContainText('0 errors');
  await expect(panel.getByText(/^HREF-00[35]$/)).toHaveCount(0);
  await expect(await wb.cell(1, 'URL')).toHaveText('https://example.org/tags/scene/');
});

test('2d. the publish URL a fix asks for is an undo step: Ctrl+Z takes back the fix, then the setting and its findings', async ({
  wb,
  page,
}, testInfo) => {
  await open(wb, 'sitemap.xml', HUGO, 3);
  await expect(wb.status).toContainText('7 errors');
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  const notices = page.getByRole('region', { name: 'Notifications' });
  await panel.getByRole('button', { name: /^Fix all LOC-001/ }).click();
  const loc = panel.getByRole('group', { name: 'Fix all LOC-001' });
  await loc
    .getByRole('textbox', { name: 'Publish URL for relative URLs' })
    .fill('https://example.org/sitemap.xml');
  await loc.getByRole('button', { name: 'Set' }).click();
  // The notice offers the Undo of the setting's own step, the one Ctrl+Z takes back.
  const said = notices.locator('.toast', { hasText: 'Publish URL set to https://example.org/sitemap.xml.' });
  await expect(said.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
  await expect(wb.button(/^Undo: Set publish URL/)).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('publish-url-step.png') });
  await loc.getByRole('button', { name: 'Apply to 3 rows' }).click();
  await expect(wb.status).toContainText('0 errors');
  await expect(await wb.cell(1, 'URL')).toHaveText('https://example.org/tags/scene/');

  await wb.clickCell(0, 'Priority');
  await page.keyboard.press('Control+z');
  await expect(await wb.cell(1, 'URL')).toHaveText('/tags/scene/');
  await page.keyboard.press('Control+z');
  await expect(wb.status).toContainText('7 errors');
  await expect(wb.button(/^Redo: Set publish URL/)).toBeEnabled();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const publish = panel
    .getByRole('tabpanel', { name: 'Settings' })
    .getByRole('textbox', { name: /^Publish URL/ });
  await expect(publish).toHaveValue('');

  await wb.clickCell(0, 'Priority');
  await page.keyboard.press('Control+y');
  await expect(publish).toHaveValue('https://example.org/sitemap.xml');
  await page.keyboard.press('Control+y');
  await expect(wb.status).toContainText('0 errors');
  await expect(await wb.cell(1, 'URL')).toHaveText('https://example.org/tags/scene/');
  await expect(publish).toHaveValue('https://example.org/sitemap.xml');
});

const ORDER = xml(
  Array.from(
    { length: 6 },
    (_, i) =>
      `<url><loc>https://www.example.com/p${i}</loc><priority>0.5</priority><lastmod>2024-01-0${i + 1}</lastmod></url>`,
  ).join('\n'),
);

test('3. under the default profile, XSD order is one note with one fix; counts agree; Strict shows each row', async ({
  wb,
  page,
}) => {
  await open(wb, 'next-sitemap.xml', ORDER, 6);
  await expect(wb.status).toContainText('0 errors');
  await expect(wb.status).toContainText('0 warnings');
  const notes = async () => Number((await wb.status.textContent())?.match(/(\d+) notes?/)?.[1] ?? 0);
  await expect(wb.status).toContainText(/\d+ notes?/);
  const before = await notes();
  const tab = page.getByRole('tab', { name: /^Issues/ });
  await expect(tab).toHaveText('Issues 0');
  await expect(await wb.cell(0, 'Last modified')).not.toHaveAttribute('aria-invalid', 'true');

  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await panel.getByText(`${before} notes about the whole file`).click();
  await expect(panel).toContainText('6 URLs list their children out of XSD order');
  await panel.getByRole('button', { name: 'Reorder children as the XSD wants…' }).click();
  await panel
    .getByRole('group', { name: 'Fix all XML-006' })
    .getByRole('button', { name: 'Apply to 6 rows' })
    .click();
  await expect(wb.status).toContainText(`${before - 1} note`);
  await expect(wb.button(/^Undo: Reorder children as the XSD wants \(6 URLs\)/)).toBeEnabled();

  await wb.button(/^Undo: Reorder/).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await panel.getByRole('radio', { name: /^Strict \(XSD\)/ }).check();
  await expect(wb.status).toContainText('6 warnings');
  await expect(tab).toHaveText('Issues 6');
});

test('5. a text sitemap keeps comment lines as TXT-001 rows with a one-step fix', async ({ wb, page }) => {
  // The status bar counts URLs, and the comment line apart from them.
  await open(
    wb,
    'sitemap.txt',
    '# To add a list of URLs, make one per line\nhttps://www.example.com/\nhttps://www.example.com/a\n',
    2,
  );
  await expect(wb.status).toContainText('1 line that is not a URL');
  const comment = await wb.cell(0, 'URL');
  await expect(comment).toHaveText('# To add a list of URLs, make one per line');
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await panel.getByRole('button', { name: /^Fix all TXT-001/ }).click();
  await panel
    .getByRole('group', { name: 'Fix all TXT-001' })
    .getByRole('button', { name: 'Remove 1 row' })
    .click();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '3');
  await wb.expectUrlCount(2);
  await expect(wb.status).not.toContainText('not a URL');
  await expect(
    wb.button(/^Undo: Add the missing scheme; remove lines that are not URLs \(1 row removed\)/),
  ).toBeEnabled();
});

test('5b. Fix all LOC-006 says what it does: a duplicate with nothing to merge is one row removed', async ({
  wb,
  page,
}) => {
  const dup = '<url><loc>https://www.example.com/a</loc><lastmod>2024-01-01</lastmod></url>';
  await open(
    wb,
    'sitemap.xml',
    xml([dup, '<url><loc>https://www.example.com/b</loc></url>', dup].join('\n')),
    3,
  );
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await panel.getByRole('button', { name: /^Fix all LOC-006/ }).click();
  const plan = panel.getByRole('group', { name: 'Fix all LOC-006' });
  await expect(plan).toContainText('Will remove 1 row: it repeats the URL of an earlier row, which is kept.');
  await expect(plan).toContainText('Row 3 removed: row 1 (https://www.example.com/a) is kept');
  await plan.getByRole('button', { name: 'Remove 1 row' }).click();
  await wb.expectUrlCount(2);
  await expect(page.getByText('Removed 1 row (LOC-006).')).toBeVisible();
});

const NORMALIZED = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
<url><loc>https://www.example.com/ümlaut</loc><priority>0.8</priority><lastmod>2024-06-24</lastmod><changefreq>daily</changefreq></url>
<url><loc>https://www.example.com/ok</loc><priority>0.5</priority></url>
</urlset>
`;

test('4. the Export dialog lists what it will change, and Lean output leaves out changefreq and priority', async ({
  wb,
  page,
}) => {
  await open(wb, 'changes.xml', NORMALIZED, 2);
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  // The change list describes the normalized output (Keep formatting copies the file's bytes).
  await expect(dlg.getByRole('radio', { name: /^XML/ })).toBeChecked();
  const normalize = dlg.getByRole('radio', { name: 'Normalize' });
  if ((await normalize.count()) > 0) await normalize.check();
  const changes = dlg.getByRole('region', { name: 'What the export changes' });
  await expect(changes).toContainText('1 URL percent-encoded');
  await expect(changes).toContainText('1 entry written in XSD child order');
  await expect(changes).toContainText('1 unused namespace dropped: xmlns:video');
  await changes.getByRole('checkbox', { name: /^Lean output/ }).check();
  await expect(changes).toContainText('1 change frequency left out (Lean output)');
  await expect(changes).toContainText('2 priorities left out (Lean output)');
  await expect(dlg.getByText(/Preparing/)).toBeHidden();
  const confirm = dlg.getByRole('checkbox', { name: /Export anyway/ });
  if ((await confirm.count()) > 0) await confirm.check();
  await expect(dlg.getByRole('button', { name: 'Download' })).toBeEnabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dlg.getByRole('button', { name: 'Download' }).click(),
  ]);
  const text = (await downloadBytesOf(download)).toString('utf8');
  expect(text).toContain('<loc>https://www.example.com/%C3%BCmlaut</loc>');
  expect(text).not.toContain('<priority>');
  expect(text).not.toContain('<changefreq>');
});

test('5. a text sitemap exports its comment lines as they were, or leaves them out; never as URLs', async ({
  wb,
  page,
}) => {
  const source = '# To add a list of URLs, make one per line\nhttps://www.example.com/\n';
  // One URL; the comment line is counted apart.
  await open(wb, 'sitemap.txt', source, 1);
  const exportText = async (choice: 'Write as they were' | 'Leave out') => {
    await wb.button(/^Export/).click();
    const dlg = wb.dialog('Export sitemap');
    await dlg.getByRole('radio', { name: /^Text/ }).check();
    const normalize = dlg.getByRole('radio', { name: 'Normalize' });
    if ((await normalize.count()) > 0) await normalize.check();
    const changes = dlg.getByRole('region', { name: 'What the export changes' });
    await changes.getByRole('radio', { name: choice }).check();
    await expect(changes).toContainText(
      choice === 'Leave out'
        ? '1 line that is not a URL left out'
        : '1 line that is not a URL written as it was',
    );
    // Whether "Export anyway" is asked depends on the preview of the chosen option: the callout
    // of the previous choice's preview stays up while the new one is prepared.
    await expect(dlg.getByText(/Preparing/)).toBeHidden();
    const confirm = dlg.getByRole('checkbox', { name: /Export anyway/ });
    if ((await confirm.count()) > 0) await confirm.check();
    await expect(dlg.getByRole('button', { name: 'Download' })).toBeEnabled();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dlg.getByRole('button', { name: 'Download' }).click(),
    ]);
    return (await downloadBytesOf(download)).toString('utf8');
  };
  expect(await exportText('Write as they were')).toBe(source);
  expect(await exportText('Leave out')).toBe('https://www.example.com/\n');
});

async function downloadBytesOf(d: import('@playwright/test').Download): Promise<Buffer> {
  return Buffer.from(await downloadBytes(d));
}

test('6. ? in a focused cell opens the shortcut list; rule titles are plain text', async ({ wb, page }) => {
  await wb.trySample();
  const cell = await wb.clickCell(0, 'Priority');
  await page.keyboard.press('?');
  await expect(wb.dialog('Keyboard shortcuts')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Edit priority' })).toHaveCount(0);
  await expect(cell).not.toHaveText('?');

  await open(wb, 'next-sitemap.xml', ORDER, 6);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: /^Strict \(XSD\)/ }).check();
  await page.getByRole('tab', { name: /^Issues/ }).click();
  await expect(page.getByRole('heading', { name: 'Child order inside <url>' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Issues and settings' })).not.toContainText('`');
});

test('6. + Add image puts the cursor in the new image URL', async ({ wb, page }) => {
  await open(wb, 'one.xml', xml('<url><loc>https://www.example.com/</loc></url>'), 1);
  const d = await wb.openDetails(0, 'Images');
  await d.getByRole('button', { name: '+ Add image' }).click();
  const url = d.getByRole('textbox', { name: 'Image 1 URL', exact: true });
  await expect(url).toBeFocused();
  await page.keyboard.type('https://www.example.com/a.jpg');
  await page.keyboard.press('Enter');
  await expect(url).toHaveValue('https://www.example.com/a.jpg');
  await expect(d.getByRole('textbox', { name: 'Image 2 URL', exact: true })).toHaveCount(0);
});

test('6. a full date-time shows uncut when there is room', async ({ wb, page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await open(
    wb,
    'dt.xml',
    xml('<url><loc>https://www.example.com/</loc><lastmod>2016-08-06T04:14:35+00:00</lastmod></url>'),
    1,
  );
  const cell = await wb.cell(0, 'Last modified');
  await expect(cell).toHaveText('2016-08-06T04:14:35+00:00');
  const [scroll, client] = await cell.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll, 'text width within the cell').toBeLessThanOrEqual(client);
});

test('6. a robots.txt counts sitemaps, and All files has a status bar', async ({ wb, page }) => {
  await wb.openFile({
    name: 'robots.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      'User-agent: *\nDisallow:\nSitemap: https://www.example.com/a.xml\nSitemap: https://www.example.com/b.xml\n',
    ),
  });
  await expect(wb.status).toContainText('2 sitemaps');

  await wb.openFiles([
    'e2e/fixtures/workspace/sitemap.xml',
    'e2e/fixtures/workspace/sitemap-0.xml',
    'e2e/fixtures/workspace/blog-sitemap.xml',
  ]);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('All files');
  await expect(wb.status).toContainText(/\d+ URLs\s*in 3 files/);
  await expect(wb.status).toContainText(/\d+ errors?/);
  await expect(page.getByRole('table', { name: 'All workspace URLs' })).toBeVisible();
});

test('1. the detail panel reads typed dates like the grid: W3C stored, day/month asked once', async ({
  wb,
}) => {
  await wb.openFile('e2e/fixtures/extensions/media.xml');
  await wb.expectUrlCount(2);
  const d = await wb.openDetails(0, 'News');
  const date = d.getByRole('textbox', { name: 'News publication date', exact: true });
  await date.click();
  await date.fill('2024-1-5');
  await date.press('Enter');
  await expect(date).toHaveValue('2024-01-05');
  await date.click();
  await date.fill('03/04/2024');
  await date.press('Enter');
  const ask = d.getByRole('group', { name: 'Day and month order' });
  await ask.getByRole('button', { name: 'Month/day' }).click();
  await expect(date).toHaveValue('2024-03-04');
  await expect(ask).toHaveCount(0);
});
