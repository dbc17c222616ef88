/**
 * Where exported files land (session 13 review): a workspace keeps each child at the path its
 * index gives it, a split export names its index from the publish URL and warns when the URLs sit
 * outside the folder its files are published in (HOST-004), and "Changed" means the bytes differ.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const real = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/real', name);
const picked = (name: string, file: string) => ({
  name,
  mimeType: 'application/xml',
  buffer: readFileSync(real(file)),
});

test('Hugo en/ and fr/ children, all picked as sitemap.xml, export to en/ and fr/; nothing said changed', async ({
  wb,
  page,
}) => {
  await wb.openFiles([
    picked('sitemap.xml', 'hugo-multilingual-index-relative.xml'),
    picked('sitemap.xml', 'hugo-multilingual-en-hreflang-relative.xml'),
    picked('sitemap.xml', 'hugo-multilingual-fr-hreflang-relative.xml'),
  ]);
  await expect(wb.workspace).toContainText('The index matches its children.');
  await wb.workspace.getByRole('button', { name: 'Export workspace (.zip)…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  await dlg.getByLabel('Publish base URL (where the files will live)').fill('https://example.org/');
  const out = dlg.getByRole('table', { name: 'Files in the export' });
  await expect(out.locator('tbody tr')).toHaveCount(3);
  await expect(out.locator('tbody tr', { hasText: 'fr/sitemap.xml' }).locator('td').nth(4)).toHaveText('');
  // The index's relative locs become absolute (OUT-008): its bytes change, and it says why.
  await expect(
    out
      .locator('tbody tr', { hasText: /^sitemap\.xml/ })
      .locator('td')
      .nth(4),
  ).toHaveText('2 relative child locs written absolute OUT-008');
  await dlg.screenshot({ path: test.info().outputPath('workspace-export-hugo.png') });
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download .zip' }).click();
  const files = unzipSync(await downloadBytes(await downloading));
  expect(Object.keys(files).sort()).toEqual(['en/sitemap.xml', 'fr/sitemap.xml', 'sitemap.xml']);
  expect(files['fr/sitemap.xml']).toEqual(
    new Uint8Array(readFileSync(real('hugo-multilingual-fr-hreflang-relative.xml'))),
  );
  expect(parseSitemap(files['sitemap.xml']).document.entries.map((e) => e.loc)).toEqual([
    'https://example.org/fr/sitemap.xml',
    'https://example.org/en/sitemap.xml',
  ]);
});

test('a split export published in a subfolder names its index from the URL and offers the site root (HOST-004)', async ({
  wb,
  page,
}) => {
  await wb.openFile(real('heizungdefekt-post-sitemap0-1044-urls.xml'));
  await wb.expectUrlCount(1044);
  await wb.button(/^Export/).click();
  const dlg = wb.dialog('Export sitemap');
  await dlg.getByRole('radio', { name: /^Zip of split files/ }).check();
  await dlg.getByLabel('URLs per file').fill('300');
  const url = dlg.getByLabel('Publish URL of the sitemap index');
  await url.fill('https://heizung-defekt.de/sitemaps/sitemap_index.xml');
  await url.blur();
  const warning = dlg.locator('.callout', { hasText: 'HOST-004' });
  // The preview splits and reads back 1,044 URLs in the worker: slow on a loaded machine.
  await expect(warning).toContainText('1,044 of 1,044 URLs are outside https://heizung-defekt.de/sitemaps/', {
    timeout: 20_000,
  });
  await warning.scrollIntoViewIfNeeded();
  await dlg.screenshot({ path: test.info().outputPath('split-host-004.png') });
  await warning
    .getByRole('button', { name: 'Publish at https://heizung-defekt.de/sitemap_index.xml' })
    .click();
  await expect(url).toHaveValue('https://heizung-defekt.de/sitemap_index.xml');
  await expect(dlg.locator('.callout', { hasText: 'HOST-004' })).toHaveCount(0, { timeout: 20_000 });
  const downloading = page.waitForEvent('download');
  await dlg.getByRole('button', { name: 'Download' }).click();
  const files = unzipSync(await downloadBytes(await downloading));
  expect(Object.keys(files).sort()).toEqual([
    'heizungdefekt-post-sitemap0-1044-urls-1.xml',
    'heizungdefekt-post-sitemap0-1044-urls-2.xml',
    'heizungdefekt-post-sitemap0-1044-urls-3.xml',
    'heizungdefekt-post-sitemap0-1044-urls-4.xml',
    'sitemap_index.xml',
  ]);
  expect(parseSitemap(files['sitemap_index.xml']).document.entries[0].loc).toBe(
    'https://heizung-defekt.de/heizungdefekt-post-sitemap0-1044-urls-1.xml',
  );
});
