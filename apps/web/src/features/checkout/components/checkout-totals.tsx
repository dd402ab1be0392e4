import { CURRENCY_LABELS, Currency, SUMMARY_NOT_VALID_FALLBACK } from '@shop/domain';
import { usePageCurrency } from '@/lib/page-currency';
import type { TotalsView } from '../checkout-view-model';

/**
 * Why the checkout cannot be ordered, said once (ADR 013), and, when the cause is lines without an AUD price,
 * the way to buy them: pay in CNY (the page currency switch), or go back to the cart.
 */
export function CheckoutNotice({
  message,
  notPayableInAud,
  disabled,
}: {
  message: string;
  notPayableInAud: readonly string[];
  disabled?: boolean;
}) {
  return (
    <div className="checkout-invalid" role="alert">
      <p>{message || SUMMARY_NOT_VALID_FALLBACK}</p>
      {notPayableInAud.length > 0 && <PayInCnyButton disabled={disabled} />}
    </div>
  );
}

/** Switches the page currency to CNY, in which every priced line can be paid (ADR 013). */
export function PayInCnyButton({ disabled, primary }: { disabled?: boolean | undefined; primary?: boolean }) {
  const setCurrency = usePageCurrency((s) => s.setCurrency);
  return (
    <button
      type="button"
      className={primary ? 'btn btn-primary' : 'btn checkout-pay-cny'}
      disabled={disabled}
      onClick={() => setCurrency(Currency.CNY)}
    >
      改用{CURRENCY_LABELS.CNY}结算
    </button>
  );
}

interface CheckoutTotalsProps {
  totals: TotalsView;
  /** The summary can be ordered (spec §4: a not-valid one is shown but not submitted). */
  valid: boolean;
  notForSaleMsg: string;
  /** Lines left out of an AUD summary for having no AUD price (ADR 013). */
  notPayableInAud: readonly string[];
  giftsToChoose: number;
  busy: boolean;
  submitting: boolean;
  onSubmit: () => void;
}

/**
 * The amounts of the server's summary (spec §5: goods, promotions, shipping, tax, the other amount and the
 * total), why it cannot be ordered when it is not valid, the gifts still to choose, and 提交订单.
 */
export function CheckoutTotals({
  totals,
  valid,
  notForSaleMsg,
  notPayableInAud,
  giftsToChoose,
  busy,
  submitting,
  onSubmit,
}: CheckoutTotalsProps) {
  return (
    <section className="panel checkout-section checkout-totals" aria-label="订单金额">
      <dl className="checkout-amounts">
        <dt>商品金额</dt>
        <dd data-testid="checkout-goods">{totals.goods}</dd>
        <dt>优惠</dt>
        <dd data-testid="checkout-promotions">{totals.promotions}</dd>
        <dt>运费</dt>
        <dd data-testid="checkout-shipping">{totals.shipping}</dd>
        <dt>税费</dt>
        <dd data-testid="checkout-tax">{totals.tax}</dd>
        {totals.gst && (
          <>
            <dt>GST</dt>
            <dd data-testid="checkout-gst">{totals.gst}</dd>
          </>
        )}
        <dt>其他费用合计</dt>
        <dd data-testid="checkout-other">{totals.allOther}</dd>
      </dl>
      {!valid && <CheckoutNotice message={notForSaleMsg} notPayableInAud={notPayableInAud} disabled={busy} />}
      {giftsToChoose > 0 && <p className="checkout-hint">您有 {giftsToChoose} 件赠品待选择</p>}
      <div className="checkout-submit-bar">
        <span className="checkout-total">
          应付总额
          <strong className="price price-strong" data-testid="checkout-total">
            {totals.total}
          </strong>
        </span>
        <button
          type="button"
          className="btn btn-primary checkout-submit"
          disabled={busy || !valid}
          onClick={onSubmit}
        >
          {submitting ? '提交中…' : '提交订单'}
        </button>
      </div>
    </section>
  );
}
