import { AdminAfterSalePaths, type AdminAfterSaleRejectRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useAfterSaleMutation } from './use-after-sale-mutation';

/** 拒绝, with the reason the member reads. */
export function rejectAfterSale(body: AdminAfterSaleRejectRequest): Promise<unknown> {
  return request(AdminAfterSalePaths.reject, body);
}

export const useRejectAfterSale = () => useAfterSaleMutation(rejectAfterSale);
