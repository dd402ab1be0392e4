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

/** V8's explicit compile hint (Chromium 136 on): compile the file's functions eagerly, while it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Every chunk carries the compile hint on its first line (ADR 054). A chunk of the storefront is fetched only when
 * it is about to run (the entry's graph at start, a page's chunks as it opens), so most of its functions are
 * called at once; without the hint each is parsed and compiled on the main thread at its first call (on an
 * order's page, 4× slowed, about 300 ms of 1,800 ms of tasks). With it they compile on the thread that streams
 * the file. After Vite's
 * own changes (its preload list is written at the top of a chunk), so the hint stays first; a source map, when
 * one is built, moves down the one line.
 */
export function compileHints(): Plugin {
  return {
    name: 'shop-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') {
            file.code = COMPILE_HINT + file.code;
            if (file.map) file.map.mappings = `;${file.map.mappings}`;
          } else if (file.fileName.endsWith('.js.map') && typeof file.source === 'string') {
            const map = JSON.parse(file.source) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            file.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}

/**
 * What the entry (src/boot.ts) announces as it starts the app (ADR 047): only the app's own chunk and the data
 * layer's, with its last step; the app's other chunks are found by the browser from their imports. Each link the
 * entry adds costs main-thread time on a phone (the 27 it added were one task of 200–400 ms), and a landing
 * page's own chunks are in the HTML already (ADR 016). The lazy pages keep their preloads.
 */
function entryPreloads(_filename: string, deps: string[], context: { hostId: string }): string[] {
  if (!/(^|\/)index-[^/]*\.js$/.test(context.hostId)) return deps;
  return deps.filter((dep) => /(^|\/)(api-client|main)-[^/]*\.js$/.test(dep));
}

export default defineConfig({
  plugins: [react(), scriptsAfterFirstView(), compileHints()],
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
    modulePreload: { resolveDependencies: entryPreloads },
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
