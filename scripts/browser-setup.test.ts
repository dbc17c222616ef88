import { describe, expect, it } from 'vitest';
import { ensureBrowser, installPlan, isDebianLike, NO_BROWSER_MESSAGE } from './browser-setup.mjs';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';

type Browser = { path: string | undefined; source: string };

/** A fake machine: which installers succeed, and whether a browser appears after each. */
function machine(opts: {
  present?: boolean;
  probes: { isRoot: boolean; osRelease: string | null; hasAptGet: boolean };
  aptWorks?: boolean;
  playwrightWorks?: boolean;
}) {
  let installed = opts.present ? 'system' : '';
  const calls: string[] = [];
  const lines: string[] = [];
  const errors: string[] = [];
  const findBrowser = async (): Promise<Browser | null> =>
    installed ? { path: '/usr/bin/chromium', source: installed } : null;
  const installers = {
    apt: () => {
      calls.push('apt');
      if (!opts.aptWorks) return 100;
      installed = 'apt';
      return 0;
    },
    playwright: () => {
      calls.push('playwright');
      if (!opts.playwrightWorks) return 1;
      installed = 'playwright';
      return 0;
    },
  };
  const go = () =>
    ensureBrowser({
      findBrowser,
      probes: opts.probes,
      installers,
      log: (l: string) => lines.push(l),
      error: (l: string) => errors.push(l),
    });
  return { go, calls, lines, errors };
}

const rootDebian = { isRoot: true, osRelease: DEBIAN, hasAptGet: true };

describe('installing a browser for the e2e tests', () => {
  it('recognises Debian and Ubuntu from /etc/os-release, and nothing else', () => {
    expect(isDebianLike(DEBIAN)).toBe(true);
    expect(isDebianLike(UBUNTU)).toBe(true);
    expect(isDebianLike('ID="debian"\n')).toBe(true);
    expect(isDebianLike(FEDORA)).toBe(false);
    expect(isDebianLike('ID_LIKE="rhel centos fedora"\n')).toBe(false);
    expect(isDebianLike(null)).toBe(false);
  });

  it('uses apt only as root on Debian/Ubuntu with apt-get, and Playwright as the fallback', () => {
    expect(installPlan(rootDebian)).toEqual(['apt', 'playwright']);
    expect(installPlan({ ...rootDebian, osRelease: UBUNTU })).toEqual(['apt', 'playwright']);
    expect(installPlan({ ...rootDebian, isRoot: false })).toEqual(['playwright']);
    expect(installPlan({ ...rootDebian, hasAptGet: false })).toEqual(['playwright']);
    expect(installPlan({ ...rootDebian, osRelease: FEDORA })).toEqual(['playwright']);
  });

  it('installs nothing when a browser is already there', async () => {
    const m = machine({ present: true, probes: rootDebian, aptWorks: true });
    expect(await m.go()).toEqual({ path: '/usr/bin/chromium', source: 'system' });
    expect(m.calls).toEqual([]);
    expect(m.lines).toEqual([]);
  });

  it('as root on Debian says so in one line, installs chromium with apt and stops there', async () => {
    const m = machine({ probes: rootDebian, aptWorks: true, playwrightWorks: true });
    expect((await m.go())?.source).toBe('apt');
    expect(m.calls).toEqual(['apt']);
    expect(m.lines).toHaveLength(1);
    expect(m.lines[0]).toMatch(/apt-get/);
  });

  it('falls back to Playwright when apt fails', async () => {
    const m = machine({ probes: rootDebian, aptWorks: false, playwrightWorks: true });
    expect((await m.go())?.source).toBe('playwright');
    expect(m.calls).toEqual(['apt', 'playwright']);
  });

  it('does not use apt without root', async () => {
    const m = machine({ probes: { ...rootDebian, isRoot: false }, aptWorks: true, playwrightWorks: true });
    expect((await m.go())?.source).toBe('playwright');
    expect(m.calls).toEqual(['playwright']);
  });

  it('stops with the clear message when nothing works', async () => {
    const m = machine({ probes: rootDebian });
    expect(await m.go()).toBeNull();
    expect(m.calls).toEqual(['apt', 'playwright']);
    expect(m.errors).toEqual([NO_BROWSER_MESSAGE]);
    expect(NO_BROWSER_MESSAGE).toMatch(/E2E tests need Chromium/);
  });

  it('runs apt-get update before apt-get install chromium, and stops if update fails', async () => {
    const { INSTALLERS } = await import('./browser-setup.mjs');
    const seen: string[] = [];
    const ok = (cmd: string, args: string[]) => {
      seen.push([cmd, ...args].join(' '));
      return 0;
    };
    expect(INSTALLERS.apt(ok)).toBe(0);
    expect(seen).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    seen.length = 0;
    expect(
      INSTALLERS.apt((cmd: string, args: string[]) => {
        seen.push([cmd, ...args].join(' '));
        return 100;
      }),
    ).toBe(100);
    expect(seen).toEqual(['apt-get update -qq']);
  });
});
