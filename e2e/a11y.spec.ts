import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './pages/workbench.ts';

async function violations(page: import('@playwright/test').Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

test('the empty state has no axe violations', async ({ wb, page }) => {
  await expect(wb.status).toContainText('No sitemap open');
  expect(await violations(page)).toEqual([]);
});

test('the editor with the sample and an active invalid cell has no axe violations', async ({ wb, page }) => {
  await wb.trySample();
  await page.getByLabel('Search').fill('help/contact');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  await wb.clickCell(0, 'Change frequency');
  await expect(page.getByRole('tooltip')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the export dialog has no axe violations', async ({ wb, page }) => {
  await wb.trySample();
  await wb.button(/^Export/).click();
  await expect(wb.dialog('Export sitemap').getByRole('table', { name: 'Files to download' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
