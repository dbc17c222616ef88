/**
 * Session 16's review: at 1280 px the row drawer's hreflang tab squeezed the alternates table
 * beside the cluster until the href column had no width left and its header ran into REL's
 * (with a media column) — the URLs, what the table is about, could not be read. The alternates
 * keep a readable href column; where the drawer has no room for both, the cluster goes below.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './pages/workbench.ts';

const SITEMAP = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://www.example.com/english/</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/english/" />
    <xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/deutsch/" />
    <xhtml:link rel="alternate" hreflang="en" media="only screen and (max-width: 640px)" href="https://m.example.com/english/" />
  </url>
  <url>
    <loc>https://www.example.com/deutsch/</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/english/" />
    <xhtml:link rel="alternate" hreflang="de" href="https://www.example.com/deutsch/" />
  </url>
</urlset>
`);

const box = async (l: Locator) => (await l.boundingBox())!;

for (const [width, height] of [
  [1280, 800],
  [1920, 1080],
] as const) {
  test(`at ${width}×${height} the alternates' href column is readable and no header overlaps`, async ({
    wb,
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await wb.openFile({ name: 'media.xml', mimeType: 'application/xml', buffer: SITEMAP });
    await wb.expectUrlCount(2);
    const d = await wb.openDetails(0, 'hreflang');
    const alts = d.getByRole('region', { name: 'Alternates' });
    const headers = await Promise.all(
      ['hreflang', 'href', 'rel', 'media / other'].map((name) =>
        box(alts.getByRole('columnheader', { name, exact: true })),
      ),
    );
    for (let i = 1; i < headers.length; i++)
      expect(headers[i].x, 'each header starts after the one before it ends').toBeGreaterThanOrEqual(
        headers[i - 1].x + headers[i - 1].width - 1,
      );
    // An href input shows at least ~16 characters of its URL.
    expect(
      (await box(alts.getByRole('textbox', { name: 'Alternate 1 href', exact: true }))).width,
    ).toBeGreaterThanOrEqual(120);
    await expect(d.getByRole('region', { name: 'hreflang cluster' })).toBeVisible();
    if (process.env.S17_SHOTS)
      await page.screenshot({ path: `${process.env.S17_SHOTS}/hreflang-${width}.png` });
  });
}
