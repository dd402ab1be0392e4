import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProviders } from './providers';

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: RouterProviderProps['router'];
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
