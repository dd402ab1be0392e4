import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:3000';
/** The server writes each response's CSP nonce over this (apps/api/src/plugins/admin-web.ts, ADR 020). */
const CSP_NONCE_PLACEHOLDER = 'SHOP_CSP_NONCE';

/** The staff console (ADR 020): its own bundle, served by the API server at /admin. */
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Library chunks that change less often than the console's own code, so a release re-downloads less.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|stylis|dayjs)[\\/]/,
            },
            // The rich-text editor (ADR 062): fetched only with the editor's own lazy chunk, never by the entry.
            {
              name: 'vendor-tiptap',
              test: /node_modules[\\/](@tiptap|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': API_ORIGIN, '/healthz': API_ORIGIN, '/readyz': API_ORIGIN },
  },
});
