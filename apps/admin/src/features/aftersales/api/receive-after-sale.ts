import { AdminAfterSalePaths, type AdminAfterSaleReceiveRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useAfterSaleMutation } from './use-after-sale-mutation';

/** 确认收货: per line, the pieces back to stock and those written off (together the pieces claimed). */
export function receiveAfterSale(body: AdminAfterSaleReceiveRequest): Promise<unknown> {
  return request(AdminAfterSalePaths.receive, body);
}

export const useReceiveAfterSale = () => useAfterSaleMutation(receiveAfterSale);
