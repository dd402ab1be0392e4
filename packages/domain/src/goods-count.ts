/** How much an order holds, as the order list and the payment page count it (orderSummarySchema). */
export interface GoodsCountFields {
  /** Item lines: kinds of goods. */
  itemCount: number;
  /** Pieces: the lines' quantities added up. */
  pieceCount: number;
}

/**
 * '共 7 件': the pieces a buyer ordered, never the lines (1 + 2 pieces is 共 3 件). When several kinds add up to
 * more pieces than kinds, the kinds are named too: '共 4 种 7 件'.
 */
export function goodsCountText({ itemCount, pieceCount }: GoodsCountFields): string {
  if (itemCount > 1 && pieceCount > itemCount) return `共 ${itemCount} 种 ${pieceCount} 件`;
  return `共 ${pieceCount} 件`;
}
