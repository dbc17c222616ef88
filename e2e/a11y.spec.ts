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

// ---------------------------------------------------------------------------------------------
// Every main view in both themes (issue 9). Views other helpers add (detail drawer, tree, charts,
// restore banner) are checked when their control exists; a missing one is logged as an annotation
// and on the console, never skipped silently.

type Wb = import('./pages/workbench.ts').Workbench;
type Page = import('@playwright/test').Page;
interface View {
  name: string;
  /** Bring the view up; return false when the app has no such view (logged, not failed). */
  open(wb: Wb, page: Page): Promise<boolean>;
}

const FROG_CSV = new URL('./fixtures/csv/screaming-frog-internal-html.csv', import.meta.url).pathname;
const BROKEN_XML = new URL('./fixtures/broken-after-three.xml', import.meta.url).pathname;

async function sideTab(wb: Wb, page: Page, name: string, ready: (p: Page) => Promise<void>) {
  await wb.trySample();
  // The side panel loads on first use: counting its tabs before it is there skipped the view
  // silently under load ("NOT PRESENT: tree" with the tree on screen a moment later).
  await expect(page.getByRole('tab', { name: /^Issues/ })).toBeVisible();
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  if ((await tab.count()) === 0) return false;
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await ready(page);
  return true;
}

async function dialogView(wb: Wb, page: Page, button: RegExp, title: string) {
  await wb.trySample();
  await page.getByRole('button', { name: button }).first().click();
  await expect(wb.dialog(title)).toBeVisible();
  return true;
}

const VIEWS: View[] = [
  {
    name: 'empty',
    open: async (wb) => {
      await expect(wb.status).toContainText('No sitemap open');
      return true;
    },
  },
  {
    name: 'loaded table with the issues panel',
    open: async (wb, page) => {
      await wb.trySample();
      await expect(page.getByRole('region', { name: 'Issues by rule' })).toBeVisible();
      return true;
    },
  },
  {
    name: 'active invalid cell with its tip',
    open: async (wb, page) => {
      await wb.trySample();
      await page.getByLabel('Search').fill('help/contact');
      await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
      await wb.clickCell(0, 'Change frequency');
      await expect(page.getByRole('tooltip')).toBeVisible();
      return true;
    },
  },
  {
    name: 'detail panel',
    open: async (wb, page) => {
      await wb.trySample();
      await wb.clickCell(0, 'URL');
      const details = page.getByRole('region', { name: 'Row details' });
      if ((await details.count()) === 0) return false;
      await expect(details).toBeVisible();
      return true;
    },
  },
  {
    name: 'tree',
    open: (wb, page) =>
      sideTab(wb, page, 'Tree', (p) => expect(p.getByRole('tree', { name: 'URL tree' })).toBeVisible()),
  },
  {
    name: 'charts',
    open: (wb, page) =>
      sideTab(wb, page, 'Charts', (p) => expect(p.locator('.chart-card').first()).toBeVisible()),
  },
  {
    name: 'settings',
    open: (wb, page) => sideTab(wb, page, 'Settings', (p) => expect(p.getByRole('tabpanel')).toBeVisible()),
  },
  { name: 'export dialog', open: (wb, page) => dialogView(wb, page, /^Export…/, 'Export sitemap') },
  {
    name: 'find and replace dialog',
    open: (wb, page) => dialogView(wb, page, /^Find & replace/, 'Find and replace'),
  },
  { name: 'bulk edit dialog', open: (wb, page) => dialogView(wb, page, /^Bulk edit/, 'Bulk edit') },
  {
    name: 'paste dialog',
    open: async (_wb, page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Paste…' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      return true;
    },
  },
  {
    name: 'CSV import dialog with mapping and preview',
    open: async (wb) => {
      await wb.importCsv(FROG_CSV);
      return true;
    },
  },
  {
    name: 'CSV export dialog',
    open: async (wb) => {
      await wb.trySample();
      await wb.csvMenu('Export CSV…');
      return true;
    },
  },
  {
    name: 'CSV menu open',
    open: async (_wb, page) => {
      await page.getByRole('banner').getByRole('button', { name: 'CSV', exact: true }).click();
      await expect(page.getByRole('group', { name: 'CSV' })).toBeVisible();
      return true;
    },
  },
  {
    name: 'theme menu open',
    open: async (_wb, page) => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Theme: / })
        .click();
      await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible();
      return true;
    },
  },
  {
    name: 'shortcut overlay',
    open: async (wb, page) => {
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await expect(wb.dialog('Keyboard shortcuts')).toBeVisible();
      return true;
    },
  },
  {
    name: 'parse error view',
    open: async (wb, page) => {
      await wb.openFile(BROKEN_XML);
      await expect(page.getByRole('alert')).toBeVisible();
      return true;
    },
  },
  {
    name: 'restored work banner',
    open: async (wb, page) => {
      await wb.trySample();
      // Autosave runs ~0.7 s after a change; reopen the page and the work comes back.
      await page.waitForTimeout(1500);
      await page.reload();
      const banner = page.getByText(/^Restored /);
      await expect(banner.or(wb.status.getByText('No sitemap open'))).toBeVisible();
      return (await banner.count()) > 0;
    },
  },
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme} theme`, () => {
    for (const view of VIEWS) {
      test(`${view.name}: no violations`, async ({ wb, page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        const present = await view.open(wb, page);
        const note = present ? `checked: ${view.name} (${scheme})` : `NOT PRESENT: ${view.name} (${scheme})`;
        test.info().annotations.push({ type: 'axe view', description: note });
        console.log(`[a11y] ${note}`);
        if (!present) return;
        // The theme really is the one under test (the palette comes from theme-dark.css).
        const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
        expect(bg).toBe(scheme === 'dark' ? 'rgb(20, 23, 28)' : 'rgb(246, 247, 249)');
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

test('the dark theme chosen with the switch (light system) has no violations', async ({ wb, page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await wb.setTheme('Dark');
  await wb.trySample();
  await wb.clickCell(2, 'Last modified');
  expect(await violations(page)).toEqual([]);
});

test('the grid announces position, size and validity of cells', async ({ wb, page }) => {
  await wb.trySample();
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '202');
  const colcount = Number(await wb.grid.getAttribute('aria-colcount'));
  expect(colcount).toBe(await wb.grid.getByRole('columnheader').count());
  await page.getByLabel('Search').fill('help/contact');
  await expect(wb.grid).toHaveAttribute('aria-rowcount', '2');
  const cell = await wb.clickCell(0, 'Change frequency');
  await expect(cell).toHaveAttribute('role', 'gridcell');
  await expect(cell).toHaveAttribute('aria-colindex', String((await wb.columnIndex('Change frequency')) + 1));
  await expect(cell.locator('xpath=..')).toHaveAttribute('aria-rowindex', '2');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  // The active invalid cell points at its issue text.
  const describedBy = await cell.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText(/\S/);
  const valid = await wb.cell(0, 'URL');
  await expect(valid).not.toHaveAttribute('aria-invalid', 'true');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`every Tab stop shows a visible focus indicator (${scheme})`, async ({ wb, page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await wb.trySample();
    await page.locator('body').click({ position: { x: 2, y: 200 } });
    const missing: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const visible = (e: Element) => {
          const s = getComputedStyle(e);
          return (s.outlineStyle !== 'none' && s.outlineWidth !== '0px') || s.boxShadow !== 'none';
        };
        // A hidden file input shows focus on its label (.file-button:focus-within).
        const shown = visible(el) || (el.parentElement !== null && visible(el.parentElement));
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        return { id: `${el.tagName} ${name}`, shown };
      });
      if (!info || seen.has(info.id)) continue;
      seen.add(info.id);
      if (!info.shown) missing.push(info.id);
    }
    expect(seen.size).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });
}
