import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
  preview: { port: 4173, strictPort: true, headers: HOSTING_HEADERS },
});
