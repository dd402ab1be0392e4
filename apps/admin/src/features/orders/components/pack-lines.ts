import type { AdminOrderDetail } from '@shop/domain';

type Item = AdminOrderDetail['items'][number];

/** The lines a pack holds. */
export function packItems(items: readonly Item[], packIndex: number): Item[] {
  return items.filter((i) => i.packIndex === packIndex);
}

/** Pre-ordered pieces of a pack still waiting for stock: the whole pack cannot leave while there are any. */
export function waitingPieces(items: readonly Item[], packIndex: number): number {
  return packItems(items, packIndex).reduce((sum, i) => sum + Math.max(0, i.waiting), 0);
}
