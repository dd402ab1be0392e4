import { useSearchParams } from 'react-router';
import { paths, RETURN_PARAM } from './paths';

/** A path within the shop to go back to, or null. */
export function returnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 1000 || !value.startsWith('/')) return null;
  // The value comes from the address bar: '//host' and '/\host' would lead to another site.
  if (value.startsWith('//') || value.includes('\\') || /\p{Cc}/u.test(value)) return null;
  return value;
}

export interface ReturnTarget {
  to: string;
  /** The way-back link's text: 返回结算 for the checkout. */
  label: string;
}

/** The page named by the address's `from`, when it is a path within the shop. */
export function useReturnTarget(): ReturnTarget | null {
  const [params] = useSearchParams();
  const to = returnPath(params.get(RETURN_PARAM));
  if (!to) return null;
  const pathname = to.split(/[?#]/)[0];
  return { to, label: pathname === paths.checkout() ? '返回结算' : '返回上一页' };
}

export type AddressBookName = 'receiver' | 'sender';

/**
 * The history state of the way back: the page goes on where the shopper left it (not a fresh visit), with the
 * address just saved, if any, chosen.
 */
export interface ReturnState {
  resumed: true;
  savedAddress?: { book: AddressBookName; id: number };
}

export function returnState(savedAddress?: ReturnState['savedAddress']): ReturnState {
  return savedAddress ? { resumed: true, savedAddress } : { resumed: true };
}

/** The way-back state of a location, or null (any other state, or none). */
export function readReturnState(state: unknown): ReturnState | null {
  if (typeof state !== 'object' || state === null || (state as ReturnState).resumed !== true) return null;
  const saved = (state as ReturnState).savedAddress;
  const valid =
    saved !== undefined &&
    (saved.book === 'receiver' || saved.book === 'sender') &&
    Number.isSafeInteger(saved.id);
  return returnState(valid ? saved : undefined);
}
