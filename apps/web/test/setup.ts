import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { guestCart } from '@/features/cart/guest-cart-store';
import { clearToasts } from '@/lib/notify';
import { page } from '@/lib/page';
import { reloadPageCurrency } from '@/lib/page-currency';
import { syncSessionFromStorage } from '@/lib/session';
import { removeCookie } from '@/lib/storage';
import { contractDrifts } from './contracts';

/** An IntersectionObserver for a page without layout: each observed element is reported on screen at once. */
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

// A screen that answers in milliseconds on a quiet machine may take seconds on a busy one: findBy and waitFor wait
// up to 10 s rather than 1 s; they return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });

// docs/conventions.md 'Tests': console.error during a test is a failure.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  contractDrifts.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // No live channel in component tests unless a test hands one in: pages fall back to polling (lib/live-client.ts).
  vi.stubGlobal('WebSocket', undefined);
  // The test page has no layout: every observed element counts as on screen, as the top of a page would.
  vi.stubGlobal('IntersectionObserver', OnScreenObserver);
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
  // A fake answer that drifted from the domain's contract tests a storefront the real API would never meet.
  if (contractDrifts.length > 0) {
    const text = [...new Set(contractDrifts)].join('\n');
    throw new Error(`a fake API answer does not match its response contract (packages/domain):\n${text}`);
  }
  if (consoleErrors.length > 0) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});

afterAll(() => {
  // A reload or navigation a test set off (500 ms after a logout, spec §4) can come due after the file's last
  // test, when the test page is already gone: from then on it goes nowhere.
  page.reload = () => {};
  page.assign = () => {};
});
