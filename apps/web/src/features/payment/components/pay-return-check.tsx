import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/empty-state';
import { paths } from '@/lib/paths';
import { usePayStatus } from '../use-pay-status';
import { PayChecking, PayStillPending } from './pay-outcome';

/**
 * Back on /payment from a channel's page with its tradeNo (spec §2 'After a third-party-page payment'): the
 * status is asked like on the result page, and once it settles the shopper goes on to /payment/result.
 */
export function PayReturnCheck({
  tradeNo,
  orderId,
  onChooseAgain,
}: {
  tradeNo: string;
  orderId: number | undefined;
  /** Leave the pending attempt and show the payment methods again. */
  onChooseAgain: () => void;
}) {
  const navigate = useNavigate();
  const { outcome, retry } = usePayStatus({ tradeNo }, (settled) => {
    const settledOrderId = settled.state === 'paid' ? (settled.result.orderId ?? orderId) : orderId;
    navigate(paths.paymentResult({ orderId: settledOrderId, tradeNo }), { replace: true });
  });

  if (outcome.state === 'timeout') {
    return (
      <PayStillPending onRetry={retry}>
        {orderId !== undefined && (
          <button type="button" className="btn" onClick={onChooseAgain}>
            选择其他支付方式
          </button>
        )}
      </PayStillPending>
    );
  }
  if (outcome.state === 'error') return <ErrorState message={outcome.message} onRetry={retry} />;
  return <PayChecking />;
}
