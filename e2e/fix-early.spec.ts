/**
 * Session 17: the rule fixes' code is not in the first chunk; it loads with the parts that show a
 * fix (the table's cell tips, the issues panel, the row drawer: src/state/fixCode.ts). A fix
 * clicked as soon as the opened file shows must work, even when that code comes late: no fix
 * button is on screen before its command can run.
 */
import { expect, test } from './pages/workbench.ts';

const SITEMAP = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://early.example.com/a</loc><changefreq>Weekly</changefreq></url>
<url><loc>https://early.example.com/b</loc><priority>2.0</priority></url>
<url><loc>https://early.example.com/c</loc></url>
</urlset>
`,
);
const FIX_CODE = /\/assets\/(fixCommands|fixes)-[\w-]+\.js$/;

test('a fix clicked right after the open applies, also when its code comes late', async ({ wb, page }) => {
  // Hold the fix code back, in a fresh page (the fixture's page may have fetched it when idle).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(FIX_CODE, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  await wb.goto();
  await wb.openFile({ name: 'early.xml', mimeType: 'application/xml', buffer: SITEMAP });
  await expect.poll(() => asked).toBeGreaterThan(0);
  // While its fixes cannot run, none is offered (the table and panels wait for that code).
  await expect(page.getByRole('button', { name: /^Fix/ })).toHaveCount(0);
  release();
  await wb.expectUrlCount(3);

  // The first fix button the user can reach is clicked at once.
  const panel = page.getByRole('complementary', { name: 'Issues and settings' });
  await panel.getByRole('button', { name: /^Fix all PRIO-001/ }).click();
  await panel
    .getByRole('group', { name: 'Fix all PRIO-001' })
    .getByRole('button', { name: /^Apply to/ })
    .click();
  await expect(await wb.cell(1, 'Priority')).toHaveText('1.0');

  const freq = await wb.cell(0, 'Change frequency');
  await freq.click();
  await page.getByRole('tooltip').getByRole('button', { name: /^Fix/ }).first().click();
  await expect(freq).toHaveText('weekly');
  await expect(wb.button(/^Undo: /)).toBeEnabled();
});

test('a fix in a fresh page, clicked as soon as it shows', async ({ wb, page }) => {
  await wb.goto();
  await wb.openFile({ name: 'early.xml', mimeType: 'application/xml', buffer: SITEMAP });
  const freq = await wb.cell(0, 'Change frequency');
  await freq.click();
  await page.getByRole('tooltip').getByRole('button', { name: /^Fix/ }).first().click();
  await expect(freq).toHaveText('weekly');
});
