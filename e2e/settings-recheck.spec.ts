import { writeFileSync } from 'node:fs';
import type { RecheckHold } from '../src/state/e2eHold.ts';
import { bigSitemap, expect, test } from './pages/workbench.ts';

// Issues #17 / #18: a settings change on a big document never freezes the page. The setting shows
// at once; the findings follow in slices, with progress and Cancel in the status bar; Cancel puts
// the setting back and says so; an edit made meanwhile is kept and checked under the new setting.

/** Big (the size of issues #17 / #18): the test holds the re-check while it acts (e2eHold.ts). */
const BIG = 600_000;
const ELSEWHERE = 'https://shop.example.org/sitemap.xml';

test('a settings change on 600,000 URLs re-checks in the background: Cancel goes back, edits are kept', async ({
  wb,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const big = testInfo.outputPath('big-sitemap.xml');
  writeFileSync(big, bigSitemap(BIG));
  await wb.openFile(big);
  // Opened and checked: 2 errors, the file's size (SIZE-001, SIZE-002).
  await expect(wb.status).toContainText('600,000 URLs2 errors', { timeout: 120_000 });
  await expect(page.getByRole('contentinfo').getByRole('progressbar')).toBeHidden();
  const before = (await wb.status.textContent()) ?? '';

  const footer = page.getByRole('contentinfo');
  const bar = footer.getByRole('progressbar', { name: 'Re-checking 600,000 URLs' });
  await page.getByRole('tab', { name: 'Settings' }).click();
  const publish = page.getByRole('textbox', { name: 'Publish URL' });

  // The re-check of 600,000 URLs takes about a second since the scope findings became codes
  // (session 14): the test holds it after its first slice (the e2e build's hook, e2eHold.ts), acts,
  // and lets it go on. No race with its end, on any machine.
  const hold = (what: 'hold' | 'release') =>
    page.evaluate((w) => (window as unknown as { __swRecheckHold: RecheckHold }).__swRecheckHold[w](), what);
  const held = () =>
    page.waitForFunction(() => (window as unknown as { __swRecheckHold: RecheckHold }).__swRecheckHold.held);
  expect(
    await page.evaluate(() => '__swRecheckHold' in window),
    'the e2e build flavour (VITE_SW_E2E=1, scripts/e2e.mjs) holds the re-check',
  ).toBe(true);

  // Cancel: the publish URL is empty again, one notice says so, the findings are the earlier ones.
  await hold('hold');
  await publish.fill(ELSEWHERE);
  await publish.press('Enter');
  await held();
  await expect(bar).toBeVisible();
  await expect(publish).toHaveValue(ELSEWHERE);
  await page.screenshot({ path: testInfo.outputPath('rechecking.png') });
  await footer.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden();
  await hold('release');
  await expect(
    page.getByText('Re-check cancelled: the publish URL is empty again.', { exact: false }),
  ).toHaveCount(1);
  await expect(publish).toHaveValue('');
  await expect(wb.status).toHaveText(before);
  // Cancel took the setting's step back: Redo would set it again.
  await expect(wb.button(/^Redo: Set publish URL/)).toBeEnabled();

  // Again, with an edit while it runs: the edit stays, one undo step, and the new findings cover it.
  await hold('hold');
  await publish.fill(ELSEWHERE);
  await publish.press('Enter');
  await held();
  await expect(bar).toBeVisible();
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.3');
  await page.keyboard.press('Enter');
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.3');
  await expect(bar).toBeVisible();
  await hold('release');
  await expect(bar).toBeHidden({ timeout: 120_000 });
  // Every URL is now on another host than the publish URL's (HOST-001), the edited row too.
  await expect(wb.status).toContainText('600,000 URLs600,002 errors');
  await expect(publish).toHaveValue(ELSEWHERE);
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.3');
  await expect(await wb.cell(0, 'URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(wb.button(/^Undo: Edit priority/)).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('after-recheck.png') });
});
