/**
 * Where screenshot specs write: the tracked PNGs in docs/screenshots only on request
 * (`npm run screenshots` sets SCREENSHOTS=1); otherwise an untracked folder, so `npm test` still
 * drives every screenshotted state but never rewrites the README's images.
 */
export const SHOTS_DIR = process.env.SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots';
