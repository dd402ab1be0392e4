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
