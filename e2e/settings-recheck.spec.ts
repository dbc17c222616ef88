import { writeFileSync } from 'node:fs';
import { bigSitemap, expect, test } from './pages/workbench.ts';

// Issues #17 / #18: a settings change on a big document never freezes the page. The setting shows
// at once; the findings follow in slices, with progress and Cancel in the status bar; Cancel puts
// the setting back and says so; an edit made meanwhile is kept and checked under the new setting.

/** Big enough that the re-check still runs when Cancel is clicked, even on a fast, idle machine. */
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
  // (session 14): the CPU is slowed 20× while the test acts during it, so Cancel and the edit
  // reliably land before it ends, on a fast machine too.
  const cdp = await page.context().newCDPSession(page);
  const slow = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });

  // Cancel: the publish URL is empty again, one notice says so, the findings are the earlier ones.
  await slow(20);
  await publish.fill(ELSEWHERE);
  await publish.press('Enter');
  await expect(bar).toBeVisible();
  await expect(publish).toHaveValue(ELSEWHERE);
  await page.screenshot({ path: testInfo.outputPath('rechecking.png') });
  await footer.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden();
  await slow(1);
  await expect(
    page.getByText('Re-check cancelled: the publish URL is empty again.', { exact: false }),
  ).toHaveCount(1);
  await expect(publish).toHaveValue('');
  await expect(wb.status).toHaveText(before);

  // Again, with an edit while it runs: the edit stays, one undo step, and the new findings cover it.
  await slow(20);
  await publish.fill(ELSEWHERE);
  await publish.press('Enter');
  await expect(bar).toBeVisible();
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.3');
  await page.keyboard.press('Enter');
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.3');
  await expect(bar).toBeVisible();
  await slow(1);
  await expect(bar).toBeHidden({ timeout: 120_000 });
  // Every URL is now on another host than the publish URL's (HOST-001), the edited row too.
  await expect(wb.status).toContainText('600,000 URLs600,002 errors');
  await expect(publish).toHaveValue(ELSEWHERE);
  await expect(await wb.cell(0, 'Priority')).toHaveText('0.3');
  await expect(await wb.cell(0, 'URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(wb.button(/^Undo: Edit priority/)).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('after-recheck.png') });
});
