import { useSyncExternalStore } from 'react';

/**
 * The staff token (ADR 020): localStorage under the console's own key, never the storefront's `token`, so a
 * member signed in on the same browser and a staff member never share or overwrite each other's session.
 */
export const STAFF_TOKEN_KEY = 'shop-admin-token';

const listeners = new Set<() => void>();

export function getStaffToken(): string | null {
  try {
    return window.localStorage.getItem(STAFF_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setStaffToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(STAFF_TOKEN_KEY, token);
    else window.localStorage.removeItem(STAFF_TOKEN_KEY);
  } catch {
    // Storage disabled: the console cannot keep a session across reloads, nothing else breaks.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out (or in) changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STAFF_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, re-rendering when it changes (sign-in, sign-out, expiry, another tab). */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribe, getStaffToken, () => null);
}
