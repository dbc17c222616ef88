import { readFileSync } from 'node:fs';
import { test as base, type Download, expect, type Locator, type Page } from '@playwright/test';
import { installGuards } from '../guards.ts';

/** Column names as the grid's column headers announce them. */
export type ColumnName =
  | 'URL'
  | 'Last modified'
  | 'Change frequency'
  | 'Priority'
  | 'Issues'
  | 'Images'
  | 'Row';

/**
 * The one page object of the e2e suite. Everything is found by role and accessible name.
 * Rows and columns are 0-based view positions (row 0 = first data row).
 */
export class Workbench {
  readonly grid: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('grid', { name: 'Sitemap entries' });
    this.status = page.getByRole('status', { name: 'Document status' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { name: 'Sitemap Workbench' })).toBeVisible();
  }

  /** Open files through the "Open sitemap file" input. */
  async openFile(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel('Open sitemap file').setInputFiles(file);
  }

  /** Open several files at once through the "Open sitemap file" input (all paths or all payloads). */
  async openFiles(
    files: string[] | Array<{ name: string; mimeType: string; buffer: Buffer }>,
  ): Promise<void> {
    await this.page.getByLabel('Open sitemap file').setInputFiles(files);
  }

  /** The workspace panel, shown while several files are open together. */
  get workspace(): Locator {
    return this.page.getByRole('complementary', { name: 'Workspace' });
  }

  /** Make a workspace file active by its name in the workspace panel, or show "All files". */
  async showWorkspaceFile(name: string | 'All files'): Promise<void> {
    const button =
      name === 'All files'
        ? this.workspace.getByRole('button', { name: /^All files/ })
        : this.workspace.getByRole('button', {
            name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
          });
    await button.click();
    await expect(button).toHaveAttribute('aria-current', 'true');
  }

  /** Drop files on the window with a real drop event carrying a DataTransfer built in the page. */
  async dropFile(name: string, content: string, ...more: Array<[string, string]>): Promise<void> {
    const files: Array<[string, string]> = [[name, content], ...more];
    const dt = await this.page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const [n, c] of list) data.items.add(new File([c], n, { type: 'application/xml' }));
      return data;
    }, files);
    await this.page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
    await this.page.dispatchEvent('body', 'dragover', { dataTransfer: dt });
    await expect(this.page.getByText('Drop to open the sitemap')).toBeVisible();
    await this.page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  }

  async trySample(): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Try a sample' }).click();
    await this.expectUrlCount(201);
  }

  async expectUrlCount(n: number, timeout?: number): Promise<void> {
    await expect(this.status).toContainText(`${n.toLocaleString('en-US')} URL${n === 1 ? '' : 's'}`, {
      timeout,
    });
  }

  async columnIndex(name: ColumnName): Promise<number> {
    // The status bar can report a freshly opened file a frame before the grid mounts.
    await expect(this.grid.getByRole('columnheader', { name: 'URL', exact: true })).toBeVisible();
    const headers = await this.grid.getByRole('columnheader').allInnerTexts();
    const names = await this.grid
      .getByRole('columnheader')
      .evaluateAll((els) =>
        els.map((e) => (e.textContent ?? '').replace('#', '').replace(/[▲▼]/g, '').trim()),
      );
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`No column ${name} in ${headers.join(', ')}`);
    return i;
  }

  /** The cell at a view row (0-based) and column name; scrolls its row into the DOM first. */
  async cell(row: number, column: ColumnName): Promise<Locator> {
    const col = await this.columnIndex(column);
    const tr = this.grid.locator(`tr[aria-rowindex="${row + 2}"]`);
    if ((await tr.count()) === 0) {
      // The grid is virtualized: scroll its container (the grid's parent) to the row.
      await this.grid.evaluate((g, r) => {
        const scroller = g.parentElement!;
        const rowH = g.querySelector('tr')?.getBoundingClientRect().height ?? 32;
        scroller.scrollTop = Math.max(0, r * rowH - scroller.clientHeight / 2);
      }, row);
      await expect(tr).toHaveCount(1);
    }
    return tr.locator(`> [aria-colindex="${col + 1}"]`);
  }

  async clickCell(row: number, column: ColumnName, modifiers?: Array<'Shift'>): Promise<Locator> {
    const cell = await this.cell(row, column);
    await cell.click({ modifiers });
    // Shift+click extends the range; the active (focused) cell stays where it was.
    if (!modifiers?.length) await expect(cell).toBeFocused();
    return cell;
  }

  async cellText(row: number, column: ColumnName): Promise<string> {
    return ((await (await this.cell(row, column)).textContent()) ?? '').trim();
  }

  /** Paste text into the grid at the active cell, as a clipboard paste event would. */
  async pasteText(text: string): Promise<void> {
    await this.page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
  }

  /** The text a Ctrl+C would put on the clipboard, captured from the copy event. */
  async copySelection(): Promise<string> {
    return this.page.evaluate(() => {
      const data = new DataTransfer();
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(
        new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true }),
      );
      return data.getData('text/plain');
    });
  }

  /** Open the top bar's CSV menu and pick an item; returns the dialog it opens. */
  async csvMenu(item: 'Import CSV…' | 'Export CSV…'): Promise<Locator> {
    await this.page.getByRole('banner').getByRole('button', { name: 'CSV', exact: true }).click();
    await this.page.getByRole('group', { name: 'CSV' }).getByRole('button', { name: item }).click();
    const dlg = this.dialog(item.replace('…', ''));
    await expect(dlg).toBeVisible();
    return dlg;
  }

  /** Import a CSV file through the Import CSV dialog, keeping the guessed column mapping. */
  async importCsv(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<Locator> {
    const dlg = await this.csvMenu('Import CSV…');
    await dlg.getByLabel(/^CSV file/).setInputFiles(file);
    await expect(dlg.getByRole('table', { name: /^Preview/ })).toBeVisible();
    return dlg;
  }

  /** Choose a theme with the top bar's theme switch (System follows prefers-color-scheme). */
  async setTheme(theme: 'System' | 'Light' | 'Dark'): Promise<void> {
    const trigger = this.page.getByRole('banner').getByRole('button', { name: /^Theme: / });
    await trigger.click();
    await this.page
      .getByRole('group', { name: 'Theme' })
      .getByRole('radio', { name: new RegExp(`^${theme}`) })
      .check();
    await this.page.keyboard.press('Escape');
    await expect(trigger).toHaveAccessibleName(`Theme: ${theme}`);
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** The row detail drawer (images, videos, news, hreflang, other XML of the active row). */
  get details(): Locator {
    return this.page.getByRole('region', { name: 'Row details' });
  }

  /** Select a row by its URL cell, wait for its detail drawer and open a section tab. */
  async openDetails(
    row: number,
    tab?: 'Images' | 'Videos' | 'News' | 'hreflang' | 'Other XML',
  ): Promise<Locator> {
    await this.clickCell(row, 'URL');
    await expect(this.details).toBeVisible();
    // A row without extension data shows the drawer as its one-line bar until asked.
    const show = this.details.getByRole('button', { name: 'Show details' });
    if (tab && (await show.count()) > 0) await show.click();
    if (tab) {
      const t = this.details.getByRole('tab', { name: new RegExp(`^${tab}`) });
      await t.click();
      await expect(t).toHaveAttribute('aria-selected', 'true');
    }
    return this.details;
  }

  /** Export with the given format radio and return the downloads. */
  async exportAs(
    format: 'XML' | 'Text' | 'Gzipped XML' | 'Zip of split files',
    confirmErrors = true,
    formatting?: 'Normalize',
  ) {
    await this.button(/^Export/).click();
    const dlg = this.dialog('Export sitemap');
    await dlg.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
    if (formatting) await dlg.getByRole('radio', { name: formatting }).check();
    await expect(dlg.getByRole('table', { name: 'Files to download' })).toBeVisible();
    const confirm = dlg.getByRole('checkbox', { name: /Export anyway/ });
    if (confirmErrors && (await confirm.count()) > 0) {
      await expect(dlg.getByRole('button', { name: 'Download' })).toBeDisabled();
      await confirm.check();
    }
    // Text holds URLs only: a document with other values asks before leaving them out.
    const dropOk = dlg.getByRole('checkbox', { name: 'Export as text anyway, without them' });
    if (confirmErrors && (await dropOk.count()) > 0) await dropOk.check();
    const downloadPromise = this.page.waitForEvent('download');
    await dlg.getByRole('button', { name: 'Download' }).click();
    return downloadPromise;
  }
}

/** The bytes of a finished download. */
export async function downloadBytes(d: Download): Promise<Uint8Array> {
  return new Uint8Array(readFileSync(await d.path()));
}

/** `test` with a `wb` page object; any console error or page error fails the test. */
export const test = base.extend<{ wb: Workbench; guard: undefined }>({
  // Automatic: every test fails on a CSP violation or a request leaving the app's origin.
  guard: [
    async ({ page, baseURL }, use) => {
      const guard = await installGuards(page, new URL(baseURL ?? 'http://127.0.0.1:4173').origin);
      await use(undefined);
      const noHarm = { cspViolations: [], foreignRequests: [] };
      expect(await guard.report(), 'CSP violations and requests to other origins').toEqual(noHarm);
    },
    { auto: true },
  ],
  wb: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    const wb = new Workbench(page);
    await wb.goto();
    await use(wb);
    expect(errors, 'console errors during the test').toEqual([]);
  },
});
/**
 * A urlset of `n` URLs in 40 folders, one priority each, as text: big enough (600,000) that long
 * work on it is still running when a test clicks Cancel.
 */
export function bigSitemap(n: number): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `<url><loc>https://big.example.com/s-${i % 40}/item-${i}</loc><priority>0.5</priority></url>\n`,
    );
  parts.push('</urlset>\n');
  return parts.join('');
}

export { expect };
