import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { clearLoginNotice } from '@/lib/login-notice';
import { contractDrifts } from './utils';

// A screen that answers in milliseconds on a quiet machine may take seconds on a busy one: findBy and waitFor wait
// up to 10 s rather than 1 s; they return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });

// The console's own lazy chunks, the 工作台's charts (echarts) and the editor (Tiptap), start loading once their page
// is up. A test that ends there may leave one loading. The files of a worker share their imports (vitest.config.ts),
// so a load cut off by the environment going away would stay failed for the next file: each file waits for the
// chunks it started before its environment goes.
const chunks = vi.hoisted(() => {
  const started: Promise<unknown>[] = [];
  const keep = (load: Promise<unknown>) => {
    started.push(load);
    return load;
  };
  return { started, keep };
});
vi.mock('@/features/dashboard/components/dashboard-charts', (load) => chunks.keep(load()));
vi.mock('@/components/rich-text/tiptap-editor', (load) => chunks.keep(load()));
afterAll(async () => {
  await Promise.all(chunks.started.splice(0));
});

// docs/conventions.md 'Tests': console.error during a test is a failure.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  contractDrifts.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  window.localStorage.clear();
  clearLoginNotice();
  // antd's responsive parts (the menu's breakpoint, tables) ask for media queries.
  if (!window.matchMedia) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
  }
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A fake answer the real API could never give tests a console that would never meet it.
  if (contractDrifts.length > 0) {
    throw new Error(
      `a fake API answer does not match its contract (packages/domain):\n${contractDrifts.join('\n')}`,
    );
  }
  if (consoleErrors.length > 0) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
