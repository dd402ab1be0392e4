import { type AdminAfterSaleApproveRequest, AdminAfterSalePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useAfterSaleMutation } from './use-after-sale-mutation';

/** 同意: a return or exchange with the address to send the goods to and the days to send them in; a refund only as it is. */
export function approveAfterSale(body: AdminAfterSaleApproveRequest): Promise<unknown> {
  return request(AdminAfterSalePaths.approve, body);
}

export const useApproveAfterSale = () => useAfterSaleMutation(approveAfterSale);
