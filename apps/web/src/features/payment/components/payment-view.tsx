import {
  CURRENCY_LABELS,
  type Currency,
  effectiveOrderStatus,
  goodsCountText,
  methodsForOrder,
  type OrderDetail,
  type OrderPrice,
  OrderStatus,
  offeredPaymentMethods,
  orderPayCurrencies,
  orderStatusLabel,
  type PaymentConfig,
  PaymentKind,
  type PayStart,
} from '@shop/domain';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { EmptyState, ErrorState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { formatMajorPrice, majorToMinor } from '@/lib/money';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useOrderPrices } from '../api/get-order-price';
import { usePaymentConfigs } from '../api/get-payment-configs';
import { usePayByDeposit } from '../api/pay-by-deposit';
import { usePayOnAccount } from '../api/pay-on-account';
import type { Balances } from '../payment-format';
import { useLeavingFor } from '../use-leaving-for';
import { useStartOrderPayment } from '../use-start-payment';
import { PayQrPanel } from './pay-qr-panel';
import '../payment.css';

function balanceIn(balances: Balances, currency: Currency): number {
  return currency === 'CNY' ? balances.cnyDeposit : balances.audDeposit;
}

/** An order that cannot be paid any more: what happened to it, and the way to it. */
function NotPayable({ order }: { order: OrderDetail }) {
  const status = effectiveOrderStatus(order);
  let title = `该订单${orderStatusLabel(status)}，无需支付`;
  if (status === OrderStatus.Cancelled) title = '该订单已取消，无法支付';
  // A buyer's order over their limit (issue #38): paid once the company's admin approves it.
  else if (status === OrderStatus.NotConfirmed) title = '该订单正等待公司管理员审批，批准后才能支付';
  else if (status >= OrderStatus.Paid || order.paidAt) title = '该订单已支付';
  return (
    <EmptyState
      title={title}
      description={`订单号 ${order.orderNo}`}
      actions={
        <Link to={paths.order(order.id)} className="btn btn-primary">
          查看订单
        </Link>
      }
    />
  );
}

interface MethodRowProps {
  method: PaymentConfig;
  price: OrderPrice | undefined;
  balances: Balances;
  busy: boolean;
  disabled: boolean;
  onPay: (method: PaymentConfig, price: OrderPrice) => void;
}

/** One payment method: what it charges in its own currency, the balance for a deposit method, and 支付. */
function MethodRow({ method, price, balances, busy, disabled, onPay }: MethodRowProps) {
  const deposit = method.kind === PaymentKind.Deposit;
  const balance = balanceIn(balances, method.currency);
  const short = deposit && price !== undefined && majorToMinor(balance) < majorToMinor(price.price);
  return (
    <li className="pay-method" aria-label={method.name}>
      <div className="pay-method-info">
        <strong className="pay-method-name">{method.name}</strong>
        {method.description && <span className="muted">{method.description}</span>}
        {deposit && (
          <span className="pay-method-balance">可用余额 {formatMajorPrice(balance, method.currency)}</span>
        )}
      </div>
      <div className="pay-method-amount">
        <span className="muted">需支付</span>
        <strong className="price">{price ? formatMajorPrice(price.price, price.currency) : '计算中…'}</strong>
      </div>
      <button
        type="button"
        className="btn btn-primary pay-method-button"
        aria-busy={busy}
        disabled={busy || disabled || short || price === undefined}
        onClick={() => price && onPay(method, price)}
      >
        支付
      </button>
      {short && (
        <p className="pay-method-hint">
          余额不足，请选择其他支付方式或 <Link to={paths.member.recharge()}>先充值</Link>
        </p>
      )}
    </li>
  );
}

/** The company's credit in one currency, as paymentConfigList/ tells it on the on-account method. */
type AccountCredit = NonNullable<PaymentConfig['credit']>[number];

/**
 * The on-account method's credit for an order: its entry in the order's own currency (the method always charges
 * that currency, whatever the method's `currency` says), or undefined when the company has none in it.
 */
function accountCreditFor(
  method: PaymentConfig | undefined,
  orderCurrency: Currency,
): AccountCredit | undefined {
  return method?.credit?.find((c) => c.currency === orderCurrency);
}

interface AccountMethodRowProps {
  method: PaymentConfig;
  order: OrderDetail;
  credit: AccountCredit;
  busy: boolean;
  disabled: boolean;
  onPay: (method: PaymentConfig, credit: AccountCredit) => void;
}

/**
 * 账期支付 (issue #38): the order's total in its own currency, charged to the company's credit; the credit left and
 * the terms beside it. Disabled, with the reason, when the credit left is below the total.
 */
function AccountMethodRow({ method, order, credit, busy, disabled, onPay }: AccountMethodRowProps) {
  const name = method.name || '账期支付';
  const short = majorToMinor(credit.available) < majorToMinor(order.totalPrice);
  return (
    <li className="pay-method" aria-label={name}>
      <div className="pay-method-info">
        <strong className="pay-method-name">{name}</strong>
        {method.description && <span className="muted">{method.description}</span>}
        <span className="pay-method-balance">
          可用额度 {formatMajorPrice(credit.available, order.currency)} · 账期 {credit.termsDays} 天
        </span>
      </div>
      <div className="pay-method-amount">
        <span className="muted">需支付</span>
        <strong className="price">{formatMajorPrice(order.totalPrice, order.currency)}</strong>
      </div>
      <button
        type="button"
        className="btn btn-primary pay-method-button"
        aria-busy={busy}
        disabled={busy || disabled || short}
        onClick={() => onPay(method, credit)}
      >
        支付
      </button>
      {short && <p className="pay-method-hint">可用额度不足，请选择其他支付方式</p>}
    </li>
  );
}

export interface PaymentViewProps {
  order: OrderDetail;
  balances: Balances;
  /** Paid from the deposit or on account: the route refreshes the orders and the member's balances. */
  onPaid: () => void;
  /** Paid on account: the route refreshes the company's statement (its credit and invoices changed). */
  onPaidOnAccount?: () => void;
}

/**
 * /payment?orderId= (spec §2, §3 'Payment', §4 'Payment by channel'): the order and its amount due in the
 * currencies it can be paid in (ADR 013: an AUD order in AUD or CNY, a CNY order in CNY only), and the payment
 * methods on offer for it, each with what it charges in its own currency. The deposit
 * methods show the balance and ask before paying; 账期支付 (a company's credit, issue #38) shows the credit left and
 * the terms and asks before paying; the online ones go on to the channel. An order already
 * paid or cancelled says so and links to itself instead.
 */
export function PaymentView(props: PaymentViewProps) {
  if (effectiveOrderStatus(props.order) !== OrderStatus.NotPaid) return <NotPayable order={props.order} />;
  return <PayOrder {...props} />;
}

function PayOrder({ order, balances, onPaid, onPaidOnAccount }: PaymentViewProps) {
  const navigate = useNavigate();
  const [currency, setCurrency] = useState<Currency>(order.currency);
  const configs = usePaymentConfigs();
  // The currencies this order can be paid in (ADR 013): a CNY order never in AUD.
  const payCurrencies = orderPayCurrencies(order.currency);
  // On account is offered apart: it charges the order's own currency, so the currency rule does not pick it.
  const offered = useMemo(
    () =>
      offeredPaymentMethods(
        methodsForOrder(
          (configs.data ?? []).filter((m) => m.kind !== PaymentKind.Account),
          order.currency,
        ),
        {
          cnyDeposit: majorToMinor(balances.cnyDeposit),
          audDeposit: majorToMinor(balances.audDeposit),
        },
      ),
    [configs.data, order.currency, balances.cnyDeposit, balances.audDeposit],
  );
  // Shown only when the company has credit in the order's currency (the server lists the method only for an admin
  // or a buyer of a company with credit and nothing overdue).
  const accountMethod = configs.data?.find((m) => m.kind === PaymentKind.Account);
  const accountCredit = accountCreditFor(accountMethod, order.currency);
  // The amount due in the chosen currency and in the currency of every method on offer.
  const needed = payCurrencies.filter((c) => c === currency || offered.some((m) => m.currency === c));
  const prices = useOrderPrices(order.id, needed);
  const payByDeposit = usePayByDeposit();
  const payOnAccount = usePayOnAccount();
  const startPayment = useStartOrderPayment();
  const { confirm, dialog } = useConfirm();
  const [leavingFor, setLeavingFor] = useLeavingFor();
  // A QR cashier (WeChat Pay Native) shown here while the page waits for the payment.
  const [qr, setQr] = useState<PayStart | null>(null);

  // The deposit method of the currency being paid from (one per currency).
  const depositMethodId = (currency: Currency | undefined) =>
    offered.find((m) => m.kind === PaymentKind.Deposit && m.currency === currency)?.id ?? null;
  const busyId = payByDeposit.isPending
    ? depositMethodId(payByDeposit.variables?.currency)
    : payOnAccount.isPending
      ? (accountMethod?.id ?? null)
      : startPayment.isPending
        ? (startPayment.variables?.method.id ?? null)
        : leavingFor;

  const pay = (method: PaymentConfig, price: OrderPrice) => {
    if (method.kind === PaymentKind.Deposit) {
      confirm({
        title: '余额支付',
        content: `确认使用${CURRENCY_LABELS[method.currency]}余额支付 ${formatMajorPrice(price.price, price.currency)}？`,
        okText: '确认支付',
        onConfirm: () =>
          payByDeposit
            .mutateAsync({ orderId: order.id, currency: method.currency, deposit: price.price })
            .then(() => {
              onPaid();
              navigate(paths.paymentResult({ orderId: order.id, status: 'paid' }));
            }),
      });
      return;
    }
    startPayment.mutate(
      { method, orderId: order.id },
      { onSuccess: (start) => (start ? setQr(start) : setLeavingFor(method.id)) },
    );
  };

  const payOnCredit = (method: PaymentConfig, credit: AccountCredit) => {
    const amount = formatMajorPrice(order.totalPrice, order.currency);
    confirm({
      title: method.name || '账期支付',
      content: `确认使用公司账期支付 ${amount}？账单将于 ${credit.termsDays} 天后到期。`,
      okText: '确认支付',
      onConfirm: () =>
        payOnAccount.mutateAsync({ orderId: order.id }).then((paid) => {
          notify.success(`已使用公司账期支付，账单 ${paid.invoiceNo} 将于 ${paid.dueOn} 到期`);
          onPaid();
          onPaidOnAccount?.();
          navigate(paths.paymentResult({ orderId: order.id, status: 'paid' }));
        }),
    });
  };

  if (qr)
    return (
      <div className="payment-page">
        <PayQrPanel
          start={qr}
          orderId={order.id}
          onSettled={(state) => {
            if (state !== 'paid') return;
            // The order is paid: the route refreshes it, and the result page says 支付成功 (as for the deposit).
            onPaid();
            navigate(paths.paymentResult({ orderId: order.id, tradeNo: qr.tradeNo }));
          }}
          onClose={() => setQr(null)}
        />
      </div>
    );

  const due = prices.byCurrency[currency];
  const methods = (
    <QueryView
      query={configs}
      loading={<Skeleton lines={3} title={false} />}
      isEmpty={() => offered.length === 0 && !accountCredit}
      empty={<EmptyState title="暂无可用的支付方式" description="请联系客服，或稍后再试。" />}
    >
      {() => (
        <ul className="pay-methods">
          {accountMethod && accountCredit && (
            <AccountMethodRow
              method={accountMethod}
              order={order}
              credit={accountCredit}
              busy={busyId === accountMethod.id}
              disabled={busyId !== null && busyId !== accountMethod.id}
              onPay={payOnCredit}
            />
          )}
          {offered.map((method) => (
            <MethodRow
              key={method.id}
              method={method}
              price={prices.byCurrency[method.currency]}
              balances={balances}
              busy={busyId === method.id}
              disabled={busyId !== null && busyId !== method.id}
              onPay={pay}
            />
          ))}
        </ul>
      )}
    </QueryView>
  );

  return (
    <div className="payment-page">
      <section className="panel pay-summary" aria-labelledby="pay-summary-title">
        <h2 id="pay-summary-title" className="visually-hidden">
          订单信息
        </h2>
        <dl className="pay-facts">
          <dt>订单号</dt>
          <dd>{order.orderNo}</dd>
          <dt>商品数量</dt>
          <dd>{goodsCountText(order)}</dd>
          <dt>应付金额</dt>
          <dd>
            <strong className="price price-strong pay-due" data-testid="pay-due">
              {due ? formatMajorPrice(due.price, due.currency) : prices.error ? '—' : '计算中…'}
            </strong>
          </dd>
        </dl>
        {payCurrencies.length > 1 ? (
          <div className="segmented segmented-solid pay-currency" role="radiogroup" aria-label="支付币种">
            {payCurrencies.map((c) => (
              <label key={c} className="segmented-option">
                <input
                  type="radio"
                  name="pay-currency"
                  value={c}
                  checked={currency === c}
                  onChange={() => setCurrency(c)}
                />
                <span>{`${CURRENCY_LABELS[c]} ${c}`}</span>
              </label>
            ))}
          </div>
        ) : (
          <p className="muted pay-rate-note">
            该订单以{CURRENCY_LABELS[order.currency]}结算，请使用{CURRENCY_LABELS[order.currency]}支付方式。
          </p>
        )}
        {currency !== order.currency && (
          <p className="muted pay-rate-note">
            订单以{CURRENCY_LABELS[order.currency]}计价（{formatMajorPrice(order.totalPrice, order.currency)}
            ），按商城当前汇率换算。
          </p>
        )}
        {prices.error && (
          <ErrorState message={toApiError(prices.error).message} onRetry={() => void prices.refetch()} />
        )}
      </section>

      <section className="panel pay-method-section" aria-labelledby="pay-methods-title">
        <h2 id="pay-methods-title">选择支付方式</h2>
        {methods}
      </section>

      {dialog}
    </div>
  );
}
