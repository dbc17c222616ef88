import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { gzipSync, unzipSync, zipSync } from 'fflate';
import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';

// The next-sitemap pair from ../shared/fixtures/real under its published names, plus an extra file
// repeating the home page (see e2e/fixtures/workspace/README.md).
const DIR = 'e2e/fixtures/workspace';
const NEXT = [`${DIR}/sitemap.xml`, `${DIR}/sitemap-0.xml`, `${DIR}/blog-sitemap.xml`];

async function openNextWorkspace(wb: import('./pages/workbench.ts').Workbench) {
  await wb.openFiles(NEXT);
  await expect(wb.workspace).toBeVisible();
  await expect(wb.workspace.getByRole('list', { name: 'Files by index' })).toContainText('sitemap-0.xml');
}

test('an index, its child and an extra file open as one workspace with cross-file issues', async ({ wb }) => {
  await openNextWorkspace(wb);
  const panel = wb.workspace;
  await expect(panel).toContainText('3 files · 4 URLs');
  // The index is active: its one <sitemap> entry is the table.
  await expect(wb.page.getByRole('banner')).toContainText('sitemap.xml');
  await expect(wb.status).toContainText('1 sitemap');
  await expect(panel.getByRole('list', { name: 'Files not named by an index' })).toContainText(
    /blog-sitemap\.xml.*extra/,
  );
  const issues = panel.getByRole('region', { name: 'Cross-file issues' });
  await expect(issues.getByRole('listitem')).toHaveCount(2);
  await expect(issues).toContainText('LOC-006');
  await expect(issues).toContainText('URL https://2ltech.fr is also listed in blog-sitemap.xml');

  // All files: one read-only table with a File column.
  await wb.showWorkspaceFile('All files');
  const table = wb.page.getByRole('table', { name: 'All workspace URLs' });
  await expect(table.getByRole('columnheader', { name: 'File' })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.locator('tbody tr').nth(0)).toContainText('sitemap-0.xml');
  await expect(table.locator('tbody tr').nth(3)).toContainText('https://2ltech.fr/blog/reparer-un-ecran/');
  await wb.page.getByLabel('Search URLs in all files').fill('blog');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(wb.page.getByText('2 of 4 URLs in 3 files')).toBeVisible();
  await wb.page.getByLabel('Search URLs in all files').fill('');

  // Clicking a row's file name edits that URL in its own file.
  await table.locator('tbody tr').nth(2).getByRole('button', { name: 'blog-sitemap.xml' }).click();
  await expect(wb.grid).toBeVisible();
  await wb.expectUrlCount(3);
  // The row of that URL is selected in its file.
  await expect(await wb.cell(1, 'URL')).toHaveAttribute('aria-selected', 'true');
  const cell = await wb.clickCell(0, 'URL');
  await wb.page.keyboard.press('Enter');
  const editor = wb.page.getByRole('textbox', { name: 'Edit URL' });
  await editor.fill('https://2ltech.fr/contact/');
  await wb.page.keyboard.press('Enter');
  await expect(cell).toHaveText('https://2ltech.fr/contact/');
  await expect(issues.getByRole('listitem')).toHaveCount(0);
  await expect(issues).toContainText('No duplicate URLs across files');

  // Undo in that file brings the duplicate back.
  await wb.page.getByRole('button', { name: /^Undo/ }).click();
  await expect(issues.getByRole('listitem')).toHaveCount(2);
});

test('the workspace .zip has a regenerated index and re-opens to the same workspace', async ({
  wb,
  page,
}) => {
  await openNextWorkspace(wb);
  await wb.showWorkspaceFile('blog-sitemap.xml');
  await wb.clickCell(2, 'Priority');
  await page.keyboard.type('0.4');
  await page.keyboard.press('Enter');
  await expect(await wb.cell(2, 'Priority')).toHaveText('0.4');

  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  await expect(dlg.getByLabel('Publish base URL (where the files will live)')).toHaveValue(
    'https://2ltech.fr/',
  );
  const extra = dlg.getByRole('checkbox', { name: /Also export the 1 file no index names/ });
  await extra.uncheck();
  const out = dlg.getByRole('table', { name: 'Files in the export' });
  await expect(out.locator('tbody tr')).toHaveCount(2);
  await extra.check();
  await expect(out.locator('tbody tr')).toHaveCount(3);
  await expect(out).toContainText('blog-sitemap.xml');
  await expect(out.locator('tbody tr').nth(0)).toContainText(/\d+ B/);
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download .zip' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sitemap-workspace.zip');
  const zip = await downloadBytes(download);

  const files = unzipSync(zip);
  expect(Object.keys(files).sort()).toEqual(['blog-sitemap.xml', 'sitemap-0.xml', 'sitemap.xml']);
  const index = parseSitemap(files['sitemap.xml']).document;
  expect(index.kind).toBe('sitemapindex');
  expect(index.entries.map((e) => e.loc)).toEqual([
    'https://2ltech.fr/sitemap-0.xml',
    'https://2ltech.fr/blog-sitemap.xml',
  ]);
  // The edited child gets the export time as lastmod; the unchanged one keeps none (it had none).
  expect(index.entries[1].lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(index.entries[0].lastmod).toBeUndefined();
  const blog = parseSitemap(files['blog-sitemap.xml']).document;
  expect(blog.entries.map((e) => [e.loc, e.priority])).toEqual([
    ['https://2ltech.fr', undefined],
    ['https://2ltech.fr/blog/', undefined],
    ['https://2ltech.fr/blog/reparer-un-ecran/', '0.4'],
  ]);
  const original = (name: string) =>
    parseSitemap(readFileSync(`${DIR}/${name}`)).document.entries.map((e) => e.loc);
  expect(parseSitemap(files['sitemap-0.xml']).document.entries.map((e) => e.loc)).toEqual(
    original('sitemap-0.xml'),
  );

  // Re-open the .zip: the same files and URLs; the extra file is now named by the index.
  await wb.workspace.getByRole('button', { name: 'Close workspace' }).click();
  await expect(wb.workspace).toBeHidden();
  await wb.openFile({ name: 'sitemap-workspace.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(wb.workspace).toContainText('3 files · 4 URLs');
  const tree = wb.workspace.getByRole('list', { name: 'Files by index' });
  await expect(tree.getByRole('listitem')).toHaveCount(3);
  await expect(wb.workspace.getByRole('list', { name: 'Files not named by an index' })).toHaveCount(0);
  await wb.showWorkspaceFile('All files');
  const table = page.getByRole('table', { name: 'All workspace URLs' });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.locator('tbody tr').nth(3)).toContainText('https://2ltech.fr/blog/reparer-un-ecran/');
});

test('a .zip inside a gzip (sitemaps.zip.gz) opens as the workspace it holds', async ({ wb }) => {
  const zip = zipSync(Object.fromEntries(NEXT.map((f) => [f.slice(DIR.length + 1), readFileSync(f)])));
  await wb.openFile({
    name: 'sitemaps.zip.gz',
    mimeType: 'application/gzip',
    buffer: Buffer.from(gzipSync(zip)),
  });
  await expect(wb.workspace).toContainText('3 files · 4 URLs');
  await expect(wb.workspace.getByRole('list', { name: 'Files by index' })).toContainText('sitemap-0.xml');
});

test('the workspace saved as separate files, one download each, re-opens to the same workspace', async ({
  wb,
  page,
}) => {
  // A browser without a folder picker (Firefox, Safari): one ordinary download per file.
  await page.evaluate(() => Object.defineProperty(window, 'showDirectoryPicker', { value: undefined }));
  await openNextWorkspace(wb);
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  await expect(dlg.getByRole('table', { name: 'Files in the export' }).locator('tbody tr')).toHaveCount(3);
  const downloads: import('@playwright/test').Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await dlg.getByRole('button', { name: 'Download each file' }).click();
  await expect(dlg).toBeHidden();
  await expect.poll(() => downloads.length).toBe(3);
  const files = await Promise.all(
    downloads.map(async (d) => ({
      name: d.suggestedFilename(),
      mimeType: 'application/xml',
      buffer: Buffer.from(await downloadBytes(d)),
    })),
  );
  expect(files.map((f) => f.name).sort()).toEqual(['blog-sitemap.xml', 'sitemap-0.xml', 'sitemap.xml']);
  expect(parseSitemap(files.find((f) => f.name === 'sitemap.xml')!.buffer).document.entries.length).toBe(2);

  await wb.workspace.getByRole('button', { name: 'Close workspace' }).click();
  await expect(wb.workspace).toBeHidden();
  await wb.openFiles(files);
  await expect(wb.workspace).toContainText('3 files · 4 URLs');
  await expect(wb.workspace.getByRole('list', { name: 'Files by index' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await expect(wb.workspace.getByRole('list', { name: 'Files not named by an index' })).toHaveCount(0);
});

// New-user review (session 18): the export wrote the index with a new lastmod for the edited
// child, but the open index kept the old one: the file and the editor disagreed, silently.
test('after a workspace export the open index has the lastmods it was written with, one undo step', async ({
  wb,
  page,
}) => {
  await openNextWorkspace(wb);
  await wb.showWorkspaceFile('sitemap-0.xml');
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.3');
  await page.keyboard.press('Enter');
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.3');

  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  await expect(dlg.getByRole('table', { name: 'Files in the export' })).toContainText('sitemap.xml');
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download .zip' }).click();
  const files = unzipSync(await downloadBytes(await downloading));
  const written = parseSitemap(files['sitemap.xml']).document.entries;
  expect(written[0].loc).toBe('https://2ltech.fr/sitemap-0.xml');
  expect(written[0].lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  // Said in the file shown, with where to undo it.
  await expect(page.getByText(/^Set 1 child lastmod in sitemap\.xml as exported/)).toBeVisible();

  await wb.showWorkspaceFile('sitemap.xml');
  await expect(await wb.cell(0, 'Last modified')).toHaveText(written[0].lastmod!);
  const undo = page.getByRole('banner').getByRole('button', { name: /^Undo/ });
  await expect(undo).toHaveAttribute('title', /Set 1 child lastmod as exported/);
  await undo.click();
  await expect(await wb.cell(0, 'Last modified')).toHaveText('');
});

test('the workspace saved into a picked folder keeps en/ and fr/; without a picker it says why only the .zip can', async ({
  wb,
  page,
}) => {
  const real = (name: string) => readFileSync(`../shared/fixtures/real/${name}`);
  const hugo = [
    'hugo-multilingual-index-relative.xml',
    'hugo-multilingual-en-hreflang-relative.xml',
    'hugo-multilingual-fr-hreflang-relative.xml',
  ].map((f) => ({ name: 'sitemap.xml', mimeType: 'application/xml', buffer: real(f) }));
  // The folder the user picks: a folder of the origin-private file system stands in for it.
  await page.evaluate(() =>
    Object.defineProperty(window, 'showDirectoryPicker', {
      value: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('picked', { create: true }),
    }),
  );
  await wb.openFiles(hugo);
  await expect(wb.workspace).toContainText('The index matches its children.');
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  await dlg.getByLabel('Publish base URL (where the files will live)').fill('https://example.org/');
  await expect(dlg.getByRole('table', { name: 'Files in the export' }).locator('tbody tr')).toHaveCount(3);
  await dlg.screenshot({ path: test.info().outputPath('workspace-export-folder.png') });
  await dlg.getByRole('button', { name: 'Save files into a folder…' }).click();
  await expect(dlg).toBeHidden();
  const saved = await page.evaluate(async () => {
    const out: Record<string, number[]> = {};
    const walk = async (dir: FileSystemDirectoryHandle, at: string) => {
      // biome-ignore lint/suspicious/noExplicitAny: entries() is not in TypeScript's DOM types yet
      for await (const [name, h] of (dir as any).entries() as AsyncIterable<[string, FileSystemHandle]>) {
        if (h.kind === 'directory') await walk(h as FileSystemDirectoryHandle, `${at}${name}/`);
        else
          out[`${at}${name}`] = [
            ...new Uint8Array(await (await (h as FileSystemFileHandle).getFile()).arrayBuffer()),
          ];
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle('picked'), '');
    return out;
  });
  expect(Object.keys(saved).sort()).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
  expect(Buffer.from(saved['fr/sitemap.xml'])).toEqual(hugo[2].buffer);
  expect(parseSitemap(new Uint8Array(saved['sitemap.xml'])).document.entries.map((e) => e.loc)).toEqual([
    'https://example.org/fr/sitemap.xml',
    'https://example.org/en/sitemap.xml',
  ]);

  // Re-open what was saved: the same workspace, the index matching its children.
  await wb.workspace.getByRole('button', { name: 'Close workspace' }).click();
  await expect(wb.workspace).toBeHidden();
  await wb.openFiles(
    ['sitemap.xml', 'en/sitemap.xml', 'fr/sitemap.xml'].map((n) => ({
      name: 'sitemap.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(saved[n]),
    })),
  );
  await expect(wb.workspace).toContainText('The index matches its children.');
  await expect(wb.workspace.getByRole('list', { name: 'Files by index' }).getByRole('listitem')).toHaveCount(
    3,
  );

  // Saving into the same folder again would replace the files there: it says which and waits.
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  await dlg.getByLabel('Publish base URL (where the files will live)').fill('https://example.org/');
  await expect(dlg.getByRole('table', { name: 'Files in the export' }).locator('tbody tr')).toHaveCount(3);
  await dlg.getByRole('button', { name: 'Save files into a folder…' }).click();
  await expect(dlg.getByRole('alert')).toContainText('already holds 3 files of this export (');
  await expect(dlg.getByRole('alert')).toContainText('saving replaces them');
  await dlg.getByRole('button', { name: 'Replace 3 files' }).click();
  await expect(dlg).toBeHidden();

  // Without a folder picker, files in folders cannot be downloaded one by one: the .zip can.
  await page.evaluate(() => Object.defineProperty(window, 'showDirectoryPicker', { value: undefined }));
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  await dlg.getByLabel('Publish base URL (where the files will live)').fill('https://example.org/');
  await expect(dlg.getByRole('button', { name: 'Download each file' })).toBeDisabled();
  await expect(dlg).toContainText(/Some files sit in folders \((en|fr)\/, (en|fr)\/\).*the \.zip keeps them/);
  await expect(dlg.getByRole('button', { name: 'Download .zip' })).toBeEnabled();
  await dlg.screenshot({ path: test.info().outputPath('workspace-export-no-picker.png') });
});

test("the workspace export keeps each file's formatting or normalizes, as the single-file export does", async ({
  wb,
  page,
}) => {
  await openNextWorkspace(wb);
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  const formatting = dlg.getByRole('group', { name: 'Formatting' });
  await expect(formatting.getByRole('radio', { name: "Keep each file's formatting" })).toBeChecked();
  const out = dlg.getByRole('table', { name: 'Files in the export' });
  const row = out.locator('tbody tr', { hasText: 'sitemap-0.xml' });
  await expect(row).toContainText('kept');
  const zipOf = async () => {
    const downloading = page.waitForEvent('download');
    await dlg.getByRole('button', { name: 'Download .zip' }).click();
    return unzipSync(await downloadBytes(await downloading));
  };
  const original = new Uint8Array(readFileSync(`${DIR}/sitemap-0.xml`));
  expect((await zipOf())['sitemap-0.xml']).toEqual(original);

  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  await formatting.getByRole('radio', { name: 'Normalize' }).check();
  await expect(row).toContainText('normalized');
  await dlg.screenshot({ path: test.info().outputPath('workspace-export-normalize.png') });
  const normalized = (await zipOf())['sitemap-0.xml'];
  expect(normalized).not.toEqual(original);
  expect(parseSitemap(normalized).document.entries.map((e) => e.loc)).toEqual(
    parseSitemap(original).document.entries.map((e) => e.loc),
  );
});

test('a .zip of the Hugo multilingual set matches relative child locs by folder; export re-splits', async ({
  wb,
  page,
}) => {
  const read = (p: string) => new Uint8Array(readFileSync(`${DIR}/hugo/${p}`));
  const zip = zipSync({
    'sitemap.xml': read('sitemap.xml'),
    'en/sitemap.xml': read('en/sitemap.xml'),
    'fr/sitemap.xml': read('fr/sitemap.xml'),
  });
  await wb.openFile({ name: 'hugo.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  const tree = wb.workspace.getByRole('list', { name: 'Files by index' });
  await expect(tree.getByRole('listitem')).toHaveCount(3);
  await expect(tree).toContainText('fr/sitemap.xml');
  await expect(tree).toContainText('en/sitemap.xml');
  await expect(tree).not.toContainText('missing');
  await expect(wb.workspace).toContainText('3 files · 21 URLs');

  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  // Relative locs and no publish URL: the dialog asks where the files will live.
  await expect(dlg.getByText('The index needs absolute URLs: enter the address')).toBeVisible();
  await expect(dlg.getByRole('button', { name: 'Download .zip' })).toBeDisabled();
  await dlg.getByLabel('Publish base URL (where the files will live)').fill('https://guides.18f.gov/');
  // Nothing was edited: the index differs only by its child locs, written absolute (OUT-008).
  const rows = dlg.getByRole('table', { name: 'Files in the export' }).locator('tbody tr');
  const indexRow = rows.filter({ hasText: /^sitemap\.xml/ });
  await expect(indexRow).toContainText('2 relative child locs written absolute');
  await expect(indexRow).toContainText('OUT-008');
  await expect(indexRow).not.toContainText('your edits');
  await expect(rows.filter({ hasText: 'en/sitemap.xml' }).locator('td').nth(4)).toHaveText('');
  await dlg.screenshot({ path: test.info().outputPath('workspace-export-why.png') });
  await dlg.getByRole('checkbox', { name: /Re-split/ }).check();
  await dlg.getByLabel('URLs per file').fill('5');
  const out = dlg.getByRole('table', { name: 'Files in the export' });
  await expect(out).toContainText('en/sitemap-3.xml');
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download .zip' }).click();
  const files = unzipSync(await downloadBytes(await downloading));
  expect(Object.keys(files).sort()).toEqual([
    'en/sitemap-1.xml',
    'en/sitemap-2.xml',
    'en/sitemap-3.xml',
    'fr/sitemap-1.xml',
    'fr/sitemap-2.xml',
    'sitemap.xml',
  ]);
  const index = parseSitemap(files['sitemap.xml']).document.entries.map((e) => e.loc);
  expect(index).toEqual([
    'https://guides.18f.gov/fr/sitemap-1.xml',
    'https://guides.18f.gov/fr/sitemap-2.xml',
    'https://guides.18f.gov/en/sitemap-1.xml',
    'https://guides.18f.gov/en/sitemap-2.xml',
    'https://guides.18f.gov/en/sitemap-3.xml',
  ]);
});

test('Hugo children picked at once, all named sitemap.xml, match their index entries; an undecided one is asked', async ({
  wb,
}) => {
  const picked = (p: string) => ({
    name: 'sitemap.xml',
    mimeType: 'application/xml',
    buffer: readFileSync(`${DIR}/hugo/${p}`),
  });
  await wb.openFiles([picked('sitemap.xml'), picked('fr/sitemap.xml'), picked('en/sitemap.xml')]);
  const tree = wb.workspace.getByRole('list', { name: 'Files by index' });
  await expect(tree.getByRole('listitem')).toHaveCount(3);
  await expect(tree).not.toContainText('missing');
  await expect(wb.workspace.getByRole('list', { name: 'Files not named by an index' })).toHaveCount(0);
  await expect(wb.workspace).toContainText('The index matches its children.');

  // An index naming a third language: de/ and en/ could both be the root-level file.
  const index = readFileSync(`${DIR}/hugo/sitemap.xml`, 'utf8').replace(
    '<sitemap>',
    '<sitemap><loc>de/sitemap.xml</loc></sitemap><sitemap>',
  );
  await wb.openFiles([
    { name: 'sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(index) },
    picked('fr/sitemap.xml'),
    picked('en/sitemap.xml'),
  ]);
  await wb.page
    .getByRole('dialog', { name: /^Open sitemap\.xml/ })
    .getByRole('button', { name: 'Replace' })
    .click();
  await expect(tree.getByRole('listitem')).toHaveCount(4);
  await expect(wb.workspace).toContainText(
    'Several open files have the name of de/sitemap.xml, en/sitemap.xml',
  );
  const choose = tree.getByRole('combobox', { name: /which file/ });
  await expect(choose).toHaveCount(2);
  await choose.nth(1).selectOption({ label: 'sitemap (3).xml' });
  await expect(choose).toHaveCount(0);
  await expect(tree).toContainText(/de\/sitemap\.xml.*missing/);
  await expect(wb.workspace).toContainText('1 child named by the index is not open: de/sitemap.xml.');
  // The cross-file list names that note as the Issues tab does: no nested index is involved.
  const crossFile = wb.workspace.getByRole('region', { name: 'Cross-file issues' });
  await expect(crossFile.getByText('Children not open', { exact: true })).toBeVisible();
  await expect(crossFile).not.toContainText('No nested indexes');
});

test('one file opens alone as before; a child opened next joins its index', async ({ wb }) => {
  await wb.openFile(`${DIR}/sitemap.xml`);
  await expect(wb.status).toContainText('1 sitemap');
  await expect(wb.workspace).toHaveCount(0);
  await wb.openFile(`${DIR}/sitemap-0.xml`);
  await expect(wb.workspace).toBeVisible();
  const tree = wb.workspace.getByRole('list', { name: 'Files by index' });
  await expect(tree.getByRole('listitem')).toHaveCount(2);
  await expect(wb.page.getByRole('banner')).toContainText('sitemap-0.xml');
  await wb.showWorkspaceFile('sitemap.xml');
  await expect(wb.status).toContainText('1 sitemap');
});

test('a big file added to the workspace shows its progress with Cancel in the panel; Cancel leaves it out', async ({
  wb,
}, testInfo) => {
  const big = testInfo.outputPath('big-extra.xml');
  const urls = Array.from(
    { length: 500_000 },
    (_, i) => `<url><loc>https://2ltech.fr/s-${i % 40}/item-${i}</loc></url>`,
  );
  writeFileSync(
    big,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  await openNextWorkspace(wb);
  const panel = wb.workspace;
  await expect(panel).toContainText('3 files · 4 URLs');
  await wb.openFile(big);
  // An unrelated file over an open workspace: asked first (Add to workspace / Replace / Cancel).
  await wb.page
    .getByRole('dialog', { name: 'Open big-extra.xml?' })
    .getByRole('button', { name: 'Add to workspace' })
    .click();
  const bar = panel.getByRole('progressbar', { name: /^(Opening big-extra\.xml|Checking 500,000 URLs)$/ });
  await expect(bar).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden();
  await expect(panel).toContainText('3 files · 4 URLs');
  await expect(panel).not.toContainText('big-extra.xml');
  await expect(wb.page.getByRole('banner')).toContainText('sitemap.xml');
});

test('the workspace panel, the All files table and the export dialog have no axe violations', async ({
  wb,
  page,
}) => {
  const axe = async () => {
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  };
  await openNextWorkspace(wb);
  await axe();
  await wb.showWorkspaceFile('All files');
  await axe();
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  await expect(page.getByRole('table', { name: 'Files in the export' })).toBeVisible();
  await axe();
});

test('an hreflang alternate held by a sibling file loses its "load the sibling sitemaps" note', async ({
  wb,
  page,
}) => {
  const H = `${DIR}/hreflang`;
  await wb.openFiles([`${H}/sitemap.xml`, `${H}/en.xml`]);
  await expect(wb.workspace).toContainText('2 files · 3 URLs');
  await wb.showWorkspaceFile('en.xml');
  const side = page.getByRole('complementary', { name: 'Issues and settings' });
  const notes = side.locator('.issue-group', { hasText: 'HREF-006' });
  // de.xml is not open: every English page has an alternate no open file holds.
  await expect(notes.locator('.ig-count')).toHaveText('3');
  // (one more note: the file has no x-default, HREF-009)
  await expect(wb.status).toContainText('4 notes');
  await page.screenshot({ path: test.info().outputPath('hreflang-notes-before.png') });

  // de.xml joins its index: the German pages are checked across files now (and link back).
  await wb.openFiles([`${H}/de.xml`]);
  await expect(wb.workspace).toContainText('3 files · 6 URLs');
  await wb.showWorkspaceFile('en.xml');
  await expect(notes.locator('.ig-count')).toHaveText('1');
  await expect(wb.status).toContainText('2 notes');
  await wb.showWorkspaceFile('de.xml');
  await expect(notes).toHaveCount(0);
  await wb.showWorkspaceFile('en.xml');
  // The note left is the French page's, which no open file holds.
  await notes.getByRole('button', { name: 'Show 1 row' }).click();
  await expect(wb.status).toContainText('Showing 1');
  expect(await wb.cellText(0, 'URL')).toBe('https://shop.example/en/');
  const details = await wb.openDetails(0, 'hreflang');
  await expect(details).toContainText('1 alternate URL has no entry in the open files');
  await page.screenshot({ path: test.info().outputPath('hreflang-notes-after.png') });
  await notes.getByRole('button', { name: 'Show all rows' }).click();

  // Closing the workspace (en.xml stays alone) brings the notes back.
  await wb.workspace.getByRole('button', { name: 'Close workspace' }).click();
  await expect(wb.workspace).toBeHidden();
  await expect(notes.locator('.ig-count')).toHaveText('3');
  await expect(wb.status).toContainText('4 notes');
});

test('each file shows one count of its findings, cross-file ones included, as the CLI reports them (site.zip)', async ({
  wb,
  page,
}) => {
  const dir = `${DIR}/pwning`;
  const names = ['sitemap.xml', 'sitemap-posts.xml', 'sitemap-tags.xml'];
  const zip = zipSync(Object.fromEntries(names.map((n) => [n, new Uint8Array(readFileSync(`${dir}/${n}`))])));
  await wb.openFile({ name: 'site.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(wb.workspace).toBeVisible();
  const list = wb.workspace.getByRole('list', { name: 'Files by index' });
  await expect(list).toContainText('sitemap-tags.xml');

  // The index: the stale lastmod of tags (IDX-003) is its warning in the list, the status bar and
  // the Issues tab alike; the two children that are not open are notes at their rows (IDX-006).
  const indexItem = list.getByRole('button', { name: /^sitemap\.xml\b/ });
  await expect(indexItem).toContainText('1 warning');
  await expect(wb.status).toContainText('0 errors');
  await expect(wb.status).toContainText('1 warning');
  await expect(wb.status).toContainText('3 notes'); // 2 children not open + the stylesheet (XML-014)
  await page.getByRole('tab', { name: /^Issues/ }).click();
  const byRule = page.getByRole('region', { name: 'Issues by rule' });
  await expect(byRule).toContainText('IDX-003');
  await expect(byRule).toContainText('IDX-006');
  await expect(byRule).not.toContainText('IDX-001');
  await expect(page.getByText('No problems found')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show 2 rows' }).click();
  await expect(wb.status).toContainText('Showing 2');
  await expect(await wb.cellText(0, 'URL')).toContain('sitemap-pages.xml');
  await page.screenshot({ path: test.info().outputPath('workspace-one-count-index.png') });

  // The tags child is checked against the URL the index names it by: HOST-001, as `check` says.
  await wb.showWorkspaceFile('sitemap-tags.xml');
  await expect(wb.status).toContainText('1 error');
  await expect(list.getByRole('button', { name: /^sitemap-tags\.xml\b/ })).toContainText('1 error');
  await page.getByRole('tab', { name: /^Issues/ }).click();
  await expect(page.getByRole('region', { name: 'Issues by rule' })).toContainText('HOST-001');
  await page.getByRole('tab', { name: /^Settings/ }).click();
  await expect(page.getByPlaceholder('https://pwning.tech/sitemap-tags.xml')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('workspace-one-count-tags.png') });
});

test('Find & replace in all files: counts per file first, one Undo takes it back in every file', async ({
  wb,
  page,
}) => {
  await openNextWorkspace(wb);
  await page.setViewportSize({ width: 1280, height: 800 });
  await wb.button('Find & replace…').click();
  const find = wb.dialog('Find and replace');
  await find.getByLabel('Find').fill('https://2ltech.fr');
  await find.getByLabel('Replace with').fill('https://www.2ltech.fr');
  // This file (the index) by default, as before.
  await expect(find.getByRole('radio', { name: /^This file/ })).toBeChecked();
  await expect(find.getByRole('status')).toHaveText('1 cell will change');
  await find.getByRole('radio', { name: /^All files/ }).check();
  const counts = find.getByRole('table', { name: 'Cells to change per file' });
  await expect(counts.locator('tbody tr')).toHaveText([
    'sitemap.xml1',
    'sitemap-0.xml1',
    'blog-sitemap.xml3',
  ]);
  await expect(find.getByRole('status')).toHaveText('5 cells will change in 3 files');
  await find.screenshot({ path: test.info().outputPath('find-all-files.png') });
  await find.getByRole('button', { name: 'Replace all' }).click();
  await expect(find).toBeHidden();
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText('Replaced “https://2ltech.fr” in 5 cells across 3 files');
  // One notice for one replace: not the active file's part of it ("in 1 URL (1 cell)") beside it.
  await expect(notices.locator('.toast', { hasText: 'Replaced' })).toHaveCount(1);
  await wb.showWorkspaceFile('All files');
  const table = page.getByRole('table', { name: 'All workspace URLs' });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table).not.toContainText('https://2ltech.fr');
  await expect(table.locator('tbody tr').nth(3)).toContainText(
    'https://www.2ltech.fr/blog/reparer-un-ecran/',
  );
  // One Undo, in one file, takes the replace back in all three.
  await wb.showWorkspaceFile('blog-sitemap.xml');
  // Its Undo says what it takes back: the whole replace, not this file's 3 cells.
  await page
    .getByRole('button', { name: 'Undo: Replace “https://2ltech.fr” in 5 cells across 3 files' })
    .click();
  await wb.showWorkspaceFile('All files');
  await expect(table.locator('tbody tr').nth(3)).toContainText('https://2ltech.fr/blog/reparer-un-ecran/');
  await expect(table).not.toContainText('https://www.2ltech.fr');
  await wb.showWorkspaceFile('sitemap.xml');
  await expect(page.getByRole('button', { name: /^Undo/ })).toBeDisabled();
});

test('the workspace export asks for a publish base calmly, and names an address it cannot use', async ({
  wb,
  page,
}) => {
  await openNextWorkspace(wb);
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  const base = dlg.getByLabel('Publish base URL (where the files will live)');
  // Nothing typed yet is not an error: a hint, not an alert.
  await base.fill('');
  await expect(
    dlg.getByText('The index needs absolute URLs: enter the address where the files will be published.'),
  ).toBeVisible();
  await expect(dlg.getByRole('alert')).toHaveCount(0);
  await expect(base).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dlg.getByRole('button', { name: 'Download .zip' })).toBeDisabled();
  // An address that is not absolute is named in the alert.
  await base.fill('www.example.com');
  await expect(dlg.getByRole('alert')).toContainText('“www.example.com” is not an absolute http(s) address');
  await expect(base).toHaveAttribute('aria-invalid', 'true');
  await base.fill('https://www.example.com/');
  await expect(dlg.getByRole('alert')).toHaveCount(0);
  await expect(dlg.getByRole('button', { name: 'Download .zip' })).toBeEnabled();
});

test('All files shows a full lastmod timestamp uncut at 1280 and 1920 px wide', async ({ wb, page }) => {
  const urlset = (path: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://a.example/${path}</loc><lastmod>2017-04-09T10:58:08+00:00</lastmod></url>\n</urlset>\n`,
    );
  await wb.openFiles([
    { name: 'a.xml', mimeType: 'application/xml', buffer: urlset('a') },
    { name: 'b.xml', mimeType: 'application/xml', buffer: urlset('b') },
  ]);
  await expect(wb.workspace).toBeVisible();
  await wb.showWorkspaceFile('All files');
  const table = page.getByRole('table', { name: 'All workspace URLs' });
  const lastmod = table.locator('tbody tr').first().locator('td').nth(2);
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(lastmod).toHaveText('2017-04-09T10:58:08+00:00');
    const cut = await lastmod.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, `lastmod cut at ${width} px`).toBe(false);
  }
});
