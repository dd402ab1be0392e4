import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    // On a busy machine a screen may take many times its quiet time: a page test waits up to 45 s for a screen (SLOW
    // in the tests), 10 s for anything else (test/setup.ts), and the limits catch a test that hangs, not a slow one.
    testTimeout: 120_000,
  },
});
