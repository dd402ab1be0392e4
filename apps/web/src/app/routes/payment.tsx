import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { combineQueries } from '@/components/combine-queries';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { companyKeys } from '@/features/company/api/keys';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { memberKeys } from '@/features/member/api/keys';
import { useOrderDetail } from '@/features/order/api/get-order-detail';
import { orderKeys } from '@/features/order/api/keys';
import { paymentKeys } from '@/features/payment/api/keys';
import { PayReturnCheck } from '@/features/payment/components/pay-return-check';
import { PaymentView } from '@/features/payment/components/payment-view';
import { tradeNoParam } from '@/features/payment/payment-format';
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

/** An order that is not the member's, or no longer exists: nothing to retry, a way back instead. */
function OrderNotFound() {
  return (
    <EmptyState
      title="订单不存在"
      description="该订单不存在或不属于当前账号。"
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
 * 'After a third-party-page payment'). Paying from the deposit refreshes the orders and the balances; paying on
 * account also the company's statement and credit.
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
  else {
    body = (
      <QueryView
        query={combineQueries({ order, member })}
        loading={<Skeleton lines={6} />}
        notFound={<OrderNotFound />}
      >
        {(data) => (
          <PaymentView
            order={data.order}
            balances={data.member}
            onPaid={() => {
              void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
              void queryClient.invalidateQueries({ queryKey: orderKeys.detail(data.order.id) });
              void queryClient.invalidateQueries({ queryKey: memberKeys.current() });
            }}
            onPaidOnAccount={() => {
              // The company's credit and invoices changed (issue #38).
              void queryClient.invalidateQueries({ queryKey: companyKeys.statements() });
              void queryClient.invalidateQueries({ queryKey: paymentKeys.configs() });
            }}
          />
        )}
      </QueryView>
    );
  }

  return (
    <div className="container">
      <h1 className="page-title">支付</h1>
      {body}
    </div>
  );
}
