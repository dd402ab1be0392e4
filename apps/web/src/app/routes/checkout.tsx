import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';
import { useAddressList } from '@/features/address/api/get-address-list';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { CheckoutView } from '@/features/checkout/components/checkout-view';
import { orderKeys } from '@/features/order/api/keys';
import { paths } from '@/lib/paths';

/**
 * The checkout (spec §2 /checkout, login required by the guard). It composes the address books, and after an
 * order is placed marks the order list for refresh (spec §4 'Order actions'), reloads the cart (the ordered
 * lines are gone) and goes on to payment.
 */
export function Component() {
  const receivers = useAddressList('receiver');
  const senders = useAddressList('sender');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <div className="container">
      <h1 className="page-title">确认订单</h1>
      <AntdProvider>
        <CheckoutView
          receivers={receivers}
          senders={senders}
          onOrderCreated={(order) => {
            void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
            void loadCartList(queryClient, { refresh: true }).catch(() => undefined);
            navigate(paths.payment({ orderId: order.orderId }));
          }}
        />
      </AntdProvider>
    </div>
  );
}
