import { PAY_CANCELLED_MESSAGE, PAY_FAILED_MESSAGE, type PayStart } from '@shop/domain';
import { useMemo } from 'react';
import { ErrorState } from '@/components/empty-state';
import { formatMajorPrice } from '@/lib/money';
import { type SettledState, usePayStatus } from '../use-pay-status';
import { PayFailure, PayStillPending, PaySuccess } from './pay-outcome';

/** The methods paid in the Alipay app (A01 through Alipay's precreate, docs/decisions/033). */
const ALIPAY_CODES: readonly string[] = ['A01', 'SupayAlipay'];

/** What the panel says for the app that scans the code: WeChat unless the method is an Alipay one. */
function qrApp(start: PayStart) {
  if (start.channel !== undefined && ALIPAY_CODES.includes(start.channel))
    return {
      title: '支付宝扫码支付',
      imageName: '支付宝二维码',
      hint: '请打开支付宝，使用「扫一扫」扫描二维码完成支付；在手机上可直接点击下方按钮打开支付宝',
      // On a phone the code's own link (https://qr.alipay.com/…) opens the Alipay app.
      openLink: /^https:\/\//.test(start.action),
    };
  return {
    title: '微信扫码支付',
    imageName: '微信支付二维码',
    hint: '请打开微信，使用「扫一扫」扫描二维码完成支付',
    openLink: false,
  };
}

/**
 * A channel whose cashier is a QR code the shop draws (WeChat Pay Native, docs/decisions/032): the code, the
 * amount, and findPayStatus/ asked every 1.5 s (the server asks WeChat Pay when no notify has come) until the
 * payment settles; then 支付成功 or the failure, in place.
 */
export function PayQrPanel({
  start,
  orderId,
  onSettled,
  onClose,
}: {
  start: PayStart;
  orderId: number | null;
  onSettled?: (state: SettledState) => void;
  /** Back to the methods (another method, or the shopper changed their mind). */
  onClose: () => void;
}) {
  const target = useMemo(() => ({ tradeNo: start.tradeNo }), [start.tradeNo]);
  const { outcome, retry } = usePayStatus(target, (settled) => onSettled?.(settled.state));
  const amount = formatMajorPrice(start.amount, start.currency);
  const app = qrApp(start);

  switch (outcome.state) {
    case 'paid':
      return (
        <PaySuccess
          orderId={outcome.result.orderId ?? orderId}
          orderNo={outcome.result.orderNo}
          amount={formatMajorPrice(outcome.result.amount, outcome.result.currency)}
          {...(outcome.result.purpose === 'recharge' ? { title: '充值成功' } : {})}
        />
      );
    case 'cancelled':
      return <PayFailure orderId={orderId ?? undefined} message={PAY_CANCELLED_MESSAGE} />;
    case 'failed':
      return <PayFailure orderId={orderId ?? undefined} message={outcome.message || PAY_FAILED_MESSAGE} />;
    case 'error':
      return <ErrorState message={outcome.message} onRetry={retry} />;
    default:
      return (
        <section className="panel pay-qr" aria-labelledby="pay-qr-title">
          <h2 id="pay-qr-title">{app.title}</h2>
          <p className="pay-qr-amount">
            应付 <strong className="price price-strong">{amount}</strong>
          </p>
          {start.qrImage ? (
            <img className="pay-qr-image" src={start.qrImage} alt={app.imageName} width={220} height={220} />
          ) : (
            <p className="muted">二维码生成失败，请返回重新选择支付方式</p>
          )}
          <p className="muted pay-qr-hint">{app.hint}</p>
          {app.openLink ? (
            <a className="btn btn-primary" href={start.action}>
              打开支付宝付款
            </a>
          ) : null}
          {outcome.state === 'timeout' ? (
            <PayStillPending onRetry={retry} />
          ) : (
            <p className="pay-qr-waiting" role="status">
              等待支付结果…
            </p>
          )}
          <button type="button" className="btn" onClick={onClose}>
            选择其他支付方式
          </button>
        </section>
      );
  }
}
