/**
 * Where exported files land (session 13 review): a workspace keeps each child at the path its
 * index gives it, a split export names its index from the publish URL and warns when the URLs sit
 * outside the folder its files are published in (HOST-004), and "Changed" means the bytes differ.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync, unzipSync } from 'fflate';
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
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
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

test('a .gz child its index names uncompressed is written at that path; gzipping it is a choice the index follows', async ({
  wb,
  page,
}) => {
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const site = 'https://www.example-blog.com';
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n\t<sitemap>\n\t\t<loc>${site}/post-sitemap.xml</loc>\n\t</sitemap>\n\t<sitemap>\n\t\t<loc>${site}/page-sitemap.xml</loc>\n\t</sitemap>\n</sitemapindex>\n`;
  const urlset = (loc: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n\t<url>\n\t\t<loc>${site}/${loc}</loc>\n\t</url>\n</urlset>\n`;
  const gz = (name: string, text: string) => ({
    name,
    mimeType: 'application/gzip',
    buffer: Buffer.from(gzipSync(new TextEncoder().encode(text))),
  });
  await wb.openFiles([
    gz('sitemap_index.xml.gz', index),
    gz('post-sitemap.xml.gz', urlset('hello-world/')),
    { name: 'page-sitemap.xml', mimeType: 'application/xml', buffer: Buffer.from(urlset('about/')) },
  ]);
  await expect(wb.workspace).toContainText('3 files');
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Export workspace' });
  await dlg.getByLabel('Publish base URL (where the files will live)').fill(`${site}/`);
  const out = dlg.getByRole('table', { name: 'Files in the export' });
  const row = (name: RegExp) => out.locator('tbody tr', { hasText: name });
  await expect(
    row(/^post-sitemap\.xml(?!\.gz)/)
      .locator('td')
      .nth(4),
  ).toHaveText('written uncompressed, as its index names it (post-sitemap.xml) OUT-010');
  await expect(
    row(/^sitemap_index\.xml\.gz/)
      .locator('td')
      .nth(4),
  ).toHaveText('');
  const format = dlg.getByRole('group', { name: 'Format of each file' }).getByRole('combobox').first();
  await expect(format).toHaveValue('xml');
  const download = async () => {
    const downloading = page.waitForEvent('download');
    await dlg.getByRole('button', { name: 'Download .zip' }).click();
    return unzipSync(await downloadBytes(await downloading));
  };
  const untouched = await download();
  expect(Object.keys(untouched).sort()).toEqual([
    'page-sitemap.xml',
    'post-sitemap.xml',
    'sitemap_index.xml.gz',
  ]);
  expect(new TextDecoder().decode(gunzipSync(untouched['sitemap_index.xml.gz']))).toBe(index);

  // Gzipped as chosen: the index's loc follows, and the index says so in plain words.
  await wb.workspace.getByRole('button', { name: 'Export workspace…' }).click();
  await dlg.getByLabel('Publish base URL (where the files will live)').fill(`${site}/`);
  await format.selectOption('xml.gz');
  await expect(
    row(/^sitemap_index\.xml\.gz/)
      .locator('td')
      .nth(4),
  ).toHaveText('child loc post-sitemap.xml now post-sitemap.xml.gz (the format chosen for it) OUT-008');
  await dlg.screenshot({ path: test.info().outputPath('workspace-export-gz-child.png') });
  const chosen = await download();
  expect(Object.keys(chosen).sort()).toEqual([
    'page-sitemap.xml',
    'post-sitemap.xml.gz',
    'sitemap_index.xml.gz',
  ]);
  expect(parseSitemap(chosen['sitemap_index.xml.gz']).document.entries.map((e) => e.loc)).toEqual([
    `${site}/post-sitemap.xml.gz`,
    `${site}/page-sitemap.xml`,
  ]);
});
