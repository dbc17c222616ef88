import { expect, test } from './pages/workbench.ts';
test('shots', async ({ wb, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.openFiles(['e2e/fixtures/workspace/sitemap.xml', 'e2e/fixtures/workspace/sitemap-0.xml']);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('sitemap-0.xml');
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.4');
  await page.keyboard.press('Enter');
  await page.screenshot({ path: '/tmp/shot-ws.png' });
  await page.getByRole('banner').getByRole('button', { name: 'Try a sample' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: '/tmp/shot-ask.png' });
});
