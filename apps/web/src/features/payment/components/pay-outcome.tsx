import { PAY_FAILED_MESSAGE, PAY_SUCCESS_MESSAGE } from '@shop/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import '../payment.css';

/** The big result of a payment: 支付成功 with the order and the amount (spec §8 'payment succeeded'). */
export function PaySuccess({
  orderId,
  orderNo,
  amount,
  title = PAY_SUCCESS_MESSAGE,
  children,
}: {
  orderId: number | null;
  orderNo: string | null;
  /** The amount paid, formatted with its symbol. */
  amount: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <section className="panel pay-outcome pay-outcome-success" aria-labelledby="pay-outcome-title">
      <div className="pay-outcome-icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="pay-outcome-title">{title}</h2>
      <dl className="pay-facts">
        {orderNo && (
          <>
            <dt>订单号</dt>
            <dd>{orderNo}</dd>
          </>
        )}
        <dt>支付金额</dt>
        <dd>
          <strong className="price price-strong">{amount}</strong>
        </dd>
      </dl>
      {children ?? (
        <>
          <div className="pay-outcome-actions">
            {/* Spec §2 'After a payment finishes': the order list, now or after the countdown. */}
            <Link to={paths.member.order()} className="btn btn-primary">
              查看订单
            </Link>
            {orderId !== null && (
              <Link to={paths.order(orderId)} className="btn">
                订单详情
              </Link>
            )}
          </div>
          <GoToOrders />
        </>
      )}
    </section>
  );
}

/** Seconds the result stays on screen before the order list (spec §2 'After a payment finishes'). */
export const ORDER_LIST_COUNTDOWN_S = 5;

/**
 * Spec §2 'After a payment finishes: /member/order': counts down, then goes to the order list; 留在此页 stops
 * it, for a shopper who wants to read the result or open the order.
 */
export function GoToOrders({ seconds = ORDER_LIST_COUNTDOWN_S }: { seconds?: number }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  const [stayed, setStayed] = useState(false);
  useEffect(() => {
    if (stayed) return;
    if (left <= 0) {
      navigate(paths.member.order(), { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, stayed, navigate]);
  if (stayed) return null;
  return (
    <p className="muted pay-countdown" role="status">
      {left} 秒后前往我的订单
      <button type="button" className="link-button" onClick={() => setStayed(true)}>
        留在此页
      </button>
    </p>
  );
}

/** 支付失败 (spec §8): cancelled (PayCancel) or failed (PayFailed), with the ways on. */
export function PayFailure({ orderId, message }: { orderId: number | undefined; message: string }) {
  return (
    <section
      className="panel pay-outcome pay-outcome-failed"
      aria-labelledby="pay-outcome-title"
      role="alert"
    >
      <div className="pay-outcome-icon" aria-hidden="true">
        !
      </div>
      <h2 id="pay-outcome-title">{PAY_FAILED_MESSAGE}</h2>
      {message && message !== PAY_FAILED_MESSAGE && <p className="pay-outcome-message">{message}</p>}
      <div className="pay-outcome-actions">
        {orderId !== undefined && (
          <Link to={paths.payment({ orderId })} className="btn btn-primary">
            重新支付
          </Link>
        )}
        <Link to={paths.member.order()} className="btn">
          查看订单
        </Link>
      </div>
    </section>
  );
}

/** A payment still pending after the wait: the shopper may ask again. */
export function PayStillPending({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  return (
    <section className="panel pay-outcome" aria-labelledby="pay-outcome-title">
      <h2 id="pay-outcome-title">支付结果确认中</h2>
      <p className="muted">
        支付渠道还没有通知结果。如果您已完成付款，请稍候再查询；款项到账后订单会自动更新。
      </p>
      <div className="pay-outcome-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          重新查询
        </button>
        {children}
      </div>
    </section>
  );
}

/** While the status is asked. */
export function PayChecking({ text = '正在确认支付结果…' }: { text?: string }) {
  return (
    <section className="panel pay-outcome" role="status" aria-live="polite">
      <div className="pay-spinner" aria-hidden="true" />
      <p>{text}</p>
    </section>
  );
}
