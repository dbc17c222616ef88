// Hostile and heavy inputs in the app (issue 20): each file is generated on the fly by the
// generators bench:hostile measures (bench/hostileInputs.ts), and each bound is asserted as
// behaviour — opened with the right entry count, or refused with a message.
import { deepVideo, NS, VIDEO, zipBomb } from '../bench/hostileInputs.ts';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const xmlFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(text, 'utf8'),
});

test('a bidi control in a URL is shown as a visible escape and flagged LOC-003', async ({ wb, page }) => {
  await wb.openFile({
    name: 'bidi.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('https://a.example/\u202Egpj.exe\nhttps://a.example/ok\n', 'utf8'),
  });
  await wb.expectUrlCount(2);
  const cell = await wb.cell(0, 'URL');
  await expect(cell).toContainText('https://a.example/⟨U+202E⟩gpj.exe');
  await expect(cell.locator('.invisible-char')).toHaveText('⟨U+202E⟩');
  expect(await cell.textContent()).not.toContain('\u202E');
  await expect(page.getByRole('complementary', { name: 'Issues and settings' })).toContainText('LOC-003');
  await page.screenshot({ path: 'test-results/screenshots/hostile-bidi.png' });
});

test('mixed content and foreign children in a video export exactly, checked before download', async ({
  wb,
}) => {
  const body = `<url><loc>https://a.example/v</loc><video:video><video:thumbnail_loc>https://a.example/t.jpg</video:thumbnail_loc><video:title>Steak</video:title><video:description>Our chef shows how to grill <b>perfect</b> steaks every time.</video:description><video:player_loc>https://a.example/p</video:player_loc><x:y>z</x:y></video:video></url>`;
  await wb.openFile(
    xmlFile('chef.xml', `<urlset xmlns="${NS}" xmlns:video="${VIDEO}" xmlns:x="urn:x">${body}</urlset>`),
  );
  await wb.expectUrlCount(1);
  // Keep formatting (the default) gives the untouched file back; Normalize writes it anew.
  const kept = new TextDecoder().decode(await downloadBytes(await wb.exportAs('XML')));
  expect(kept).toContain('<x:y>z</x:y>');
  const text = new TextDecoder().decode(await downloadBytes(await wb.exportAs('XML', true, 'Normalize')));
  expect(text).toContain(
    '<video:description>Our chef shows how to grill <b>perfect</b> steaks every time.</video:description>',
  );
  expect(text).toContain('<x:y xmlns:x="urn:x">z</x:y>');
});

test('5,000 nested elements in a video open with both entries and a depth error', async ({ wb, page }) => {
  await wb.openFile(xmlFile('deep.xml', deepVideo(5000, 1)));
  await wb.expectUrlCount(2);
  await expect(page.getByRole('complementary', { name: 'Issues and settings' })).toContainText('ENC-004');
});

test('a zip member that declares 200 bytes and inflates past the cap is left out, with the reason', async ({
  wb,
  page,
}) => {
  await wb.openFiles([{ name: 'bomb.zip', mimeType: 'application/zip', buffer: Buffer.from(zipBomb(260)) }]);
  await expect(
    page.getByText(/Left out of the archive: bomb\.xml \(over the 200,000,000-byte limit/),
  ).toBeVisible({
    timeout: 60_000,
  });
  // The app keeps working: a file opens afterwards.
  await wb.openFile(
    xmlFile('after.xml', `<urlset xmlns="${NS}"><url><loc>https://a.example/</loc></url></urlset>`),
  );
  await wb.expectUrlCount(1);
});

test('the server forbids framing: frame-ancestors none and X-Frame-Options DENY', async ({ page }) => {
  const res = await page.request.get('/');
  const h = res.headers();
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['content-security-policy']).toContain("default-src 'self'");
});
