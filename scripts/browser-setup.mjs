// Gets a Chromium for the e2e tests when none is found, the way `npx playwright install --with-deps`
// gets its system libraries: as root on Debian/Ubuntu with apt, install Debian's `chromium` with
// apt-get; otherwise try Playwright's download; otherwise stop with a message saying what to do.
// The decision is a pure function of injected probes so it is tested without touching the system.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const NO_BROWSER_MESSAGE = [
  '',
  'E2E tests need Chromium and none could be found or downloaded.',
  'Get one in any of these ways, then run `npm test` again:',
  '  • Debian/Ubuntu:  sudo apt-get install -y chromium',
  '  • With internet:  npx playwright install chromium',
  '  • Any Chrome/Chromium you have:  export SITEMAP_WORKBENCH_CHROMIUM=/path/to/chrome',
  '',
].join('\n');

/** True when /etc/os-release names Debian or a derivative (Ubuntu's ID_LIKE is "debian"). */
export function isDebianLike(osRelease) {
  if (!osRelease) return false;
  const ids = [];
  for (const line of osRelease.split('\n')) {
    const m = /^(ID|ID_LIKE)=(.*)$/.exec(line.trim());
    if (m) ids.push(...m[2].replace(/["']/g, '').split(/\s+/));
  }
  return ids.some((id) => id === 'debian' || id === 'ubuntu');
}

/**
 * The install attempts to make, in order, when no browser was found.
 * @param {{ isRoot: boolean, osRelease: string | null, hasAptGet: boolean }} probes
 * @returns {('apt' | 'playwright')[]}
 */
export function installPlan({ isRoot, osRelease, hasAptGet }) {
  const steps = [];
  if (isRoot && hasAptGet && isDebianLike(osRelease)) steps.push('apt');
  steps.push('playwright');
  return steps;
}

/** The probes of this machine. */
export function systemProbes() {
  let osRelease = null;
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // Not Linux, or no os-release: not Debian.
  }
  const hasAptGet = (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir && existsSync(join(dir, 'apt-get')));
  return { isRoot: process.getuid?.() === 0, osRelease, hasAptGet };
}

function run(cmd, args, env) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  return result.status ?? 1;
}

/** The commands each step runs; each returns an exit status. */
export const INSTALLERS = {
  apt: (runCmd = run) => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const updated = runCmd('apt-get', ['update', '-qq'], env);
    if (updated !== 0) return updated;
    return runCmd('apt-get', ['install', '-y', '-qq', 'chromium'], env);
  },
  playwright: (runCmd = run) => runCmd('npx', ['playwright', 'install', 'chromium'], process.env),
};

const ANNOUNCE = {
  apt: "No Chromium found; running as root on Debian/Ubuntu, so installing Debian's `chromium` with apt-get.",
  playwright: 'No Chromium found (env var, system or Playwright). Trying `npx playwright install chromium`…',
};

/**
 * Finds a browser, installing one when there is none. Returns the browser or null (after printing
 * the message). Everything that touches the system is injectable.
 */
export async function ensureBrowser({
  findBrowser,
  probes = systemProbes(),
  installers = INSTALLERS,
  log = console.log,
  error = console.error,
}) {
  let browser = await findBrowser();
  if (browser) return browser;
  for (const step of installPlan(probes)) {
    log(ANNOUNCE[step]);
    if (installers[step]() === 0) browser = await findBrowser();
    if (browser) return browser;
  }
  error(NO_BROWSER_MESSAGE);
  return null;
}
