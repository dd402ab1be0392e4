import { PAY_CANCELLED_MESSAGE, PAY_FAILED_MESSAGE } from '@shop/domain';
import { Link } from 'react-router';
import { ErrorState } from '@/components/empty-state';
import { formatMajorPrice } from '@/lib/money';
import { paths } from '@/lib/paths';
import type { PayStatusTarget } from '../api/keys';
import { type SettledState, usePayStatus } from '../use-pay-status';
import { PayChecking, PayFailure, PayStillPending, PaySuccess } from './pay-outcome';

/**
 * /payment/result (spec §2, §8): asks findPayStatus/ until the payment settles, then shows 支付成功 or
 * 支付失败. `onSettled` runs once, so the route can mark the order lists for refresh (spec §4 'Order actions').
 */
export function PayResultView({
  target,
  orderId,
  onSettled,
}: {
  target: PayStatusTarget;
  orderId: number | undefined;
  onSettled: (state: SettledState) => void;
}) {
  const { outcome, retry } = usePayStatus(target, (settled) => onSettled(settled.state));

  switch (outcome.state) {
    case 'checking':
      return <PayChecking />;
    case 'timeout':
      return <PayStillPending onRetry={retry} />;
    case 'error':
      return <ErrorState message={outcome.message} onRetry={retry} />;
    case 'cancelled':
      return <PayFailure orderId={orderId} message={PAY_CANCELLED_MESSAGE} />;
    case 'failed':
      return <PayFailure orderId={orderId} message={outcome.message || PAY_FAILED_MESSAGE} />;
    case 'paid': {
      const { result } = outcome;
      const amount = formatMajorPrice(result.amount, result.currency);
      if (result.purpose === 'recharge') {
        return (
          <PaySuccess title="充值成功" orderId={null} orderNo={null} amount={amount}>
            <div className="pay-outcome-actions">
              <Link to={paths.member.deposit()} className="btn btn-primary">
                查看余额明细
              </Link>
            </div>
          </PaySuccess>
        );
      }
      return (
        <PaySuccess orderId={result.orderId ?? orderId ?? null} orderNo={result.orderNo} amount={amount} />
      );
    }
  }
}
