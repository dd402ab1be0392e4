import { ApprovalMessages, OrderStatus } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useAddressList } from '@/features/address/api/get-address-list';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { CheckoutView } from '@/features/checkout/components/checkout-view';
import { orderKeys } from '@/features/order/api/keys';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { readReturnState } from '@/lib/return-to';

/**
 * The checkout (spec §2 /checkout, login required by the guard). It composes the address books, and after an
 * order is placed marks the order list for refresh (spec §4 'Order actions'), reloads the cart (the ordered
 * lines are gone) and goes on to payment. Coming back from an address book carries the address saved there.
 * Its first view uses no component of the library: the two dialogs that do load it when first opened (ADR 056).
 */
export function Component() {
  const receivers = useAddressList('receiver');
  const senders = useAddressList('sender');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const back = readReturnState(useLocation().state);
  return (
    <div className="container">
      <h1 className="page-title">确认订单</h1>
      <CheckoutView
        receivers={receivers}
        senders={senders}
        resume={back ?? undefined}
        onOrderCreated={(order) => {
          void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
          void loadCartList(queryClient, { refresh: true }).catch(() => undefined);
          // A buyer's order over their limit waits for the company's admin before it can be paid (issue #38).
          if (order.status === OrderStatus.NotConfirmed) {
            notify.success(ApprovalMessages.placed);
            navigate(paths.order(order.orderId));
          } else navigate(paths.payment({ orderId: order.orderId }));
        }}
      />
    </div>
  );
}
