import {
  AdminOrderPaths,
  type AdminOrderShipManyRequest,
  type AdminOrderShipManyResponse,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { orderKeys } from './keys';

/** Ships every waiting pack of each order with its courier and tracking number: all of them or none. */
export function shipMany(body: AdminOrderShipManyRequest): Promise<AdminOrderShipManyResponse> {
  return request(AdminOrderPaths.shipMany, body);
}

/** The dialog lists a refusal's problems itself, so no toast. */
export function useShipMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipMany,
    meta: { quiet: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
