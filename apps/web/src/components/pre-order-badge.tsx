import { preOrderText } from '@shop/domain';

/**
 * The mark of a pre-order (issue #39 '预订'): a ByBook SKU whose stock does not cover the quantity ships the rest
 * when stock arrives, on the day the operator expects ('预订 · 预计 12月20日到货', or '预订 · 到货日期待定').
 */
export function PreOrderBadge({
  expectedDate,
  className,
}: {
  expectedDate: string | null;
  className?: string;
}) {
  return (
    <span className={className ? `pre-order-badge ${className}` : 'pre-order-badge'}>
      {preOrderText(expectedDate)}
    </span>
  );
}
