import { expect, test } from './pages/workbench.ts';

test('the app loads with its title and no console errors', async ({ wb }) => {
  await expect(wb.page).toHaveTitle('Sitemap Workbench');
  await expect(wb.page.getByRole('heading', { name: 'Sitemap Workbench' })).toBeVisible();
});
