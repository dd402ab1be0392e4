/**
 * Where an order's money-back stands (docs/decisions/035), shown beside the spec's order status, which has no
 * refund state of its own: 退款中 while a refund asked of the payment channel waits for the channel's word,
 * then 部分退款 or 已退款. Amounts are minor units of the currency the order was paid in.
 */
export const RefundState = {
  Processing: 'processing',
  Partial: 'partial',
  Refunded: 'refunded',
} as const;
export type RefundState = (typeof RefundState)[keyof typeof RefundState];

export const REFUND_STATE_LABELS: Readonly<Record<RefundState, string>> = {
  processing: '退款中',
  partial: '部分退款',
  refunded: '已退款',
};

/**
 * The order's refund state: processing while any refund is with its channel (`refunding` > 0), else refunded
 * when everything paid came back, partial when some did; null when nothing was refunded or asked.
 */
export function refundStateOf(order: {
  paidAmount: number | null;
  refundedAmount: number;
  refundingAmount: number;
}): RefundState | null {
  if (order.refundingAmount > 0) return RefundState.Processing;
  if (order.refundedAmount <= 0) return null;
  return order.paidAmount !== null && order.refundedAmount >= order.paidAmount
    ? RefundState.Refunded
    : RefundState.Partial;
}

/** What may still be asked back: paid, less refunded, less what is with a channel now; never below 0. */
export function refundableAmount(order: {
  paidAmount: number | null;
  refundedAmount: number;
  refundingAmount: number;
}): number {
  return Math.max(0, (order.paidAmount ?? 0) - order.refundedAmount - order.refundingAmount);
}

/** One order line chosen for a refund: the line and how many of its pieces. */
export interface RefundLine {
  itemId: number;
  qty: number;
}

export const RefundLineMessages = {
  empty: '请选择要退款的商品',
  unknown: (itemId: number) => `订单中没有商品行 ${itemId}`,
  gift: '赠品不能退款',
  tooMany: (name: string, qty: number) => `「${name}」最多可退 ${qty} 件`,
  duplicate: '同一商品行只能选择一次',
} as const;

/**
 * The refund of chosen lines, in minor units of the paid currency: the lines' price (unit price × pieces, the
 * order's currency) as a share of what was paid for the whole order (paid ÷ order total, round half up), so an
 * order paid in the other currency or with a discount gives back the same share it took. Throws the message
 * of the first wrong line.
 */
export function refundOfLines(
  order: {
    totalAmount: number;
    paidAmount: number;
    items: readonly { id: number; name: string; qty: number; unitPrice: number; isGift: boolean }[];
  },
  lines: readonly RefundLine[],
): number {
  if (lines.length === 0) throw new Error(RefundLineMessages.empty);
  if (new Set(lines.map((l) => l.itemId)).size !== lines.length)
    throw new Error(RefundLineMessages.duplicate);
  let price = 0n;
  for (const line of lines) {
    const item = order.items.find((i) => i.id === line.itemId);
    if (!item) throw new Error(RefundLineMessages.unknown(line.itemId));
    if (item.isGift) throw new Error(RefundLineMessages.gift);
    if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > item.qty)
      throw new Error(RefundLineMessages.tooMany(item.name, item.qty));
    price += BigInt(item.unitPrice) * BigInt(line.qty);
  }
  if (order.totalAmount <= 0) return 0;
  const total = BigInt(order.totalAmount);
  // Half up on non-negative integers: (2·a·b + c) ÷ 2c.
  return Number((2n * price * BigInt(order.paidAmount) + total) / (2n * total));
}
