import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { memberKeys } from '@/features/member/api/keys';
import { orderKeys } from '@/features/order/api/keys';
import { PayResultView } from '@/features/payment/components/pay-result-view';
import { tradeNoParam } from '@/features/payment/payment-format';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';

/**
 * /payment/result?orderId=&tradeNo= (spec §2, §8 '支付成功' / '支付失败'): the result of a payment, asked of
 * findPayStatus/ until it settles: by its trade after an online channel, by the order after a deposit payment
 * (&status=paid; a paid order answers paid whatever paid it). Once settled the order lists, the order and the
 * balances are marked for refresh (spec §4 'Order actions': payment results are recorded).
 */
export function Component() {
  const [params] = useSearchParams();
  const orderId = positiveIntParam(params.get('orderId'));
  const tradeNo = tradeNoParam(params.get('tradeNo'));
  const queryClient = useQueryClient();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    if (orderId !== undefined) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: memberKeys.current() });
  };

  const target = tradeNo ? { tradeNo } : orderId !== undefined ? { orderId } : undefined;
  return (
    <div className="container">
      <h1 className="page-title">支付结果</h1>
      {target ? (
        // Keyed by the target: another payment's result starts afresh.
        <PayResultView key={JSON.stringify(target)} target={target} orderId={orderId} onSettled={refresh} />
      ) : (
        <EmptyState
          title="没有找到支付记录"
          actions={
            <Link to={paths.member.order()} className="btn btn-primary">
              查看订单
            </Link>
          }
        />
      )}
    </div>
  );
}
