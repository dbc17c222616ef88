import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Content-Security-Policy for the production build only (the dev server needs inline scripts for
 * hot reload). No inline script, no remote connections, no plugins.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/**
 * HTTP headers for hosting the build (issue 20): the CSP again, plus what a meta tag cannot say,
 * framing (`frame-ancestors 'none'`, `X-Frame-Options: DENY`). `npm start` (vite preview) sends
 * them; `public/_headers` carries the same for Netlify / Cloudflare Pages style hosts
 * (scripts/hostingHeaders.test.ts keeps the two equal).
 */
export const HOSTING_HEADERS: Record<string, string> = {
  'Content-Security-Policy': `${CSP}; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function contentSecurityPolicy(): Plugin {
  return {
    name: 'sitemap-workbench-csp',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`,
      );
    },
  };
}

/**
 * The first chunk as one file (issue #18: initial JS ≤ 150 KB gzip). Left to itself, Rolldown cuts
 * every module that a lazy chunk shares with the first screen into a small common chunk of its
 * own, and index.html then loads ~17 files that compress worse than one (gzip starts afresh in
 * each: 152.1 KB, where the same code as one file is 146.6 KB). This group puts every module that
 * the app's index.html reaches by static imports into one chunk; lazy chunks import from it, and
 * code that only lazy chunks share is still split as before. The bench build's baseline page is
 * another entry: its modules are not the app's and stay out.
 */
function firstScreenChunk(): Rolldown.CodeSplittingGroup {
  const page = resolve(import.meta.dirname, 'index.html');
  const reaches = new Map<string, boolean>();
  /** True when `id` is statically imported, through any chain, by the app's index.html. */
  const fromMain = (id: string, info: (id: string) => Rolldown.ModuleInfo | null): boolean => {
    const known = reaches.get(id);
    if (known !== undefined) return known;
    const seen = new Set([id]);
    const queue = [id];
    let found = false;
    while (queue.length > 0 && !found) {
      const at = queue.pop()!;
      if (at === page || reaches.get(at) === true) found = true;
      else
        for (const up of info(at)?.importers ?? []) {
          if (seen.has(up)) continue;
          seen.add(up);
          queue.push(up);
        }
    }
    reaches.set(id, found);
    return found;
  };
  return {
    name: (id, ctx) => (fromMain(id, (m) => ctx.getModuleInfo(m)) ? 'index' : null),
  };
}

export default defineConfig({
  plugins: [
    react(),
    contentSecurityPolicy(),
    // Offline and installable: precache every built file, so after the first visit the app opens
    // and works with no network. Relative start_url/scope keep any base path working.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'icons/*.png', 'samples/*'],
      manifest: {
        name: 'Sitemap Workbench',
        short_name: 'Sitemaps',
        description: 'Open, check, fix and export XML sitemaps in your browser. Nothing is uploaded.',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#f6f7f9',
        theme_color: '#1f5f8b',
        icons: [
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,xml,txt,gz,webmanifest,wasm}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  base: './',
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: [firstScreenChunk()] } } },
  },
  worker: { format: 'es' },
  preview: { port: 4173, strictPort: true, headers: HOSTING_HEADERS },
});
