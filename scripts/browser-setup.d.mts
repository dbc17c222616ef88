// Types for browser-setup.mjs (plain JS so `node scripts/e2e.mjs` runs without a build step).
type Browser = { path: string | undefined; source: string };
type Probes = { isRoot: boolean; osRelease: string | null; hasAptGet: boolean };
type Step = 'apt' | 'playwright';
type Run = (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => number;

export const NO_BROWSER_MESSAGE: string;
export function isDebianLike(osRelease: string | null): boolean;
export function installPlan(probes: Probes): Step[];
export function systemProbes(): Probes;
export const INSTALLERS: Record<Step, (run?: Run) => number>;
export function ensureBrowser(opts: {
  findBrowser: () => Promise<Browser | null>;
  probes?: Probes;
  installers?: Record<Step, () => number>;
  log?: (line: string) => void;
  error?: (line: string) => void;
}): Promise<Browser | null>;
