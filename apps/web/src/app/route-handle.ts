import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';

/** What a route declares about itself in the route table. */
export interface RouteHandle {
  /** Page title; document.title becomes '<title> - 澳中批发商城' (spec §2). */
  title?: string;
}

export const SHOP_NAME = '澳中批发商城';

/** Route id of the member area layout (its pages render inside its frame). */
export const MEMBER_ROUTE_ID = 'member';

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${SHOP_NAME}` : SHOP_NAME;
}

/**
 * The title a page gives itself once its data has loaded (the product, brand or article it shows); it wins
 * over the route's title while that page is shown. One value: one page at a time sets it.
 */
let pageTitle: string | undefined;
const listeners = new Set<() => void>();
function setPageTitle(next: string | undefined): void {
  if (next === pageTitle) return;
  pageTitle = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the browser tab after what the page shows ('{name} - 澳中批发商城'); undefined keeps the route's title. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    setPageTitle(title || undefined);
    return () => setPageTitle(undefined);
  }, [title]);
}

/** The title set by the page on show, if any (read by the root layout). */
export function usePageTitleOverride(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => pageTitle,
    () => undefined,
  );
}
