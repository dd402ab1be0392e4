import { ADMIN_BASE } from '@shop/domain';
import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';

/** The console's router: every path below ADMIN_BASE ('/admin'), where the server serves it (ADR 020). */
export function createConsoleRouter() {
  return createBrowserRouter(createRoutes(), { basename: ADMIN_BASE });
}
