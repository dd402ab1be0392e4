import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  test: {
    name: 'admin',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    // The files of one worker share their imports: antd and the console's modules took about 1.8 s a file to
    // import again (89 → 54 s for the project). What they keep between files is reset by test/setup.ts (the
    // login notice, local storage, mocks) or handed over again by every render (the toast instance); each test
    // still renders its own app with its own QueryClient. The storefront's tests keep the default: its stores
    // (the session, the page preload) live in modules.
    isolate: false,
    // antd's tables and forms render slowly on a busy machine (four times their quiet time beside the journeys): a test
    // waits up to 45 s for a screen (SLOW in the tests), 10 s for anything else (test/setup.ts), and the limits catch
    // a test that hangs, not a slow one.
    testTimeout: 120_000,
  },
});
