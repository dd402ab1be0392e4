import { AdminAfterSalePaths, type AdminAfterSaleRefundRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useAfterSaleMutation } from './use-after-sale-mutation';

/** 退款 through the order's refund: the rule's amount with or without the freight, or less. */
export function refundAfterSale(body: AdminAfterSaleRefundRequest): Promise<unknown> {
  return request(AdminAfterSalePaths.refund, body);
}

export const useRefundAfterSale = () => useAfterSaleMutation(refundAfterSale);
