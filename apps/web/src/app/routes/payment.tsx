import { useSearchParams } from 'react-router';
import { OrderSubmitted } from '@/features/order/components/order-submitted';
import { positiveIntParam } from '@/lib/params';

/**
 * /payment?orderId= (spec §2). The payment channels come with their own issue; until then the page confirms
 * the order that was just placed, read from the server, and links to it.
 */
export function Component() {
  const [params] = useSearchParams();
  return (
    <div className="container">
      <h1 className="page-title">支付</h1>
      <OrderSubmitted orderId={positiveIntParam(params.get('orderId'))} />
    </div>
  );
}
