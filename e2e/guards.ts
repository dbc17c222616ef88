import type { BrowserContext, Page } from '@playwright/test';

/** What a guarded page did that it must not: CSP violations and requests to other origins. */
export interface GuardReport {
  cspViolations: string[];
  foreignRequests: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Schemes that never leave the machine. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'chrome-extension:']);

/** True when `url` is the app's own origin or a local scheme (data:, blob:). */
export function isOwnRequest(url: string, appOrigin: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return LOCAL_SCHEMES.has(u.protocol) || u.origin === appOrigin;
}

/**
 * Watch a page (and its context, so workers and the service worker count too) for CSP
 * violations (`securitypolicyviolation` events and console "Refused to …" messages) and for any
 * request that leaves the app's origin. Call before the first navigation; read `report()` at the
 * end of the test and expect both lists to be empty.
 *
 * @example const guard = await installGuards(page, 'http://127.0.0.1:4173'); …; expect(guard.report()).toEqual({ cspViolations: [], foreignRequests: [] });
 */
export async function installGuards(
  page: Page,
  appOrigin: string,
  context: BrowserContext = page.context(),
): Promise<{ report(): Promise<GuardReport> }> {
  const cspConsole: string[] = [];
  const foreignRequests: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) cspConsole.push(m.text());
  });
  const onRequest = (r: { url(): string }) => {
    if (!isOwnRequest(r.url(), appOrigin)) foreignRequests.push(r.url());
  };
  context.on('request', onRequest);
  return {
    async report() {
      context.off('request', onRequest);
      let inPage: string[] = [];
      if (!page.isClosed()) inPage = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
      return { cspViolations: [...inPage, ...cspConsole], foreignRequests: [...new Set(foreignRequests)] };
    },
  };
}
