import { COOKIE_DEFAULT_DAYS, StorageKey, TOKEN_COOKIE_NAME } from '@shop/domain';

/**
 * Browser storage in one place: localStorage values and cookies, including the member token
 * (spec §4 'Login': local storage plus the `user-token` cookie; §9: cookie lifetime 30 days).
 * Storage access can throw (private mode, quota, disabled storage); the shop keeps working without it.
 */

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only for this page view.
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export interface CookieOptions {
  days?: number;
  /** Spec §9: the cookie path is written only when given. */
  path?: string;
}

export function setCookie(
  name: string,
  value: string,
  { days = COOKIE_DEFAULT_DAYS, path }: CookieOptions = {},
) {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const parts = [`${name}=${encodeURIComponent(value)}`, `expires=${expires}`, 'SameSite=Lax'];
  if (path) parts.push(`path=${path}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the token cookie must be readable by the server on page loads; the Cookie Store API is missing in Safari/Firefox.
  document.cookie = parts.join('; ');
}

export function getCookie(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const [rawKey, ...rest] = pair.trim().split('=');
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function removeCookie(name: string, path?: string): void {
  setCookie(name, '', { days: -1, ...(path ? { path } : {}) });
}

const TOKEN_COOKIE_PATH = '/';

/** The member token, or null for a visitor (spec §6: the role is decided by a stored token). */
export function getToken(): string | null {
  return readLocal(StorageKey.token) || getCookie(TOKEN_COOKIE_NAME) || null;
}

export function saveToken(token: string): void {
  writeLocal(StorageKey.token, token);
  setCookie(TOKEN_COOKIE_NAME, token, { days: COOKIE_DEFAULT_DAYS, path: TOKEN_COOKIE_PATH });
}

export function clearToken(): void {
  removeLocal(StorageKey.token);
  removeCookie(TOKEN_COOKIE_NAME, TOKEN_COOKIE_PATH);
}
