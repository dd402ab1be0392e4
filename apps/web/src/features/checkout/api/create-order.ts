import { type CreatedOrder, type CreateOrderRequest, OrderPaths, WEBSITE_ID } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withActionFailure } from '@/lib/failure-message';

/** Spec §8 custom failure message of creating an order. */
export const CREATE_ORDER_FAILED = '创建订单失败，请检查网络后重试';

/** createdOrder/ with the website id added (spec §7); the same requestId returns the same order. */
export function createOrder(body: Omit<CreateOrderRequest, 'websiteId'>): Promise<CreatedOrder> {
  return withActionFailure(
    request(OrderPaths.create, { ...body, websiteId: WEBSITE_ID }),
    CREATE_ORDER_FAILED,
  );
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
