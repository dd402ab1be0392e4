import {
  type CheckoutInfo,
  type CheckoutSummary,
  type Currency,
  checkoutItemDisplay,
  currencyKey,
  formatPrice,
  formatWeight,
  gstLine,
  type PickupPoint,
  PromotionMethod,
  promotionMethodLabel,
  type WireSummaryItem,
  warehouseName,
} from '@shop/domain';
import { majorToMinor } from '@/lib/money';

/**
 * What the checkout shows, joined from the reducer's info (packIds, public couriers, the chosen courier, the
 * gift lists, the other amount) and the wire summary behind it (names, images, fees), by pack index and
 * promotion id.
 */

export interface ItemView {
  key: string;
  image: string;
  /** skuName, else name plus the property values (spec §3 'Item'). */
  displayName: string;
  propertyText: string;
  qty: number;
  priceText: string;
  isGift: boolean;
}

export interface CourierView {
  id: number;
  name: string;
  estimatedDays: string;
  feeText: string | null;
  unavailableReason: string;
  available: boolean;
}

export interface PackView {
  packId: number;
  index: number;
  warehouseName: string;
  /** '850 g' or '1.25 kg' (the domain's formatWeight). */
  weightText: string;
  items: ItemView[];
  couriers: CourierView[];
  courierId: number | null;
  shippingFeeText: string;
  /** The desk of the pack's warehouse, when it has one. */
  pickup: PickupPoint | null;
}

/** Pickup (spec §4 'Setting pickup stores isPickup'): offered only when every pack's warehouse has a desk. */
export interface PickupView {
  offered: boolean;
  /** The desks the order's packs would be collected from, one per warehouse. */
  points: PickupPoint[];
  /** The warehouses of the order that only ship ('中国仓'). */
  shipOnly: string[];
}

export interface PromotionView {
  id: number;
  key: string;
  name: string;
  methodLabel: string;
  applies: boolean;
  /** The amount taken off, for the price-reducing promotions that apply. */
  amountText: string | null;
  /** Why it does not apply, from the server (ADR 031): '不与 满1000减60 同享', '再买 ¥511.00 可享'; '' when it applies. */
  note: string;
  /** OnTheHouse: the gift product, from which the shopper picks a SKU. */
  gift: { goodsId: number; name: string; image: string; chosenSkuId: number | null } | null;
}

export interface TotalsView {
  goods: string;
  promotions: string;
  shipping: string;
  /** The tax added other than GST (the cross-border tax). */
  tax: string;
  /** The Australian GST: '含GST $10.00' when the prices include it, 'GST $10.00' when added; null when none. */
  gst: string | null;
  /** otherPrice + taxPrice (spec §5 'Other amount'). */
  allOther: string;
  total: string;
}

export interface CheckoutViewModel {
  currency: Currency;
  packs: PackView[];
  pickup: PickupView;
  promotions: PromotionView[];
  /** What applies and why another does not (ADR 031): '已享 满1000减60（-¥60.00）；满500减30 不与其同享'. */
  promotionHints: string[];
  totals: TotalsView;
  /** Gifts the shopper may pick and has not yet (spec §4 waitSelectFreeList, applying now). */
  giftsToChoose: number;
}

function itemView(item: WireSummaryItem, currency: Currency): ItemView {
  const display = checkoutItemDisplay(item);
  return {
    key: `${item.cartId}-${item.skuId}-${item.isGift ? 'gift' : 'item'}`,
    image: item.image,
    displayName: display.displayName,
    propertyText: display.propertyText,
    qty: item.qty,
    priceText: formatPrice(majorToMinor(item.price), currency),
    isGift: item.isGift,
  };
}

export function checkoutViewModel(info: CheckoutInfo, summary: CheckoutSummary): CheckoutViewModel {
  const currency = info.cr ?? summary.currency;
  const price = (minor: number) => formatPrice(minor, currency);
  const packs = info.packs.map((pack): PackView => {
    const wire = summary.packs.find((p) => p.index === pack.index);
    // info.couriers are the public ones only (spec §3 'Pack'); their details come from the wire pack.
    const couriers = pack.couriers.flatMap((courier): CourierView[] => {
      const detail = wire?.couriers.find((c) => c.id === courier.id);
      if (!detail) return [];
      return [
        {
          id: detail.id,
          name: detail.name,
          estimatedDays: detail.estimatedDays,
          feeText: detail.fee === null ? null : price(majorToMinor(detail.fee)),
          unavailableReason: detail.unavailableReason,
          available: detail.fee !== null && detail.unavailableReason === '',
        },
      ];
    });
    return {
      packId: pack.packId,
      index: pack.index,
      warehouseName: warehouseName(pack.location ?? wire?.location) || '其他仓库',
      weightText: formatWeight(wire?.weight ?? 0),
      items: (wire?.items ?? []).map((item) => itemView(item, currency)),
      couriers,
      courierId: pack.options.courierId ?? null,
      shippingFeeText: price(majorToMinor(wire?.shippingFee ?? 0)),
      pickup: wire?.pickup ?? null,
    };
  });
  const points = new Map(packs.flatMap((p) => (p.pickup ? [[p.pickup.warehouseId, p.pickup]] : [])));
  const pickup: PickupView = {
    offered: summary.canPickup,
    points: [...points.values()],
    shipOnly: [...new Set(packs.filter((p) => p.pickup === null).map((p) => p.warehouseName))],
  };

  const waiting = new Set(info.waitSelectFreeList.map((p) => p.id));
  let giftsToChoose = 0;
  const promotions = info.promotions.map((promotion): PromotionView => {
    const wire = summary.promotions.find((p) => p.id === promotion.id);
    const applies = wire?.applies ?? false;
    const isGift = promotion.promotionsMehtod === PromotionMethod.OnTheHouse;
    const gift = isGift && wire?.goodsSku ? { ...wire.goodsSku, chosenSkuId: wire.chosenSkuId } : null;
    if (gift && applies && waiting.has(promotion.id) && gift.chosenSkuId === null) giftsToChoose += 1;
    return {
      id: promotion.id,
      key: promotion.promotionsFreeItemKey,
      name: promotion.name,
      methodLabel: promotionMethodLabel(promotion.promotionsMehtod),
      applies,
      amountText: !isGift && applies && wire ? price(-majorToMinor(wire.amount)) : null,
      note: applies ? '' : (wire?.note ?? ''),
      gift,
    };
  });

  const gstMinor = majorToMinor(summary.gstPrice);
  return {
    currency,
    packs,
    pickup,
    promotions,
    promotionHints: summary.promotionHints,
    giftsToChoose,
    totals: {
      goods: price(majorToMinor(summary.goodsPrice)),
      promotions: price(-info.promotionsSum[currencyKey(currency)]),
      shipping: price(info.otherPrice),
      // taxPrice holds the GST when it is added (ADR 038): it gets its own line, the tax line the rest.
      tax: price(info.taxPrice - (summary.gstIncluded ? 0 : gstMinor)),
      gst: gstLine(gstMinor, summary.gstIncluded, currency),
      allOther: price(info.allOtherPrice),
      total: price(majorToMinor(summary.totalPrice)),
    },
  };
}
