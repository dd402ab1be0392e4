import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { OrderDetailView } from '@/features/order/components/order-detail-view';
import { positiveIntParam } from '@/lib/params';

/** One order (spec §2 /order/{id}, login required); 再次购买 refreshes the cart. */
export function Component() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  return (
    <div className="container">
      <h1 className="page-title">订单详情</h1>
      <AntdProvider>
        <OrderDetailView
          orderId={positiveIntParam(id)}
          onCartChanged={() => void loadCartList(queryClient, { refresh: true }).catch(() => undefined)}
        />
      </AntdProvider>
    </div>
  );
}
