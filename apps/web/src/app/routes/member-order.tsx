import { useQueryClient } from '@tanstack/react-query';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { OrderListView } from '@/features/order/components/order-list-view';

/** The member's orders (spec §2 /member/order); 再次购买 refreshes the cart. */
export function Component() {
  const queryClient = useQueryClient();
  return (
    <OrderListView
      onCartChanged={() => void loadCartList(queryClient, { refresh: true }).catch(() => undefined)}
    />
  );
}
