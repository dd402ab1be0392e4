import type { RouteObject } from 'react-router';
import { PageLoading } from './page-loading';
import { CONSOLE_PAGES, type ConsolePage } from './pages';
import { RequirePermission } from './require-permission';

/** The route of one object below a page (/admin/<page>/:id), when the page has one. */
function detailRoute(load: ConsolePage['detail']): RouteObject[] {
  return load ? [{ path: ':id', lazy: async () => ({ Component: (await load()).default }) }] : [];
}

/**
 * The console's route table: the login page outside the session; inside it (app/session-gate.tsx: signed in,
 * gates passed) the layout with the index redirect and one route per registered page. Every screen is lazy.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      // Shown while the first screen's code loads.
      HydrateFallback: PageLoading,
      children: [
        { path: 'login', lazy: async () => ({ Component: (await import('./routes/login')).default }) },
        {
          path: '/',
          lazy: async () => ({ Component: (await import('./session-gate')).SessionGate }),
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('./routes/index-redirect')).default }),
            },
            ...CONSOLE_PAGES.map(
              (page): RouteObject => ({
                path: page.path,
                element: <RequirePermission permission={page.permission} />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await page.load()).default }) },
                  ...detailRoute(page.detail),
                ],
              }),
            ),
            { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).default }) },
          ],
        },
      ],
    },
  ];
}
