import { QUOTE_STATE_LABELS, type QuoteState } from '@shop/domain';

/** A quote's state as a coloured tag (quote.css): 待报价, 已报价, 已过期, 已下单, 已撤回, 已关闭. */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return (
    <span className={`quote-state quote-state-${state}`} data-testid="quote-state">
      {QUOTE_STATE_LABELS[state]}
    </span>
  );
}
