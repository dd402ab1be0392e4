import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { memberKeys } from '@/features/member/api/keys';
import { useOrderDetail } from '@/features/order/api/get-order-detail';
import { orderKeys } from '@/features/order/api/keys';
import { PayReturnCheck } from '@/features/payment/components/pay-return-check';
import { PaymentView } from '@/features/payment/components/payment-view';
import { tradeNoParam } from '@/features/payment/payment-format';
import { toApiError } from '@/lib/api-client';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';

function NoOrder() {
  return (
    <EmptyState
      title="没有待支付的订单"
      actions={
        <Link to={paths.member.order()} className="btn btn-primary">
          查看我的订单
        </Link>
      }
    />
  );
}

/**
 * /payment?orderId= (spec §2, login required by the guard): the order, the member's balances and the payment
 * methods. Back from a channel's page with ?tradeNo= it first waits for that payment's result (spec §2
 * 'After a third-party-page payment'). Paying from the deposit refreshes the orders and the balances.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const orderId = positiveIntParam(params.get('orderId'));
  const tradeNo = tradeNoParam(params.get('tradeNo'));
  const queryClient = useQueryClient();
  const order = useOrderDetail(tradeNo ? undefined : orderId);
  const member = useCurrentMember();

  let body: ReactNode;
  if (tradeNo) {
    body = (
      <PayReturnCheck
        tradeNo={tradeNo}
        orderId={orderId}
        onChooseAgain={() => setParams(orderId ? { orderId: String(orderId) } : {}, { replace: true })}
      />
    );
  } else if (orderId === undefined) body = <NoOrder />;
  else if (order.isError || member.isError) {
    const failed = order.isError ? order : member;
    body = <ErrorState message={toApiError(failed.error).message} onRetry={() => void failed.refetch()} />;
  } else if (order.isPending || !member.data) body = <Skeleton lines={6} />;
  else {
    body = (
      <PaymentView
        order={order.data}
        balances={member.data}
        onPaid={() => {
          void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
          void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.data.id) });
          void queryClient.invalidateQueries({ queryKey: memberKeys.current() });
        }}
      />
    );
  }

  return (
    <div className="container">
      <h1 className="page-title">支付</h1>
      <AntdProvider>{body}</AntdProvider>
    </div>
  );
}
