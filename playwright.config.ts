import { defineConfig } from '@playwright/test';
// @ts-expect-error plain .mjs helper shared with scripts/e2e.mjs
import { CHROMIUM_ARGS } from './scripts/find-browser.mjs';

const executablePath = process.env.SITEMAP_WORKBENCH_CHROMIUM || undefined;
/** Port of the preview server; E2E_PORT lets two checkouts run their suites side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);
/** Build folder to serve (E2E_OUT_DIR, set for scripts/e2e.mjs too); default Vite's dist. */
const outDir = process.env.E2E_OUT_DIR ? ` --outDir ${process.env.E2E_OUT_DIR}` : '';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry on CI: a rare focus-after-resize flake under 2 workers (rows.spec, 1 in ~150 runs;
  // 8/8 alone). Playwright still reports a retried pass as "flaky" in the output.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    acceptDownloads: true,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
