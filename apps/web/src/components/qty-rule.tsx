import { type PriceBreak, priceBreakText, type QtyRule, qtyRuleHint } from '@shop/domain';
import { usePageCurrency } from '@/lib/page-currency';

/**
 * A SKU's quantity rule beside its quantity ('每箱6件 · 12件起订 · 限购60件', ADR 050); nothing for a SKU sold by
 * the piece.
 */
export function QtyRuleHint({ rule, className }: { rule: QtyRule; className?: string }) {
  const hint = qtyRuleHint(rule);
  return hint ? <span className={`qty-rule-hint ${className ?? ''}`}>{hint}</span> : null;
}

/**
 * A SKU's volume prices in the page currency ('12件起 ¥27.00', ADR 050), ascending; `compact` for a SKU cell of
 * the grid or matrix. Nothing without breaks.
 */
export function PriceBreaks({
  breaks,
  compact = false,
}: {
  breaks: readonly PriceBreak[];
  compact?: boolean;
}) {
  const currency = usePageCurrency((s) => s.currency);
  const texts = breaks.flatMap((entry) => {
    const text = priceBreakText(entry, currency);
    return text ? [{ minQty: entry.minQty, text }] : [];
  });
  if (texts.length === 0) return null;
  return (
    <ul className={compact ? 'price-breaks price-breaks-compact' : 'price-breaks'} aria-label="批量价">
      {texts.map((t) => (
        <li key={t.minQty}>{t.text}</li>
      ))}
    </ul>
  );
}
