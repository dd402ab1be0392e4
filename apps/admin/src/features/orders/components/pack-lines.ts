import { type AdminOrderDetail, packLabel, preOrderText } from '@shop/domain';

type Item = AdminOrderDetail['items'][number];
type Pack = AdminOrderDetail['packs'][number];

/** '包裹 3（由包裹 1 分出）' for a parcel shipped out of another pack; '包裹 1' for a pack as placed. */
export function packTitle(pack: Pick<Pack, 'packIndex' | 'splitFrom'>): string {
  const label = packLabel(pack.packIndex);
  return pack.splitFrom === null ? label : `${label}（由${packLabel(pack.splitFrom)} 分出）`;
}

/** '预订待到货 2 件 · 预计 12月20日到货' (or '… · 到货日期待定') for a line with pre-ordered pieces still to come. */
export function waitingText(item: Pick<Item, 'waiting' | 'expectedDate'>): string {
  return preOrderText(item.expectedDate).replace(/^预订/, `预订待到货 ${item.waiting} 件`);
}

/** The pieces of a line that are in the warehouse and may leave now (the pre-ordered ones wait for stock). */
export function shippableQty(item: Pick<Item, 'qty' | 'waiting'>): number {
  return Math.max(0, item.qty - Math.max(0, item.waiting));
}

/** The lines a pack holds. */
export function packItems(items: readonly Item[], packIndex: number): Item[] {
  return items.filter((i) => i.packIndex === packIndex);
}

/** Pre-ordered pieces of a pack still waiting for stock: the whole pack cannot leave while there are any. */
export function waitingPieces(items: readonly Item[], packIndex: number): number {
  return packItems(items, packIndex).reduce((sum, i) => sum + Math.max(0, i.waiting), 0);
}
