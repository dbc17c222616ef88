/**
 * Bench build for `npm run bench:browser`: the production app build (same config, minified),
 * plus the baseline page, with VITE_SW_BENCH=1 so the store is reachable from the page as
 * `window.__sitemapWorkbench`. The normal `vite build` never sets the flag.
 */
import { resolve } from 'node:path';
import { mergeConfig } from 'vite';
import base from '../../vite.config.ts';

process.env.VITE_SW_BENCH = '1';
const root = resolve(import.meta.dirname, '../..');

export default mergeConfig(base, {
  root,
  build: {
    outDir: resolve(root, process.env.BENCH_DIST ?? 'bench/out/dist'),
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: resolve(root, 'index.html'),
        baseline: resolve(root, 'bench/browser/baseline.html'),
      },
    },
  },
  preview: { port: Number(process.env.BENCH_PORT ?? 4180), strictPort: true },
});
