/** The fields of a cart line the totals read; prices are per unit in minor units (spec §3 'Cart'). */
export interface CartLineForTotals {
  qty: number;
  selected?: boolean;
  audPrice?: number | null;
  cnyPrice?: number | null;
  skuName?: string | null;
  name?: string | null;
}

/** Cart totals in minor units and the lines that cannot be paid in AUD (spec §5). */
export interface CartTotals {
  aud: number;
  cny: number;
  /** Sku names of selected lines without an AUD price, in cart order. */
  cnyOnlySkuNames: string[];
}

/**
 * Totals of the selected lines (spec §5): a line with an AUD price (present and above 0) adds to the AUD
 * total; any other line adds its CNY price to the CNY total and its sku name (else name) to the warning list.
 */
export function cartTotals(lines: readonly CartLineForTotals[]): CartTotals {
  const totals: CartTotals = { aud: 0, cny: 0, cnyOnlySkuNames: [] };
  for (const line of lines) {
    if (!line.selected) continue;
    if (line.audPrice != null && line.audPrice > 0) {
      totals.aud += line.audPrice * line.qty;
    } else {
      totals.cny += (line.cnyPrice ?? 0) * line.qty;
      totals.cnyOnlySkuNames.push(line.skuName || line.name || '');
    }
  }
  return totals;
}

/** The cart warning that the listed products cannot be paid in AUD (spec §5; cartAudTipText of §3). */
export function cartAudTipText(cnyOnlySkuNames: readonly string[]): string {
  if (cnyOnlySkuNames.length === 0) return '';
  const names = cnyOnlySkuNames.filter((n) => n !== '');
  if (names.length === 0) return '部分商品不支持澳币支付，请重新选择';
  return `以下商品不支持澳币支付，请重新选择：${names.join('、')}`;
}
