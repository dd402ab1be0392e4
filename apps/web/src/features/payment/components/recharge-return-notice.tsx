import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { usePayStatus } from '../use-pay-status';

/**
 * Back on /member/deposit from an online recharge with its tradeNo (spec §2 'Return address after a deposit
 * top-up'): the status is asked until it settles; paid says 充值成功, and either way the balances and the log
 * are asked again (`onSettled`).
 */
export function RechargeReturnNotice({
  tradeNo,
  onSettled,
  onDismiss,
}: {
  tradeNo: string;
  onSettled: () => void;
  onDismiss: () => void;
}) {
  const { outcome, retry } = usePayStatus({ tradeNo }, (settled) => {
    if (settled.state === 'paid') notify.success('充值成功');
    onSettled();
  });

  let tone = 'info';
  let text: string;
  let canRetry = false;
  switch (outcome.state) {
    case 'checking':
      text = '正在确认充值结果…';
      break;
    case 'paid':
      tone = 'success';
      text = `充值成功，${formatMajorPrice(outcome.result.amount, outcome.result.currency)} 已存入余额`;
      break;
    case 'cancelled':
      tone = 'warn';
      text = '充值已取消';
      break;
    case 'failed':
      tone = 'error';
      text = `充值失败：${outcome.message}`;
      break;
    case 'timeout':
      text = '充值结果确认中，到账后余额会自动更新';
      canRetry = true;
      break;
    case 'error':
      tone = 'error';
      text = outcome.message;
      canRetry = true;
      break;
  }

  return (
    <div className={`recharge-notice recharge-notice-${tone}`} role="status" aria-live="polite">
      <span>{text}</span>
      <span className="recharge-notice-actions">
        {canRetry && (
          <button type="button" className="link-button" onClick={retry}>
            重新查询
          </button>
        )}
        {outcome.state !== 'checking' && (
          <button type="button" className="link-button" onClick={onDismiss} aria-label="关闭提示">
            ×
          </button>
        )}
      </span>
    </div>
  );
}
