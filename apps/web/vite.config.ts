import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:3000';
/** The server writes each response's CSP nonce over this (apps/api/src/plugins/static-web.ts). */
const CSP_NONCE_PLACEHOLDER = 'SHOP_CSP_NONCE';

/**
 * The page's first view arrives as HTML (ADR 016): its style sheets and lead picture come first, the scripts
 * that make it interactive after them, so they do not share the line with what the shopper sees first.
 */
function scriptsAfterFirstView(): Plugin {
  return {
    name: 'shop-scripts-after-first-view',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(
            /<script type="module" crossorigin/g,
            '<script type="module" fetchpriority="low" crossorigin',
          )
          .replace(
            /<link rel="modulepreload" crossorigin/g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          ),
    },
  };
}

export default defineConfig({
  plugins: [react(), scriptsAfterFirstView()],
  // The API server serves dist/ at the site root; a shop mounted elsewhere sets window.__SHOP_CONFIG__.routerBase.
  base: '/',
  // index.html's tags and a <meta property="csp-nonce"> carry the nonce; Vite's loader of lazy chunks reads it.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server announces a landing page's own chunks from it (modulepreload).
    manifest: true,
    rolldownOptions: {
      output: {
        // Stable vendor chunks cache across releases. The component library gets its own chunk that only
        // lazy modules import, so it never joins the first download of '/'.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_ORIGIN, ws: true },
      '/healthz': API_ORIGIN,
      '/readyz': API_ORIGIN,
      '/res': API_ORIGIN,
      '/sandbox-pay': API_ORIGIN,
      '/sandbox-wechat': API_ORIGIN,
    },
  },
});
