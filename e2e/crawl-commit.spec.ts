import { writeFileSync } from 'node:fs';
import { bigSitemap, expect, test } from './pages/workbench.ts';

// Issue #17, "Scale": at a big size a crawl action's commit (and its undo) runs in slices with
// the status bar saying what it does, and is still one undo step that gives the document back.

/** Big enough for the sliced commit (20,000 entries, 2,000 changed), small enough for CI. */
const N = 60_000;
/** Every 12th listed URL is noindex in the crawl: 5,000 of them. */
const NOINDEX = N / 12;

function crawlCsv(): string {
  const rows = ['Address,Status Code,Indexability,Indexability Status,Meta Robots 1'];
  for (let i = 0; i < N; i++) {
    const url = `https://big.example.com/s-${i % 40}/item-${i}`;
    rows.push(
      i % 12 === 5
        ? `${url},200,Non-Indexable,noindex,"noindex, follow"`
        : `${url},200,Indexable,,"index, follow"`,
    );
  }
  return `${rows.join('\n')}\n`;
}

test('Remove noindex URLs at scale is one undo step, committed and undone in the background', async ({
  wb,
  page,
}, info) => {
  test.setTimeout(180_000);
  const file = info.outputPath('big.xml');
  writeFileSync(file, bigSitemap(N));
  await wb.openFile(file);
  await wb.expectUrlCount(N, 60_000);
  await wb.dropFile('internal_all.csv', crawlCsv());
  const notes = page.getByRole('region', { name: 'Notifications' });
  await expect(notes).toContainText(`Attached internal_all.csv: ${N.toLocaleString('en-US')} crawled URLs`, {
    timeout: 60_000,
  });

  await page.getByRole('tab', { name: 'Charts' }).click();
  const card = page.getByRole('region', { name: 'Crawl audit' });
  const remove = card.getByRole('button', {
    name: `Remove noindex URLs (${NOINDEX.toLocaleString('en-US')})`,
  });
  await expect(remove).toBeEnabled({ timeout: 60_000 });
  await remove.click();
  await wb.expectUrlCount(N - NOINDEX, 60_000);
  await expect(page.getByRole('contentinfo').getByRole('progressbar')).toHaveCount(0);
  const undo = page.getByRole('button', {
    name: `Undo: Remove noindex URLs (${NOINDEX.toLocaleString('en-US')} URLs)`,
  });
  await expect(undo).toBeVisible();
  // The findings followed: nothing noindex is listed now.
  await expect(card.getByRole('button', { name: 'Remove noindex URLs (0)' })).toBeDisabled({
    timeout: 60_000,
  });
  await page.screenshot({ path: info.outputPath('crawl-commit-removed.png') });

  await undo.click();
  await wb.expectUrlCount(N, 60_000);
  await expect(remove).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: /^Redo: Remove noindex URLs/ })).toBeVisible();
  expect(await wb.cellText(5, 'URL')).toBe('https://big.example.com/s-5/item-5');
});
