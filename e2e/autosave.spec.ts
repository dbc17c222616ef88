import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with playwright.config.ts
import { CHROMIUM_ARGS } from '../scripts/find-browser.mjs';
import { installGuards } from './guards.ts';
import { expect, test, Workbench } from './pages/workbench.ts';

const noHarm = { cspViolations: [], foreignRequests: [] };

async function setCell(wb: Workbench, row: number, value: string): Promise<void> {
  await wb.clickCell(row, 'Priority');
  await wb.page.keyboard.type(value);
  await wb.page.keyboard.press('Enter');
  await expect(await wb.cell(row, 'Priority')).toHaveText(value);
}

test.describe('a closed browser loses no work', () => {
  let dir = '';
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitemap-workbench-profile-'));
  });
  test.afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The same browser profile (and so the same IndexedDB) every time, like closing and reopening Chrome. */
  async function open(
    baseURL: string,
  ): Promise<{ ctx: BrowserContext; page: Page; wb: Workbench; done(): Promise<void> }> {
    const ctx = await chromium.launchPersistentContext(dir, {
      executablePath: process.env.SITEMAP_WORKBENCH_CHROMIUM || undefined,
      args: CHROMIUM_ARGS,
      baseURL,
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const guard = await installGuards(page, new URL(baseURL).origin, ctx);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const wb = new Workbench(page);
    await wb.goto();
    return {
      ctx,
      page,
      wb,
      async done() {
        expect(await guard.report()).toEqual(noHarm);
        expect(errors).toEqual([]);
        await ctx.close();
      },
    };
  }

  test('closing the browser mid-edit and reopening it restores every edit older than a second', async ({
    baseURL,
  }) => {
    const first = await open(baseURL ?? '');
    await first.wb.trySample();
    await setCell(first.wb, 0, '0.3');
    await setCell(first.wb, 2, '0.1');
    // Autosave runs within a second of the last change.
    await first.page.waitForTimeout(1_500);
    // A second edit typed but not waited for may be lost; one still in the cell editor too.
    await setCell(first.wb, 3, '0.0');
    await first.wb.clickCell(4, 'Priority');
    await first.page.keyboard.type('0.9');
    await first.done();

    const second = await open(baseURL ?? '');
    const banner = second.page.getByRole('region', { name: 'Saved work' });
    const year = String(new Date().getFullYear());
    await expect(banner).toContainText(/Restored sample-sitemap\.xml \(201 URLs, [2-9] undo steps\) from /);
    await expect(banner).toContainText(year);
    await expect(banner).toContainText(/\d{1,2}:\d{2}/);
    await second.wb.expectUrlCount(201);
    expect(await second.wb.cellText(0, 'Priority')).toBe('0.3');
    expect(await second.wb.cellText(2, 'Priority')).toBe('0.1');
    expect(await second.wb.cellText(4, 'Priority')).not.toBe('0.9');
    // History came back too: undo steps back through the restored edits.
    const undo = second.page.getByRole('banner').getByRole('button', { name: /^Undo: / });
    const row3 = await second.wb.cellText(3, 'Priority');
    await undo.click();
    if (row3 === '0.0') await expect(await second.wb.cell(3, 'Priority')).not.toHaveText('0.0');
    else await expect(await second.wb.cell(2, 'Priority')).not.toHaveText('0.1');

    // Discard: the saved work is gone, now and on the next visit.
    await banner.getByRole('button', { name: 'Discard saved work' }).click();
    await expect(banner).toHaveCount(0);
    await expect(second.wb.status).toContainText('No sitemap open');
    await second.page.waitForTimeout(1_000);
    await second.done();

    const third = await open(baseURL ?? '');
    await expect(third.page.getByRole('button', { name: 'Try a sample' }).first()).toBeVisible();
    await expect(third.page.getByRole('region', { name: 'Saved work' })).toHaveCount(0);
    await expect(third.wb.status).toContainText('No sitemap open');
    await third.done();
  });
});

test('reloading with changes that were not exported asks first; without changes it does not', async ({
  wb,
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
  });
  await wb.trySample();
  await page.reload();
  await expect(wb.status).toContainText(/201 URLs|No sitemap open/);
  expect(dialogs).toEqual([]);
  if ((await wb.status.textContent())?.includes('No sitemap open')) await wb.trySample();
  await setCell(wb, 0, '0.2');
  const asked = page.waitForEvent('dialog');
  void page.evaluate(() => location.reload()).catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  // Staying keeps the edit on screen.
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.2');
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');

  // Leaving anyway: autosave brings the edit back.
  await page.waitForTimeout(1_200);
  const again = page.waitForEvent('dialog');
  const navigated = page.waitForEvent('load');
  void page.evaluate(() => location.reload()).catch(() => undefined);
  await (await again).accept();
  await navigated;
  await expect(page.getByRole('region', { name: 'Saved work' })).toContainText('Restored');
  expect(await wb.cellText(0, 'Priority')).toBe('0.2');
});

test('with no IndexedDB at all (private mode) a notice says so and the app works in memory', async ({
  wb,
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  });
  await page.reload();
  expect(await page.evaluate(() => typeof indexedDB)).toBe('undefined');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    /no IndexedDB storage.*Your work stays in this tab only/,
  );
  await wb.trySample();
  await setCell(wb, 1, '0.6');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Undo: / })).toBeEnabled();
});

test('when storage refuses (quota) a notice says so and the app keeps working in memory', async ({
  wb,
  page,
}) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText(/quota has been exceeded.*Your work stays in this tab only/);
  await wb.trySample();
  await setCell(wb, 1, '0.6');
  await page.waitForTimeout(1_200);
  // One notice, not one per failed save.
  await expect(notices.getByText(/Your work stays in this tab only/)).toHaveCount(1);
  expect(await wb.cellText(1, 'Priority')).toBe('0.6');
});

test.describe('what reading the file found survives a reload and a Recent reopen', () => {
  const real = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/real', name);
  const counts = (wb: Workbench) => wb.status.innerText().then((t) => t.replace(/\s+/g, ' '));
  /** The Issues panel's text, every group open. */
  async function panel(page: Page): Promise<string> {
    const p = page.getByRole('tabpanel').first();
    await p.locator('details').evaluateAll((els) => {
      for (const e of els) (e as HTMLDetailsElement).open = true;
    });
    return (await p.innerText()).replace(/\s+/g, ' ');
  }
  async function reload(page: Page): Promise<void> {
    // Autosave runs within a second of the last change; leaving asks (edits not exported).
    await page.waitForTimeout(1_500);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saved work' })).toContainText('Restored');
  }

  test('a UTF-8 BOM before a declared ISO-8859-1: ENC-001 and ENC-002 after an edit and a reload', async ({
    wb,
    page,
  }) => {
    await wb.openFile(real('sitemapr-utf8-bom-declares-iso8859.xml'));
    await expect(wb.status).toContainText('1 error');
    await wb.clickCell(0, 'Priority');
    await page.keyboard.type('0.3');
    await page.keyboard.press('Enter');
    const before = await counts(wb);
    const listed = await panel(page);
    expect(listed).toContain('ENC-001');
    expect(listed).toContain('ENC-002');
    await reload(page);
    await expect.poll(() => counts(wb)).toBe(before);
    await expect.poll(() => panel(page)).toBe(listed);
  });

  test('a partial read keeps its error after a reload, and the export still stops on it', async ({
    wb,
    page,
  }) => {
    await wb.openFile(real('sitemapjs-index-malformed-unescaped-lt.xml'));
    await wb.button(/^Open the 1 entry read before the error/).click();
    await expect(wb.status).toContainText('1 sitemap');
    await wb.clickCell(0, 'Last modified');
    await page.keyboard.type('2024-01-01');
    await page.keyboard.press('Enter');
    const before = await counts(wb);
    expect(before).toMatch(/[1-9] errors?/);
    const listed = await panel(page);
    expect(listed).toContain('ENC-004');
    await reload(page);
    await expect.poll(() => counts(wb)).toBe(before);
    await expect.poll(() => panel(page)).toBe(listed);
    await wb.button(/^Export/).click();
    await expect(wb.dialog('Export sitemap').getByRole('checkbox', { name: /Export anyway/ })).toBeVisible();
  });

  test('reopened from Recent, an XXE file has its two errors again', async ({ wb, page }) => {
    await wb.openFile(real('sitemapr-xxe-external-entity.xml'));
    await expect(wb.status).toContainText('2 errors');
    await wb.clickCell(0, 'Priority');
    await page.keyboard.type('0.3');
    await page.keyboard.press('Enter');
    const before = await counts(wb);
    const listed = await panel(page);
    await wb.openFile(real('crawlercommons-image.xml'));
    await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
    await expect.poll(() => counts(wb)).not.toBe(before);
    await wb.button(/^Recent/).click();
    await page.getByText('sitemapr-xxe-external-entity.xml', { exact: true }).last().click();
    await expect.poll(() => counts(wb)).toBe(before);
    await expect.poll(() => panel(page)).toBe(listed);
  });
});

test.describe('"edited" means not as exported', () => {
  const banner = (page: Page) => page.getByRole('banner');

  test('undoing every edit is unedited again: no "• edited", and leaving does not ask', async ({
    wb,
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await wb.trySample();
    await setCell(wb, 0, '0.2');
    await setCell(wb, 1, '0.3');
    await expect(banner(page)).toContainText('• edited');
    await wb.button(/^Undo/).click();
    await expect(banner(page)).toContainText('• edited');
    await wb.button(/^Undo/).click();
    await expect(banner(page)).not.toContainText('• edited');
    await wb.button(/^Redo/).click();
    await expect(banner(page)).toContainText('• edited');
    await wb.button(/^Undo/).click();
    await expect(banner(page)).not.toContainText('• edited');
    await page.reload();
    await expect(wb.status).toContainText(/201 URLs|No sitemap open/);
    expect(dialogs).toEqual([]);
  });

  test('a reload right after an export keeps the document unedited', async ({ wb, page }) => {
    await wb.trySample();
    await setCell(wb, 0, '0.2');
    // Saved as edited first.
    await page.waitForTimeout(1_500);
    await wb.exportAs('XML');
    await expect(banner(page)).not.toContainText('• edited');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    // Well within the autosave delay (0.7 s).
    await page.waitForTimeout(150);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saved work' })).toContainText('Restored');
    expect(await wb.cellText(0, 'Priority')).toBe('0.2');
    await expect(banner(page)).not.toContainText('• edited');
    expect(dialogs).toEqual([]);
  });

  test('the workspace marks the files with edits not exported', async ({ wb, page }) => {
    await wb.openFiles([
      'e2e/fixtures/workspace/sitemap.xml',
      'e2e/fixtures/workspace/sitemap-0.xml',
      'e2e/fixtures/workspace/blog-sitemap.xml',
    ]);
    await expect(wb.workspace).toBeVisible();
    const marks = wb.workspace.getByTitle('edited, not exported');
    await expect(marks).toHaveCount(0);
    await wb.showWorkspaceFile('blog-sitemap.xml');
    await setCell(wb, 0, '0.2');
    await expect(marks).toHaveCount(1);
    await expect(wb.workspace.getByRole('button', { name: /^blog-sitemap\.xml/ })).toContainText(
      'edited, not exported',
    );
    await page.screenshot({ path: test.info().outputPath('workspace-edited.png') });
    await wb.button(/^Undo/).click();
    await expect(marks).toHaveCount(0);
  });
});
