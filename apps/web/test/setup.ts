import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { guestCart } from '@/features/cart/guest-cart-store';
import { clearToasts } from '@/lib/notify';
import { reloadPageCurrency } from '@/lib/page-currency';
import { syncSessionFromStorage } from '@/lib/session';
import { removeCookie } from '@/lib/storage';

// CONVENTIONS.md 'Tests': console.error during a test is a failure.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) {
      removeCookie(name, '/');
      removeCookie(name);
    }
  }
  window.history.replaceState(null, '', '/');
  syncSessionFromStorage();
  reloadPageCurrency();
  guestCart.reload();
  clearToasts();
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
