import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test as plain } from '@playwright/test';
import {
  badBytes,
  deepNesting,
  entityAttack,
  gzipBomb,
  hugeAttribute,
  remoteReferences,
  SCRIPT_VALUES,
  scriptValues,
} from './fixtures/hostile/make.ts';
import { installGuards } from './guards.ts';
import { expect, test, type Workbench } from './pages/workbench.ts';

// Every test using `test` also fails on a CSP violation or a request to another origin (the
// automatic guard of the page object); `plain` tests check the guard itself and the sources.

const issuesPanel = (wb: Workbench) => wb.page.getByRole('complementary', { name: 'Issues and settings' });

/** Every anchor with an href must be http(s) and open safely in a new tab (download links aside). */
async function expectOnlySafeLinks(wb: Workbench): Promise<void> {
  const anchors = await wb.page.locator('a[href]').evaluateAll((els) =>
    els.map((a) => ({
      href: (a as HTMLAnchorElement).href,
      rel: a.getAttribute('rel') ?? '',
      target: a.getAttribute('target') ?? '',
      download: a.hasAttribute('download'),
    })),
  );
  for (const a of anchors) {
    if (a.download && a.href.startsWith('blob:')) continue;
    expect(a.href, 'only http(s) links').toMatch(/^https?:\/\//);
    expect(a.rel.split(/\s+/), `rel of ${a.href}`).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
    expect(a.target, `target of ${a.href}`).toBe('_blank');
  }
}

async function expectNothingInjected(wb: Workbench): Promise<void> {
  const page = wb.page;
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"], b:text-is("bold"), script:not([src])')).toHaveCount(0);
  await expect(
    page.locator('[href^="javascript:" i], [src^="javascript:" i], [href^="data:" i]'),
  ).toHaveCount(0);
}

test('values are data, never markup: script-like values show as text, nothing runs, nothing is a link', async ({
  wb,
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await wb.openFile(scriptValues());
  await wb.expectUrlCount(4);
  expect(await wb.cellText(0, 'URL')).toContain(SCRIPT_VALUES.js);
  expect(await wb.cellText(1, 'URL')).toContain(SCRIPT_VALUES.data);
  expect(await wb.cellText(2, 'URL')).toContain(SCRIPT_VALUES.img);
  expect(await wb.cellText(2, 'Last modified')).toContain(SCRIPT_VALUES.title);
  await expectNothingInjected(wb);
  await expectOnlySafeLinks(wb);

  // The detail panel of the first row shows its alternates and image, as text.
  await wb.clickCell(0, 'URL');
  const details = page.getByRole('region', { name: 'Row details' });
  await expect(details).toContainText(SCRIPT_VALUES.js);
  for (const tab of await details.getByRole('tab').all()) {
    await tab.click();
    await expectNothingInjected(wb);
    await expectOnlySafeLinks(wb);
  }
  // Hovering and clicking the values follows nothing.
  await (await wb.cell(0, 'URL')).dblclick();
  await page.keyboard.press('Escape');
  await expect(issuesPanel(wb)).toContainText('LOC-001');
  await expectNothingInjected(wb);
  await expectOnlySafeLinks(wb);
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  expect(dialogs).toEqual([]);
});

plain('no source file renders strings as HTML or evaluates them', () => {
  const root = path.resolve(import.meta.dirname, '../src');
  const banned =
    /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(/;
  const hits: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        readFileSync(p, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (banned.test(line)) hits.push(`${path.relative(root, p)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
  };
  walk(root);
  expect(hits).toEqual([]);
});

test('the built page sets a Content-Security-Policy: no inline script, no remote connections, no plugins', async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(meta, 'CSP meta tag in index.html').not.toBeNull();
  const directives = new Map(
    (meta?.[1] ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc.filter((s) => /^(https?:|\*)/.test(s))).toEqual([]);
  // No inline script in the page itself: every <script> has a src.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc=/);
    expect(body.trim()).toBe('');
  }
});

plain(
  'the guard catches CSP violations: an injected inline script and a remote fetch are refused',
  async ({ page, baseURL }) => {
    const guard = await installGuards(page, new URL(baseURL ?? '').origin);
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.append(s);
      const fetched = await fetch('https://evil.example/x').then(
        () => true,
        () => false,
      );
      await new Promise((r) => setTimeout(r, 100));
      return { inline: (window as { __inline?: number }).__inline, fetched };
    });
    expect(ran).toEqual({ inline: undefined, fetched: false });
    const report = await guard.report();
    expect(report.cspViolations.join('\n')).toMatch(/script-src/);
    expect(report.cspViolations.join('\n')).toMatch(/connect-src/);
  },
);

plain('the guard catches requests to other origins', async ({ page, baseURL }) => {
  const guard = await installGuards(page, new URL(baseURL ?? '').origin);
  await page.setContent('<img src="http://192.0.2.1/pixel.png" alt="">');
  await expect
    .poll(async () => (await guard.report()).foreignRequests)
    .toContain('http://192.0.2.1/pixel.png');
});

test('the app requests nothing but its own files while opening, editing, checking and exporting', async ({
  wb,
  page,
  baseURL,
}) => {
  const seen: string[] = [];
  page.context().on('request', (r) => seen.push(r.url()));
  await page.reload();
  await wb.trySample();
  await wb.clickCell(0, 'Priority');
  await page.keyboard.type('0.4');
  await page.keyboard.press('Enter');
  await expect(issuesPanel(wb)).toBeVisible();
  const download = await wb.exportAs('XML');
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const origin = new URL(baseURL ?? '').origin;
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((u) => !u.startsWith(`${origin}/`) && !/^(data|blob):/.test(u))).toEqual([]);
});

test('DOCTYPE entities (billion laughs) and external entities are reported, never expanded or fetched', async ({
  wb,
}) => {
  await wb.openFile(entityAttack());
  await wb.expectUrlCount(3);
  expect(await wb.cellText(0, 'URL')).toContain('https://a.example/&lol9;');
  expect(await wb.cellText(1, 'URL')).toContain('https://a.example/&xxe;');
  expect(await wb.cellText(2, 'URL')).toContain('https://a.example/&remote;');
  await expect(issuesPanel(wb)).toContainText('ENC-009');
  await expect(issuesPanel(wb)).toContainText('ENC-006');
  await expect(wb.page.getByText(/root:x:0/)).toHaveCount(0);
});

test('remote references in a file (stylesheet, schema, image, video thumbnail and player) are never loaded', async ({
  wb,
  page,
}) => {
  await wb.openFile(remoteReferences());
  await wb.expectUrlCount(1);
  await wb.clickCell(0, 'URL');
  const details = page.getByRole('region', { name: 'Row details' });
  for (const tab of await details.getByRole('tab').all()) {
    await tab.click();
    await expectOnlySafeLinks(wb);
  }
  await expect(details).toContainText('https://evil.example/');
  // The automatic guard fails this test if anything above requested evil.example.
});

test('100,000 nested elements, invalid UTF-8, NUL bytes and a 10 MB attribute open with warnings', async ({
  wb,
}) => {
  await wb.openFile(deepNesting());
  await wb.expectUrlCount(1);
  await expect(issuesPanel(wb)).toContainText('XML-008');

  await wb.openFile(badBytes());
  await wb.expectUrlCount(2);
  await expect(issuesPanel(wb)).toContainText('ENC-001');
  await expect(issuesPanel(wb)).toContainText('ENC-008');

  await wb.openFile(hugeAttribute());
  await wb.expectUrlCount(1);
  await expect(issuesPanel(wb)).toContainText('LOC-002');
});

test('a small .gz that inflates to gigabytes stops at the cap with a clear message; the open document stays', async ({
  wb,
  page,
}) => {
  test.setTimeout(120_000);
  await wb.trySample();
  const bomb = gzipBomb(2048);
  expect(bomb.buffer.length).toBeLessThan(3 * 1024 * 1024);
  await wb.openFile(bomb);
  // A file that is not read never takes the place of the open document: the error is a notice.
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    /more than 200,000,000 bytes, the limit for reading a gzip file.* \(GZ-006\)\. Nothing was replaced: sample-sitemap\.xml is open as it was\./,
    { timeout: 90_000 },
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(issuesPanel(wb)).toBeVisible();
  await wb.expectUrlCount(201);
});
