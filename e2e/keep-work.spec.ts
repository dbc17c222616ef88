/**
 * Issue 13, "Never lose an edit": each numbered case of the issue as a user meets it, in real
 * Chromium. Reload and crash cases use a persistent profile (the same IndexedDB every launch)
 * and kill the browser process with SIGKILL instead of closing it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
// @ts-expect-error plain .mjs helper shared with playwright.config.ts
import { CHROMIUM_ARGS } from '../scripts/find-browser.mjs';
import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test, Workbench } from './pages/workbench.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
type Payload = { name: string; mimeType: string; buffer: Buffer };
const xml = (name: string, body: string): Payload => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`),
});
const urlset = (name: string, locs: string[], extra = '') =>
  xml(
    name,
    `<urlset xmlns="${NS}"${extra}>${locs.map((l) => `<url><loc>${l}</loc><priority>0.5</priority></url>`).join('')}</urlset>`,
  );
const index = (name: string, children: string[]) =>
  xml(
    name,
    `<sitemapindex xmlns="${NS}">${children.map((c) => `<sitemap><loc>${c}</loc></sitemap>`).join('')}</sitemapindex>`,
  );
const pages = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `https://shop.example/${prefix}/p-${i}`);

async function setPriority(wb: Workbench, row: number, value: string): Promise<void> {
  await wb.clickCell(row, 'Priority');
  await wb.page.keyboard.type(value);
  await wb.page.keyboard.press('Enter');
  await expect(await wb.cell(row, 'Priority')).toHaveText(value);
}

const prompt = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

test('1. New sitemap, Open…, Try a sample and Paste… ask before dropping unexported edits', async ({
  wb,
  page,
}) => {
  await wb.trySample();
  await setPriority(wb, 0, '0.3');
  const undo = page.getByRole('banner').getByRole('button', { name: /^Undo: / });
  const bar = page.getByRole('banner');

  // New sitemap: asked, with what would be lost; Cancel keeps everything.
  await bar.getByRole('button', { name: 'New sitemap' }).click();
  const ask = prompt(page, 'Open a new sitemap?');
  await expect(ask).toContainText('sample-sitemap.xml (1 edit)');
  await expect(ask.getByRole('button', { name: 'Add to workspace' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');
  await expect(undo).toBeEnabled();

  // Try a sample, Paste… and Open… ask too.
  await bar.getByRole('button', { name: 'Try a sample' }).click();
  await expect(prompt(page, 'Open sample-sitemap.xml?')).toContainText('sample-sitemap.xml (1 edit)');
  await prompt(page, 'Open sample-sitemap.xml?').getByRole('button', { name: 'Cancel' }).click();
  await bar.getByRole('button', { name: 'Paste…' }).click();
  await page
    .getByRole('dialog', { name: 'Paste a sitemap' })
    .getByRole('textbox')
    .fill('https://x.example/a');
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  // Replace puts the edited file in Recent (IndexedDB answers here), and the prompt says so.
  await expect(prompt(page, 'Open pasted-sitemap?')).toContainText(
    'Edits not exported yet: sample-sitemap.xml (1 edit). Replacing keeps them in Recent: reopen the file from there to go on.',
  );
  await prompt(page, 'Open pasted-sitemap?').getByRole('button', { name: 'Cancel' }).click();
  await wb.openFile(urlset('other.xml', ['https://x.example/b']));
  await prompt(page, 'Open other.xml?').getByRole('button', { name: 'Cancel' }).click();
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');
  await wb.expectUrlCount(201);

  // Replace, once confirmed, replaces and says what was lost.
  await bar.getByRole('button', { name: 'New sitemap' }).click();
  await prompt(page, 'Open a new sitemap?').getByRole('button', { name: 'Replace' }).click();
  await wb.expectUrlCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Closed sample-sitemap.xml; the edits in sample-sitemap.xml were not exported. It is in Recent, with its edits.',
  );

  // A way back: Recent (top bar menu) reopens the replaced sample with its edit and its history.
  await bar.getByRole('button', { name: 'Recent' }).click();
  const recent = page.getByRole('list', { name: 'Recent' });
  await expect(recent).toContainText(/sample-sitemap\.xml\s*201 URLs · 1 edit · /);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await recent.getByRole('button', { name: /^sample-sitemap\.xml/ }).click();
  await wb.expectUrlCount(201);
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');
  await expect(undo).toHaveText('Undo: Edit priority');
  await expect(bar.getByRole('button', { name: 'Recent' })).toHaveCount(0);
});

test('1b. a settings change is work, but no edit: the prompt, the notice and Recent say which', async ({
  wb,
  page,
}, testInfo) => {
  await wb.trySample();
  await setPriority(wb, 0, '0.3');
  const bar = page.getByRole('banner');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const publish = page
    .getByRole('tabpanel', { name: 'Settings' })
    .getByRole('textbox', { name: /^Publish URL/ });
  await publish.fill('https://www.example-coffee.com/sitemap.xml');
  await publish.press('Enter');
  await expect(bar.getByRole('button', { name: /^Undo: Set publish URL/ })).toBeEnabled();

  await bar.getByRole('button', { name: 'New sitemap' }).click();
  const ask = prompt(page, 'Open a new sitemap?');
  await expect(ask).toContainText(
    'Edits not exported yet: sample-sitemap.xml (1 edit and a settings change). Replacing keeps them in Recent',
  );
  await page.screenshot({ path: testInfo.outputPath('replace-prompt-settings.png') });
  await ask.getByRole('button', { name: 'Replace' }).click();
  await wb.expectUrlCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'It is in Recent, with its edits and settings changes.',
  );
  await bar.getByRole('button', { name: 'Recent' }).click();
  const recent = page.getByRole('list', { name: 'Recent' });
  await expect(recent).toContainText(/sample-sitemap\.xml\s*201 URLs · 1 edit and a settings change · /);
  await page.screenshot({ path: testInfo.outputPath('recent-settings.png') });
});

test('3. a file opened over a workspace never joins it silently: Add, Replace or Cancel', async ({
  wb,
  page,
}) => {
  await wb.openFiles([
    index('sitemap_index.xml', ['https://shop.example/a.xml']),
    urlset('a.xml', pages('a', 3)),
  ]);
  await expect(wb.workspace).toContainText('2 files');
  const other = urlset('sitemap.txt.xml', ['https://other-site.example/']);

  await wb.openFile(other);
  const ask = prompt(page, 'Open sitemap.txt.xml?');
  await expect(ask).toContainText('sitemap_index.xml and a.xml are open');
  await expect(ask).toContainText('Nothing is lost by replacing');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(wb.workspace).toContainText('2 files');
  await expect(wb.workspace).not.toContainText('sitemap.txt.xml');

  // With an edit, the question names it; Add to workspace keeps both.
  await wb.showWorkspaceFile('a.xml');
  await setPriority(wb, 1, '0.9');
  await wb.openFile(other);
  await expect(ask).toContainText('a.xml (1 edit)');
  await ask.getByRole('button', { name: 'Add to workspace' }).click();
  await expect(wb.workspace).toContainText('3 files');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Added sitemap.txt.xml to the workspace',
  );
  await wb.showWorkspaceFile('a.xml');
  expect(await wb.cellText(1, 'Priority')).toBe('0.9');

  // Replace closes the workspace.
  await wb.openFile(urlset('fresh.xml', ['https://other-site.example/x']));
  await prompt(page, 'Open fresh.xml?').getByRole('button', { name: 'Replace' }).click();
  await expect(wb.workspace).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('fresh.xml');
});

test('3b. a file that does not read, chosen to Replace, leaves the edited document as it was, after a reload too', async ({
  wb,
  page,
}) => {
  await wb.openFile(urlset('post-ok.xml', pages('post', 3)));
  await wb.expectUrlCount(3);
  await setPriority(wb, 0, '0.3');
  const bar = page.getByRole('banner');
  const cut = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>https://shop.example/a</loc></url>\n<url><loc>https://shop.example/b</l`;
  await wb.openFile({ name: 'truncated.xml', mimeType: 'application/xml', buffer: Buffer.from(cut) });
  await prompt(page, 'Open truncated.xml?').getByRole('button', { name: 'Replace' }).click();
  // The error names what, where and the rule; the document stays on screen, unchanged.
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText(
    /Could not open truncated\.xml: .+ at line 4, column \d+ \(ENC-004\)\. Nothing was replaced: post-ok\.xml is open as it was\./,
  );
  await expect(notices).not.toContainText('Closed post-ok.xml');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(bar).toContainText('post-ok.xml');
  await wb.expectUrlCount(3);
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');
  await expect(bar.getByRole('button', { name: 'Undo: Edit priority' })).toBeEnabled();
  await expect(bar.getByRole('button', { name: 'Recent' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('broken-replace.png') });

  // Autosave kept post-ok.xml under its own name, with its edit and its undo step.
  await page.waitForTimeout(1_500);
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved work' })).toContainText('post-ok.xml');
  await expect(page.getByRole('region', { name: 'Saved work' })).not.toContainText('truncated.xml');
  await expect(bar).toContainText('post-ok.xml');
  expect(await wb.cellText(0, 'Priority')).toBe('0.3');
  await expect(bar.getByRole('button', { name: 'Undo: Edit priority' })).toBeEnabled();
});

test('4. sibling sitemaps without an index open together as one workspace', async ({ wb, page }) => {
  const en = urlset('sitemap.xml', ['https://guides.example/en/', 'https://guides.example/en/a']);
  const fr = urlset('sitemap.xml', ['https://guides.example/fr/']);
  const zh = urlset('zh-sitemap.xml', ['https://guides.example/zh-cn/']);
  await wb.openFiles([en, fr, zh]);
  await expect(wb.workspace).toContainText('3 files · 4 URLs');
  const list = wb.workspace.getByRole('list', { name: 'Files not named by an index' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).toContainText('sitemap (2).xml');
  await expect(wb.workspace.getByRole('region', { name: 'Cross-file issues' })).toContainText('No index');
  await expect(page.getByRole('region', { name: 'Notifications' })).not.toContainText('not opened');
});

test('5. hreflang clusters span the files of a workspace; the fix edits the right file', async ({
  wb,
  page,
}) => {
  const XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  const U = (lang: string) => `https://guides.example/${lang}/`;
  const link = (lang: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${U(lang)}"/>`;
  const page1 = (name: string, lang: string, links: string[]) =>
    xml(
      name,
      `<urlset xmlns="${NS}"${XHTML}><url><loc>${U(lang)}</loc>${links.map(link).join('')}</url></urlset>`,
    );
  await wb.openFiles([
    index('sitemap.xml', [
      'https://guides.example/en.xml',
      'https://guides.example/fr.xml',
      'https://guides.example/zh-cn.xml',
    ]),
    page1('en.xml', 'en', ['en', 'fr', 'zh-cn']),
    // fr lacks its link back to en.
    page1('fr.xml', 'fr', ['fr', 'zh-cn']),
    page1('zh-cn.xml', 'zh-cn', ['en', 'fr', 'zh-cn']),
  ]);
  await expect(wb.workspace).toContainText('4 files · 3 URLs');
  await wb.showWorkspaceFile('en.xml');
  const cluster = (await wb.openDetails(0, 'hreflang')).getByRole('region', { name: 'hreflang cluster' });
  await expect(cluster).toContainText('3 pages');
  await expect(cluster).not.toContainText('Not loaded');
  await expect(cluster.getByRole('cell', { name: 'fr is missing the return link to en' })).toBeVisible();
  await expect(cluster.getByRole('status')).not.toHaveText('Every loaded page links back.');
  await cluster.getByRole('button', { name: 'Add missing return links (1)' }).click();
  await expect(cluster.getByRole('status')).toHaveText(
    'Added 1 return link in fr.xml. Ctrl+Z in that file undoes it.',
  );
  await expect(cluster.getByRole('cell', { name: /is missing the return link/ })).toHaveCount(0);
  // The edit is one undo step in fr.xml; en.xml is unchanged.
  const undo = page.getByRole('banner').getByRole('button', { name: /^Undo/ });
  await expect(undo).toBeDisabled();
  await wb.showWorkspaceFile('fr.xml');
  await expect(undo).toHaveText('Undo: Add 1 missing return link');
  await undo.click();
  await expect(undo).toBeDisabled();
});

/**
 * The sample, the export dialog on "Zip of split files" at 50 URLs per file, its preview ready,
 * and a publish URL typed into the field but not committed (the field keeps the focus).
 */
async function zipExportWithTypedUrl(wb: Workbench, page: Page) {
  await wb.trySample();
  await page.getByRole('banner').getByRole('button', { name: 'Export…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export sitemap' });
  await dlg.getByText('Zip of split files').click();
  await dlg.getByLabel('URLs per file').fill('50');
  // The preview (split files, no index yet: no publish URL) is ready.
  await expect(dlg.getByText('Preparing…')).toBeHidden();
  await expect(dlg.getByRole('table', { name: 'Files to download' })).toContainText('sample-sitemap.zip');
  const anyway = dlg.getByRole('checkbox', { name: /Export anyway/ });
  if (await anyway.count()) await anyway.check();
  await dlg.getByLabel('Publish URL of the sitemap index').fill('https://www.example.com/sitemap.xml');
  return dlg;
}

/** The sitemap indexes in a downloaded zip. */
const indexesIn = (zip: Uint8Array) =>
  Object.values(unzipSync(zip))
    .map((bytes) => parseSitemap(bytes).document)
    .filter((d) => d.kind === 'sitemapindex');

test('6. the zip export takes a publish URL typed but not committed', async ({ wb, page }) => {
  const dlg = await zipExportWithTypedUrl(wb, page);
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const indexes = indexesIn(await downloadBytes(await downloading));
  expect(indexes).toHaveLength(1);
  expect(indexes[0].entries.map((e) => e.loc)).toEqual(
    [1, 2, 3, 4, 5].map((i) => `https://www.example.com/sample-sitemap-${i}.xml`),
  );
});

test('6c. the preview follows a publish URL as it is typed (OUT-008 goes without leaving the field)', async ({
  wb,
  page,
}) => {
  await wb.trySample();
  await page.getByRole('banner').getByRole('button', { name: 'Export…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export sitemap' });
  await dlg.getByText('Zip of split files').click();
  await dlg.getByLabel('URLs per file').fill('50');
  // OUT-008 said up front, at the field (s19-misc), not in the preview's summary.
  const noIndex = dlg.getByTestId('export-zip-no-index');
  await expect(noIndex).toContainText('Without a publish URL the zip holds no sitemap index');
  const field = dlg.getByLabel('Publish URL of the sitemap index');
  await field.fill('https://www.example.com/sitemap.xml');
  await expect(field).toBeFocused();
  await expect(noIndex).toBeHidden();
  await field.fill('not a url');
  await expect(noIndex).toBeVisible();
  await expect(field).toBeFocused();
});

test('6b. a slow click on Download, the URL field still focused, downloads', async ({ wb, page }) => {
  // Pressing the button blurs the field, which commits the publish URL and refreshes the
  // preview. A user who holds the button a moment (or a loaded machine) used to find it disabled
  // on release: the click did nothing, or the refresh aborted the download's own export.
  const dlg = await zipExportWithTypedUrl(wb, page);
  // Nothing pending before the press: the preview of the options set so far has ended, so the
  // dialog's layout is settled and only the press can start a refresh.
  await expect(dlg.getByText('Preparing…')).toBeHidden();
  // The page records, without polling, whether a refresh showed and whether it was still
  // showing when the button was released.
  await dlg.evaluate((dialog) => {
    const w = window as unknown as { sawPreparing: boolean; preparingAtRelease: boolean | null };
    const preparing = () => (dialog.textContent ?? '').includes('Preparing');
    w.sawPreparing = preparing();
    w.preparingAtRelease = null;
    new MutationObserver(() => {
      if (preparing()) w.sawPreparing = true;
    }).observe(dialog, { subtree: true, childList: true, characterData: true });
    document.addEventListener('mouseup', () => (w.preparingAtRelease = preparing()), {
      capture: true,
      once: true,
    });
  });
  expect(await page.evaluate(() => (window as unknown as { sawPreparing: boolean }).sawPreparing)).toBe(
    false,
  );
  const downloading = page.waitForEvent('download');
  const box = await dlg.getByRole('button', { name: 'Download' }).boundingBox();
  if (!box) throw new Error('the Download button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The press blurred the field, which committed the URL. The preview already follows the typed
  // URL (6c), so the commit of the same URL starts no refresh: nothing to wait for on release.
  await page.mouse.up();
  const indexes = indexesIn(await downloadBytes(await downloading));
  expect(
    await page.evaluate(() => (window as unknown as { preparingAtRelease: boolean }).preparingAtRelease),
  ).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { sawPreparing: boolean }).sawPreparing)).toBe(
    false,
  );
  expect(indexes).toHaveLength(1);
  expect(indexes[0].entries[0].loc).toBe('https://www.example.com/sample-sitemap-1.xml');
  await expect(dlg).toBeHidden();
});

test('7. the workspace summary says which children are missing, and when there is no index', async ({
  wb,
}) => {
  await wb.openFiles([
    index('sitemap_index.xml', [
      'https://shop.example/a.xml',
      'https://shop.example/b.xml',
      'https://shop.example/c.xml',
      'https://shop.example/d.xml',
    ]),
    urlset('a.xml', pages('a', 2)),
  ]);
  const summary = wb.workspace.getByRole('region', { name: 'Cross-file issues' });
  await expect(summary).toContainText('3 children named by the index are not open: /b.xml, /c.xml, /d.xml.');
  await expect(summary).not.toContainText('matches its children');
  await wb.openFile(urlset('b.xml', pages('b', 2)));
  await expect(summary).toContainText('2 children named by the index are not open');

  await wb.workspace.getByRole('button', { name: 'Close workspace' }).click();
  await wb.openFiles([urlset('x.xml', pages('x', 1)), urlset('y.xml', pages('y', 1))]);
  await expect(summary).toContainText('No index');
  await expect(summary).not.toContainText('matches its children');
});

// ---- a real browser, killed -------------------------------------------------------------

/** The browser's main process for a profile directory (the one without --type=). */
function browserPid(dir: string): number {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  for (const line of out.split('\n')) {
    if (!line.includes(`--user-data-dir=${dir}`) || line.includes('--type=')) continue;
    return Number(line.trim().split(/\s+/)[0]);
  }
  throw new Error(`no browser process for ${dir}`);
}

test.describe('a killed or reloaded browser keeps every file of the session', () => {
  let dir = '';
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitemap-workbench-keep-'));
  });
  test.afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function launch(baseURL: string): Promise<{ ctx: BrowserContext; page: Page; wb: Workbench }> {
    const ctx = await chromium.launchPersistentContext(dir, {
      executablePath: process.env.SITEMAP_WORKBENCH_CHROMIUM || undefined,
      args: CHROMIUM_ARGS,
      baseURL,
      acceptDownloads: true,
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const wb = new Workbench(page);
    await wb.goto();
    return { ctx, page, wb };
  }

  async function kill(ctx: BrowserContext): Promise<void> {
    process.kill(browserPid(dir), 'SIGKILL');
    await ctx.close().catch(() => undefined);
  }

  const INDEX = index('sitemap_index.xml', [
    'https://shop.example/a.xml',
    'https://shop.example/b.xml',
    'https://shop.example/c.xml',
  ]);
  const A = urlset('a.xml', pages('a', 10));
  const B = urlset('b.xml', pages('b', 10));
  const C = urlset('c.xml', pages('c', 10));

  test('2. a reload restores the whole workspace, its edits and the active file', async ({ baseURL }) => {
    const first = await launch(baseURL ?? '');
    await first.wb.openFiles([INDEX, A, B, C]);
    await expect(first.wb.workspace).toContainText('4 files');
    await first.wb.showWorkspaceFile('b.xml');
    await setPriority(first.wb, 3, '0.8');
    await first.wb.showWorkspaceFile('sitemap_index.xml');
    await first.page.waitForTimeout(1_500);
    first.page.on('dialog', (d) => void d.accept());
    await first.page.reload();
    const banner = first.page.getByRole('region', { name: 'Saved work' });
    await expect(banner).toContainText(
      'Restored sitemap_index.xml, a.xml and 2 more files (4 files, 30 URLs, 3 sitemaps, 1 undo step)',
    );
    await expect(first.wb.workspace).toContainText('4 files · 30 URLs, 3 sitemaps');
    // The active file came back too.
    await expect(first.wb.workspace.getByRole('button', { name: /^sitemap_index\.xml/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await first.wb.showWorkspaceFile('b.xml');
    expect(await first.wb.cellText(3, 'Priority')).toBe('0.8');
    await first.ctx.close();
  });

  test('8. kill -9 after edits in two files of a workspace: every edit and the workspace come back', async ({
    baseURL,
  }) => {
    const first = await launch(baseURL ?? '');
    await first.wb.openFiles([
      index('sitemap_index.xml', ['https://shop.example/a.xml', 'https://shop.example/b.xml']),
      A,
      B,
    ]);
    await expect(first.wb.workspace).toContainText('3 files');
    for (const [name, value] of [
      ['a.xml', '0.1'],
      ['b.xml', '0.2'],
    ] as const) {
      await first.wb.showWorkspaceFile(name);
      for (let row = 0; row < 6; row++) await setPriority(first.wb, row, value);
    }
    await first.page.waitForTimeout(3_000);
    await kill(first.ctx);

    const second = await launch(baseURL ?? '');
    await expect(second.page.getByRole('region', { name: 'Saved work' })).toContainText(
      '3 files, 20 URLs, 2 sitemaps, 12 undo steps',
    );
    await expect(second.wb.workspace).toContainText('3 files · 20 URLs, 2 sitemaps');
    // b.xml was active when the browser died.
    await expect(second.wb.page.getByRole('banner')).toContainText('b.xml');
    for (const [name, value] of [
      ['a.xml', '0.1'],
      ['b.xml', '0.2'],
    ] as const) {
      await second.wb.showWorkspaceFile(name);
      for (let row = 0; row < 6; row++) expect(await second.wb.cellText(row, 'Priority')).toBe(value);
      expect(await second.wb.cellText(6, 'Priority')).toBe('0.5');
    }
    await second.ctx.close();
  });

  test('9. a second tab never overwrites the first tab’s saved work', async ({ baseURL }) => {
    const first = await launch(baseURL ?? '');
    const a = first.wb;
    await a.openFile(A);
    for (let row = 0; row < 5; row++) await setPriority(a, row, '0.1');
    await first.page.waitForTimeout(1_500);

    // Tab B: told that another tab is editing; it restores nothing and saves nothing.
    const pageB = await first.ctx.newPage();
    const b = new Workbench(pageB);
    await b.goto();
    const banner = pageB.getByRole('region', { name: 'Saved work' });
    await expect(banner).toContainText('Another tab is editing your saved work');
    await banner.getByRole('button', { name: 'Open a separate copy' }).click();
    await b.openFile(urlset('a.xml', pages('a', 20)));
    await setPriority(b, 12, '0.9');

    await first.page.bringToFront();
    for (let row = 5; row < 10; row++) await setPriority(a, row, '0.2');
    await setPriority(a, 0, '0.3');
    await first.page.waitForTimeout(3_000);
    await kill(first.ctx);

    const second = await launch(baseURL ?? '');
    await second.wb.expectUrlCount(10);
    expect(await second.wb.cellText(0, 'Priority')).toBe('0.3');
    for (let row = 1; row < 5; row++) expect(await second.wb.cellText(row, 'Priority')).toBe('0.1');
    for (let row = 5; row < 10; row++) expect(await second.wb.cellText(row, 'Priority')).toBe('0.2');
    await second.ctx.close();
  });
});
