import { AdminOrderPaths } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** The shop's active couriers and the warehouses each serves; they change rarely, so they are kept a while. */
export function useCouriers() {
  return useQuery({
    queryKey: ['couriers'],
    queryFn: ({ signal }) => request(AdminOrderPaths.couriers, {}, signal),
    staleTime: 5 * 60_000,
  });
}
