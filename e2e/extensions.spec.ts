import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { parseSitemap } from '../src/core/parse.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';
import { SHOTS_DIR } from './shots.ts';

const MEDIA = 'e2e/fixtures/extensions/media.xml';
const HREFLANG = 'e2e/fixtures/extensions/hreflang.xml';
const MEDIA_XML = readFileSync(MEDIA, 'utf8');
/** The unknown extension element and the legacy PageMap block, exactly as in the fixture. */
const ACME = MEDIA_XML.slice(MEDIA_XML.indexOf('<acme:rating'), MEDIA_XML.indexOf('</acme:rating>') + 14);
const PAGEMAP = MEDIA_XML.slice(MEDIA_XML.indexOf('<PageMap'), MEDIA_XML.indexOf('</PageMap>') + 10);

/** Type a new value into a detail field and commit it with Enter (one undo step). */
async function setField(field: import('@playwright/test').Locator, value: string) {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
  await expect(field).toHaveValue(value);
}

test('images: edit a URL with inline validation, fix deprecated tags, undo', async ({ wb }) => {
  await wb.openFile(MEDIA);
  await wb.expectUrlCount(2);
  // Deprecated tags are flagged per row under the Strict (XSD) profile (one file note by default).
  await wb.page.getByRole('tab', { name: 'Settings' }).click();
  await wb.page.getByRole('radio', { name: /^Strict \(XSD\)/ }).check();
  const d = await wb.openDetails(0, 'Images');
  const caption = d.getByRole('textbox', { name: 'Image 1 caption (ignored by Google)', exact: true });
  await expect(caption).toHaveValue('Steak on the grill');
  await expect(d.getByRole('columnheader', { name: /Caption/ })).toContainText('ignored by Google');
  await expect(caption).toHaveAttribute('aria-invalid', 'true');
  await expect(d).toContainText('IMG-006');

  const url = d.getByRole('textbox', { name: 'Image 2 URL', exact: true });
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
  await setField(url, 'images/photo 1.jpg');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(d.getByText('IMG-003', { exact: true })).toBeVisible();
  await setField(url, 'https://cdn.example.com/photo%201.jpg');
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
  await expect(wb.button('Undo: Edit image URL')).toBeEnabled();

  await d.getByRole('button', { name: /^Fix: Drop deprecated image tags/ }).click();
  await expect(caption).toHaveCount(0);
  await wb.button(/^Undo: Drop deprecated image tags/).click();
  await expect(caption).toHaveValue('Steak on the grill');

  // Reorder and remove are single undo steps too.
  await d.getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(d.getByRole('textbox', { name: 'Image 1 URL', exact: true })).toHaveValue(
    'https://cdn.example.com/photo%201.jpg',
  );
  await d.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(d.getByRole('textbox', { name: 'Image 2 URL', exact: true })).toHaveCount(0);
  await wb.button('Undo: Remove image 1').click();
  await wb.button('Undo: Move image 2 up').click();
  await expect(d.getByRole('textbox', { name: 'Image 2 URL', exact: true })).toHaveValue(
    'https://cdn.example.com/photo%201.jpg',
  );
});

test('a video field and the news title are edited; export keeps unknown XML verbatim', async ({
  wb,
  page,
}) => {
  await wb.openFile(MEDIA);
  await wb.expectUrlCount(2);
  let d = await wb.openDetails(0, 'Videos');
  const video = d.getByRole('article', { name: 'Video 1' });
  const categoryName = video.getByRole('combobox', { name: 'Video 1 field 9 name', exact: true });
  await expect(categoryName).toHaveValue('category');
  const categoryRow = video
    .locator('tr')
    .filter({ has: page.getByRole('combobox', { name: 'Video 1 field 9 name', exact: true }) });
  await expect(categoryRow).toContainText('ignored by Google');
  await setField(
    video.getByRole('textbox', { name: 'Video 1 title', exact: true }),
    'Grilling steaks, part 2',
  );
  await expect(video.getByRole('heading')).toContainText('Grilling steaks, part 2');
  await expect(wb.button('Undo: Edit video title')).toBeEnabled();

  await setField(video.getByRole('textbox', { name: 'Video 1 duration', exact: true }), 'PT10M');
  await expect(video.getByRole('textbox', { name: 'Video 1 duration', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(video.getByText('VID-009', { exact: true })).toBeVisible();
  await wb.button('Undo: Edit video duration').click();
  await expect(video.getByRole('textbox', { name: 'Video 1 duration', exact: true })).toHaveValue('600');

  const relationship = video.getByRole('textbox', {
    name: 'Video 1 restriction relationship attribute',
    exact: true,
  });
  await expect(relationship).toHaveValue('allow');
  await setField(relationship, 'deny');
  await expect(wb.button('Undo: Edit relationship attribute')).toBeEnabled();
  await expect(video.locator('.dt-attr.deprecated')).toContainText('allow_embed=');

  d = await wb.openDetails(0, 'News');
  await setField(
    d.getByRole('textbox', { name: 'News title', exact: true }),
    'Summer grilling guide (updated)',
  );
  await expect(wb.button('Undo: Edit news title')).toBeEnabled();

  d = await wb.openDetails(0, 'Other XML');
  await expect(d.locator('pre')).toHaveText(ACME);
  d = await wb.openDetails(1, 'Other XML');
  await expect(d.locator('pre')).toHaveText(PAGEMAP);

  const bytes = await downloadBytes(await wb.exportAs('XML'));
  const text = new TextDecoder().decode(bytes);
  expect(text).toContain(ACME);
  expect(text).toContain(PAGEMAP);
  const parsed = parseSitemap(bytes);
  expect(parsed.fatal).toBeNull();
  const [e0] = parsed.document.entries;
  expect(e0.videos?.[0].nodes.find((n) => n.name === 'title')?.text).toBe('Grilling steaks, part 2');
  expect(e0.videos?.[0].nodes.find((n) => n.name === 'duration')?.text).toBe('600');
  expect(e0.videos?.[0].nodes.find((n) => n.name === 'restriction')?.attrs).toEqual({ relationship: 'deny' });
  expect(e0.news?.[0].nodes.find((n) => n.name === 'title')?.text).toBe('Summer grilling guide (updated)');
  expect(e0.images?.[0].caption).toBe('Steak on the grill');
  expect(parsed.document.entries[1].extras?.[0].xml).toBe(PAGEMAP);
});

test('hreflang: edit an alternate, add the missing return links in one step, undo', async ({ wb }) => {
  await wb.openFile(HREFLANG);
  await wb.expectUrlCount(4);
  let d = await wb.openDetails(0, 'hreflang');
  const code = d.getByRole('textbox', { name: 'Alternate 2 hreflang', exact: true });
  await expect(code).toHaveValue('de-ch');
  await setField(code, 'en-UK');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(d.getByText('HREF-004', { exact: true })).toBeVisible();
  await wb.button('Undo: Edit hreflang').click();
  await expect(code).toHaveValue('de-ch');
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  const rel = d.getByRole('textbox', { name: 'Alternate 1 rel', exact: true });
  await setField(rel, '');
  await expect(rel).toHaveAttribute('aria-invalid', 'true');
  await expect(d.getByText('HREF-002', { exact: true })).toBeVisible();
  await setField(rel, 'alternate');
  await expect(rel).not.toHaveAttribute('aria-invalid', 'true');

  d = await wb.openDetails(1, 'hreflang');
  const cluster = d.getByRole('region', { name: 'hreflang cluster' });
  await expect(cluster).toContainText('4 pages');
  await expect(cluster.getByRole('cell', { name: 'de is missing the return link to en' })).toBeVisible();
  await expect(cluster.getByRole('cell', { name: 'en is missing the return link to it' })).toBeVisible();
  const fix = cluster.getByRole('button', { name: /^Add missing return links/ });
  await expect(fix).toHaveText('Add missing return links (3)');
  await fix.click();
  await expect(cluster.getByRole('status')).toHaveText(/Added 3 return links/);
  await expect(fix).toBeDisabled();
  await expect(cluster.getByRole('cell', { name: /is missing the return link/ })).toHaveCount(0);
  await expect(d.getByRole('textbox', { name: 'Alternate 2 href', exact: true })).toHaveValue(
    'https://www.example.com/english/',
  );
  await expect(d.getByRole('textbox', { name: 'Alternate 3 href', exact: true })).toHaveValue(
    'https://www.example.com/schweiz-deutsch/',
  );
  await expect(wb.status).toContainText('0 errors');

  await wb.button('Undo: Add 3 missing return links').click();
  await expect(fix).toHaveText('Add missing return links (3)');
  await expect(d.getByRole('textbox', { name: 'Alternate 2 href', exact: true })).toHaveCount(0);
  await expect(wb.status).toContainText('3 errors');
});

test('text typed into a field goes to its row even when another row is clicked before Enter', async ({
  wb,
}) => {
  await wb.openFile(MEDIA);
  await wb.expectUrlCount(2);
  let d = await wb.openDetails(0, 'Images');
  const url = d.getByRole('textbox', { name: 'Image 2 URL', exact: true });
  await url.click();
  await url.fill('https://cdn.example.com/typed.jpg');
  d = await wb.openDetails(1, 'Images');
  await expect(d).toContainText('No images on this page.');
  await expect(wb.button('Undo: Edit image URL')).toBeEnabled();
  d = await wb.openDetails(0, 'Images');
  await expect(d.getByRole('textbox', { name: 'Image 2 URL', exact: true })).toHaveValue(
    'https://cdn.example.com/typed.jpg',
  );
});

test('the drawer closes with Escape or its close button and reopens', async ({ wb, page }) => {
  await wb.openFile(MEDIA);
  await wb.expectUrlCount(2);
  const d = await wb.openDetails(0);
  await d.getByRole('tab', { name: /^Images/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(d.getByRole('tab', { name: /^Videos/ })).toBeFocused();
  await expect(d.getByRole('tab', { name: /^Videos/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(d.getByRole('tabpanel')).toHaveCount(0);
  await d.getByRole('button', { name: 'Show details' }).click();
  await expect(d.getByRole('tabpanel')).toBeVisible();
  await d.getByRole('button', { name: 'Close details' }).click();
  await expect(d.getByRole('button', { name: 'Show details' })).toBeVisible();
});

test('every section of the drawer has no axe violations', async ({ wb, page }) => {
  const violations = async () =>
    (await new AxeBuilder({ page }).include('section[aria-label="Row details"]').analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  await wb.openFile(MEDIA);
  await wb.expectUrlCount(2);
  for (const tab of ['Images', 'Videos', 'News', 'Other XML'] as const) {
    await wb.openDetails(0, tab);
    expect(await violations(), tab).toEqual([]);
  }
  await wb.openFile(HREFLANG);
  await wb.expectUrlCount(4);
  await wb.openDetails(1, 'hreflang');
  expect(await violations(), 'hreflang').toEqual([]);
});

test('screenshot: the detail drawer with the hreflang cluster (docs/screenshots/detail.png)', async ({
  wb,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await wb.openFile(HREFLANG);
  await wb.expectUrlCount(4);
  const d = await wb.openDetails(1, 'hreflang');
  await expect(d.getByRole('region', { name: 'hreflang cluster' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS_DIR}/detail.png` });
});

test('an alternate missing only the trailing slash of a listed page names that page (s16 review)', async ({
  wb,
  page,
}, testInfo) => {
  const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  const alt = (code: string, href: string) =>
    `<xhtml:link rel="alternate" hreflang="${code}" href="${href}"/>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n<url><loc>https://www.example.com/de/</loc>${alt('de', 'https://www.example.com/de/')}${alt('fr', 'https://www.example.com/fr/')}</url>\n<url><loc>https://www.example.com/fr/</loc>${alt('fr', 'https://www.example.com/fr/')}${alt('de', 'https://www.example.com/de')}</url>\n</urlset>\n`;
  await wb.openFile({ name: 'hreflang-slash.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await wb.expectUrlCount(2);
  const d = await wb.openDetails(1, 'hreflang');
  const cluster = d.getByRole('region', { name: 'hreflang cluster' });
  await expect(cluster).toContainText(
    'Not listed as written: https://www.example.com/de. The sitemap lists https://www.example.com/de/ (only the trailing slash differs)',
  );
  await expect(cluster).not.toContainText('Not loaded, cannot verify');
  await expect(cluster).not.toContainText('Every loaded page links back.');
  await expect(cluster).toContainText('return link missing, · no link either way.');
  await expect(d).toContainText(
    'but the sitemap lists https://www.example.com/de/ (only the trailing slash differs)',
  );
  await page.screenshot({ path: testInfo.outputPath('hreflang-near.png') });
});
