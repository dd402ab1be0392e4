import { afterEach, beforeEach, vi } from 'vitest';

// docs/conventions.md 'Tests': console.error during a test is a failure.
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((c) => c.join(' ')).join('\n')}`);
  }
});
