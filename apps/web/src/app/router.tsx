import { createBrowserRouter } from 'react-router';
import { routerBase } from '@/lib/paths';
import { createRoutes } from './routes';

/** The storefront router, mounted under window.__SHOP_CONFIG__.routerBase (spec §2; default '/'). */
export function createAppRouter() {
  return createBrowserRouter(createRoutes(), { basename: routerBase() });
}
