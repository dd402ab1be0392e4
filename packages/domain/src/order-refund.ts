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

/** What the refund split reads of an order: its amounts (minor units of its currency) and lines. */
export interface SplitOrder {
  totalAmount: number;
  /** What was charged, minor units of the currency paid (a CNY order may be paid in AUD). */
  paidAmount: number;
  /** The order's freight and, when GST was added on top, the GST it carries (0 when absent). */
  shippingAmount?: number | undefined;
  gstAmount?: number | undefined;
  gstIncluded?: boolean | undefined;
  promotionsAmount?: number | undefined;
  items: readonly { id: number; name: string; qty: number; unitPrice: number; isGift: boolean }[];
}

/**
 * A refund split into what it gives back, in the order's currency: the lines' goods, less their share of the
 * promotions, plus their share of the taxes, plus the freight when it goes back too; `total` is their sum and
 * `amount` the same in the currency paid.
 */
export interface RefundSplit {
  goods: number;
  promotions: number;
  tax: number;
  freight: number;
  total: number;
  amount: number;
}

function checkedLines(order: SplitOrder, lines: readonly RefundLine[], allowEmpty: boolean) {
  if (lines.length === 0 && !allowEmpty) throw new Error(RefundLineMessages.empty);
  if (new Set(lines.map((l) => l.itemId)).size !== lines.length)
    throw new Error(RefundLineMessages.duplicate);
  let goods = 0n;
  for (const line of lines) {
    const item = order.items.find((i) => i.id === line.itemId);
    if (!item) throw new Error(RefundLineMessages.unknown(line.itemId));
    if (item.isGift) throw new Error(RefundLineMessages.gift);
    if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > item.qty)
      throw new Error(RefundLineMessages.tooMany(item.name, item.qty));
    goods += BigInt(item.unitPrice) * BigInt(line.qty);
  }
  return goods;
}

/** The pieces of each line in both lists together (what is given back so far once this refund is). */
function together(a: readonly RefundLine[], b: readonly RefundLine[]): RefundLine[] {
  const qty = new Map<number, number>();
  for (const l of [...a, ...b]) qty.set(l.itemId, (qty.get(l.itemId) ?? 0) + l.qty);
  return [...qty].map(([itemId, n]) => ({ itemId, qty: n }));
}

/**
 * The one rule of a refund by lines (issue #39, the console's refund by lines and after-sales): the order's total
 * less its freight part is shared among its goods by price, so each line carries its share of the promotions and
 * of the taxes (the cross-border tax, and the GST when it was added on top); the freight part (the freight, and
 * the GST added on it) goes back whole with the refund that asks for it first. Then the currency paid: the share of
 * what was paid that the refund bears to the total.
 *
 * `before` are the lines given back by earlier refunds (and `freightBefore` whether the freight went back with one):
 * each amount is what all refunds come to with this one, less what they came to without it, every step rounded half
 * up on integers. So partial refunds never lose or gain a cent in sum: the last piece of an order refunded with its
 * freight brings the refunds to exactly what was paid. Throws the message of the first wrong line; lines beyond
 * what remains after `before` are refused too.
 */
export function refundSplit(
  order: SplitOrder,
  lines: readonly RefundLine[],
  options: { before?: readonly RefundLine[]; withFreight?: boolean; freightBefore?: boolean } = {},
): RefundSplit {
  const before = options.before ?? [];
  const goods = checkedLines(order, lines, false);
  const all = together(before, lines);
  for (const line of all) {
    const item = order.items.find((i) => i.id === line.itemId);
    if (item && line.qty > item.qty) {
      const left = item.qty - (before.find((b) => b.itemId === line.itemId)?.qty ?? 0);
      throw new Error(RefundLineMessages.tooMany(item.name, Math.max(0, left)));
    }
  }
  const goodsBefore = checkedLines(order, before, true);
  const goodsAll = order.items.reduce(
    (sum, i) => (i.isGift ? sum : sum + BigInt(i.unitPrice) * BigInt(i.qty)),
    0n,
  );
  const total = BigInt(Math.max(0, order.totalAmount));
  const shipping = BigInt(Math.max(0, order.shippingAmount ?? 0));
  const gst = BigInt(Math.max(0, order.gstAmount ?? 0));
  // The GST added on the freight (10%, never more than the order's GST); inside the freight when included.
  const freightGst = order.gstIncluded === false && gst > 0n ? min(gst, half(shipping * 10n, 100n)) : 0n;
  const freightPart = min(total, shipping + freightGst);
  const goodsPart = total - freightPart;
  const promotions = BigInt(Math.max(0, order.promotionsAmount ?? 0));
  const share = (g: bigint, whole: bigint) =>
    goodsAll === 0n ? 0n : g === goodsAll ? whole : half(whole * g, goodsAll);
  const freightNow = options.withFreight === true && options.freightBefore !== true;
  const freightThen = options.freightBefore === true;
  const valueThen = share(goodsBefore, goodsPart) + (freightThen ? freightPart : 0n);
  const valueNow = share(goodsBefore + goods, goodsPart) + (freightThen || freightNow ? freightPart : 0n);
  const paid = (v: bigint) =>
    total === 0n ? 0n : v === total ? BigInt(order.paidAmount) : half(v * BigInt(order.paidAmount), total);
  const totalNow = valueNow - valueThen;
  const promotionsNow = share(goodsBefore + goods, promotions) - share(goodsBefore, promotions);
  const freight = freightNow ? freightPart : 0n;
  return {
    goods: Number(goods),
    promotions: Number(promotionsNow),
    tax: Number(totalNow - goods + promotionsNow - freight),
    freight: Number(freight),
    total: Number(totalNow),
    amount: Number(paid(valueNow) - paid(valueThen)),
  };
}

/** Half up on non-negative integers: (2·a + b) ÷ 2b. */
function half(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * The refund of chosen lines (the console's refund by lines), in minor units of the paid currency: refundSplit's
 * amount without the freight. Throws the message of the first wrong line.
 */
export function refundOfLines(order: SplitOrder, lines: readonly RefundLine[]): number {
  return refundSplit(order, lines).amount;
}
