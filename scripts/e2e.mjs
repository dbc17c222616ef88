// `npm run e2e`: make sure a browser exists (installing one when there is none: browser-setup.mjs),
// build the production bundle, run Playwright.
import { spawnSync } from 'node:child_process';
import { ensureBrowser } from './browser-setup.mjs';
import { findBrowser } from './find-browser.mjs';

function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  return result.status ?? 1;
}

const browser = await ensureBrowser({ findBrowser });
if (!browser) process.exit(1);
console.log(`E2E browser: ${browser.source}`);
const env = { ...process.env };
if (browser.path) env.SITEMAP_WORKBENCH_CHROMIUM = browser.path;

if (!process.argv.includes('--no-build')) {
  // E2E_OUT_DIR lets parallel runs build into their own folder (playwright.config.ts serves it).
  const outDir = process.env.E2E_OUT_DIR ? ['--outDir', process.env.E2E_OUT_DIR, '--emptyOutDir'] : [];
  // The e2e build flavour: VITE_SW_E2E=1 keeps the test hooks (src/state/e2eHold.ts) that the
  // production build leaves out.
  const built = run('npx', ['vite', 'build', '--logLevel', 'warn', ...outDir], { ...env, VITE_SW_E2E: '1' });
  if (built !== 0) process.exit(built);
}
// `--screenshots` (npm run screenshots): the screenshot specs write the tracked PNGs in docs/.
if (process.argv.includes('--screenshots')) env.SCREENSHOTS = '1';
const passThrough = process.argv.slice(2).filter((a) => a !== '--no-build' && a !== '--screenshots');
process.exit(run('npx', ['playwright', 'test', ...passThrough], env));
