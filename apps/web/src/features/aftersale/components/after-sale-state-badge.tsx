import { AFTER_SALE_STATE_LABELS, type AfterSaleState } from '@shop/domain';

/** An after-sale's state as a coloured tag (aftersale.css): 待审核, 已同意 … 已退款, 已拒绝, 已撤销. */
export function AfterSaleStateBadge({ state }: { state: AfterSaleState }) {
  return (
    <span className={`aftersale-state aftersale-state-${state}`} data-testid="aftersale-state">
      {AFTER_SALE_STATE_LABELS[state]}
    </span>
  );
}
