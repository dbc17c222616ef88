// Finds a Chromium for Playwright without downloading one: an env var first, then a system
// Chromium on the PATH, then Playwright's own download. Returns null when there is none.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const ENV_VARS = ['SITEMAP_WORKBENCH_CHROMIUM', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'CHROME_PATH'];
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** @returns {Promise<{ path: string | undefined, source: string } | null>} */
export async function findBrowser() {
  for (const name of ENV_VARS) {
    const value = process.env[name];
    if (value && existsSync(value)) return { path: value, source: `$${name}` };
  }
  for (const name of SYSTEM_NAMES) {
    const found = onPath(name);
    if (found) return { path: found, source: `system ${name}` };
  }
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: undefined, source: `Playwright's Chromium (${own})` };
  } catch {
    // Playwright not installed or no browser registry: fall through.
  }
  return null;
}

/** Flags that keep Chromium quiet and sandbox-friendly on CI machines with no network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
