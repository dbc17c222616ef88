// Hostile and heavy inputs in the app (issue 20): each file is generated here, and each bound is
// asserted as behaviour — opened with the right entry count, or refused with a message.
import { constants, deflateRawSync } from 'node:zlib';
import { downloadBytes, expect, test } from './pages/workbench.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';
const xmlFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/xml',
  buffer: Buffer.from(text, 'utf8'),
});

/**
 * A zip with one deflated member that declares 200 bytes and inflates to `mib` MiB of 'a'
 * (byte-aligned blocks with a full flush: ~1 KB per MiB). CRCs are zero: the cap fires first.
 */
function zipBomb(mib: number): { name: string; mimeType: string; buffer: Buffer } {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x61), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const data = Buffer.concat([...Array.from({ length: mib }, () => block), deflateRawSync(Buffer.alloc(0))]);
  const name = Buffer.from('bomb.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(200, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(200, 24);
  central.writeUInt16LE(name.length, 28);
  const cdOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  const buffer = Buffer.concat([local, name, data, central, name, end]);
  return { name: 'bomb.zip', mimeType: 'application/zip', buffer };
}

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
  const text = new TextDecoder().decode(await downloadBytes(await wb.exportAs('XML')));
  expect(text).toContain(
    '<video:description>Our chef shows how to grill <b>perfect</b> steaks every time.</video:description>',
  );
  expect(text).toContain('<x:y xmlns:x="urn:x">z</x:y>');
});

test('5,000 nested elements in a video open with both entries and a depth error', async ({ wb, page }) => {
  const deep = `${'<video:a>'.repeat(5000)}x${'</video:a>'.repeat(5000)}`;
  const body = `<url><loc>https://a.example/1</loc><video:video><video:title>t</video:title>${deep}</video:video></url><url><loc>https://a.example/2</loc></url>`;
  await wb.openFile(xmlFile('deep.xml', `<urlset xmlns="${NS}" xmlns:video="${VIDEO}">${body}</urlset>`));
  await wb.expectUrlCount(2);
  await expect(page.getByRole('complementary', { name: 'Issues and settings' })).toContainText('ENC-004');
});

test('a zip member that declares 200 bytes and inflates past the cap is left out, with the reason', async ({
  wb,
  page,
}) => {
  await wb.openFiles([zipBomb(260)]);
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
