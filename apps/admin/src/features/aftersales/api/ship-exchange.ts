import { AdminAfterSalePaths, type AdminAfterSaleShipExchangeRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useAfterSaleMutation } from './use-after-sale-mutation';

/** 换货发出: the replacement's courier and tracking number. */
export function shipExchange(body: AdminAfterSaleShipExchangeRequest): Promise<unknown> {
  return request(AdminAfterSalePaths.shipExchange, body);
}

export const useShipExchange = () => useAfterSaleMutation(shipExchange);
