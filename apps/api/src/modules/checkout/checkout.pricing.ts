import {
  applyPromotions,
  atBreakPrices,
  australianGst,
  availableUnits,
  billLine,
  buildPacks,
  type CheckoutPromotion,
  Currency,
  cartAudTipText,
  checkoutTotals,
  crossBorderTax,
  currencyKey,
  Destination,
  destinationOf,
  type GstSettings,
  InvalidShippingRuleError,
  isSkuPurchasable,
  maxCartQty,
  type PickupPoint,
  type PromotionLine,
  PromotionMethod,
  type PromotionStatus,
  promotionHints,
  promotionNote,
  qtyRefusalMessage,
  qtyRuleOf,
  type SkuOffer,
  StockUse,
  shippingFee,
  stockUse,
  validateCartQuantity,
  warehouseName,
} from '@shop/domain';
import type { CourierRuleRow, PromotionRow } from './checkout.repository';

/**
 * The price of a checkout (spec §3 'Checkout info', §4 'Promotion methods', §5), computed from data already
 * loaded so that the summary and order creation run exactly the same rule: the totals shown are the totals
 * charged. Amounts are integer minor units of the quote's currency.
 *
 * Unit prices follow the domain's currency rule (billLine, ADR 013): paying AUD, the SKU's AUD price at the
 * member's level (a SKU without one cannot be paid in AUD, spec §5: it is left out of the packs and makes the
 * quote not valid); paying CNY, the SKU's own CNY price when it has one (the operator's CNY price already
 * carries the bonded-warehouse costs), else its AUD price converted at the stored rate, rounded half up.
 */

export const CheckoutMessages = {
  noLines: '请先选择要结算的商品',
  offShelf: '商品已下架',
  noPrice: '暂无价格',
  /**
   * A ByStock line over its stock, with the most it can still buy (maxCartQty: whole cases within its rule); the
   * order refusal starts the same (inventory take).
   */
  shortStock: (label: string, most: number) =>
    `库存不足：${label}${most > 0 ? `（最多可购买 ${most} 件）` : ''}`,
  noCourier: (location: number, pickup: boolean) =>
    `${warehouseName(location) || '该仓库'}的包裹暂无可用快递，请${pickup ? '选择到仓自提或' : ''}联系客服`,
  /** Pickup asked for packs whose warehouses have no pickup point (spec §4 'Setting pickup stores isPickup'). */
  noPickup: (locations: readonly number[]) =>
    `${locations.map((l) => warehouseName(l) || '该仓库').join('、')}不提供到仓自提，请选择快递配送`,
} as const;

/** What the shopper asked for: currency, destination, courier per pack, gift per promotion. */
export interface QuoteRequest {
  currency: Currency;
  /** 'Pickup', a post code, or the default CN11010200 (spec §7). */
  locationCode: string;
  packs: readonly { index: number; courierId?: number | null | undefined; packId?: number | undefined }[];
  gifts: readonly { promotionId: number; skuId: number }[];
}

/** The data a quote is computed from, as loaded from the database. */
export interface QuoteData {
  /** The member's selected cart lines, newest first. */
  lines: readonly { id: number; skuId: number; qty: number }[];
  /** The SKUs of the lines and of the chosen gifts, priced at the member's level. */
  skus: ReadonlyMap<number, SkuOffer>;
  /** CNY per AUD ('4.7000'). */
  rate: string;
  /** Running promotions in the quote's currency, in stacking order. */
  promotions: readonly PromotionRow[];
  /** Gift products of the OnTheHouse promotions. */
  giftGoods: ReadonlyMap<number, { id: number; name: string; image: string }>;
  /** Fee rules in the quote's currency of the couriers offered. */
  rules: readonly CourierRuleRow[];
  /** The warehouses members may collect from, by warehouse id. */
  pickupPoints: ReadonlyMap<number, PickupPoint>;
  /** Whether the shop charges GST and whether its AUD prices include it (the seller module, ADR 038). */
  gst: GstSettings;
  /**
   * A quote's freight (minor units, issue #38): the shipping of the whole order as staff quoted it, on its first
   * pack and none on the others, in place of the couriers' rates; nothing for pickup. Undefined: the rates.
   */
  freight?: number | undefined;
}

export interface QuoteItem {
  /** The cart line; null for a gift. */
  cartId: number | null;
  skuId: number;
  goodsId: number;
  name: string;
  skuName: string;
  property: Record<string, string>;
  image: string;
  qty: number;
  /** Unit price in the quote's currency (0 for a gift). */
  unitPrice: number;
  /** The SKU's prices at the member's level. */
  audPrice: number | null;
  cnyPrice: number | null;
  weight: number;
  location: number;
  status: number;
  stock: number;
  isGift: boolean;
  promotionId: number | null;
}

export interface QuoteCourier {
  id: number;
  code: string;
  name: string;
  isPublic: boolean;
  estimatedDays: string;
  /** Null when the courier cannot take the pack. */
  fee: number | null;
  unavailableReason: string;
}

export interface QuotePack {
  packId: number | null;
  index: number;
  location: number;
  items: QuoteItem[];
  weight: number;
  couriers: QuoteCourier[];
  courierId: number | null;
  courierName: string;
  shippingFee: number;
  goods: number;
  /** The pickup point of the pack's warehouse, whether or not pickup is asked for; null when it has none. */
  pickup: PickupPoint | null;
}

export interface QuotePromotion {
  id: number;
  name: string;
  method: number;
  currency: Currency;
  threshold: number;
  reduce: number;
  discountPercent: number | null;
  giftGoods: { goodsId: number; name: string; image: string } | null;
  chosenSkuId: number | null;
  applies: boolean;
  amount: number;
  stackable: boolean;
  priority: number;
  /** Where it stands against the lines (ADR 031). */
  status: PromotionStatus;
  /** Why, for the buyer, without its own name: '不与 满1000减60 同享', '再买 ¥511.00 可享'. */
  note: string;
}

export interface Quote {
  currency: Currency;
  isPickup: boolean;
  /** There are packs and every one's warehouse has a pickup point. */
  canPickup: boolean;
  locationCode: string;
  items: QuoteItem[];
  packs: QuotePack[];
  promotions: QuotePromotion[];
  /** What applies and why another does not, for the buyer (ADR 031): '已享 满1000减60（-¥60.00）；满500减30 不与其同享'. */
  promotionHints: string[];
  goods: number;
  promotionsSum: number;
  /** Shipping of every pack. */
  otherPrice: number;
  /** Tax added on top of the goods (spec §3 taxPrice): the cross-border tax, plus GST when prices exclude it. */
  taxPrice: number;
  /** The Chinese cross-border tax alone. */
  crossBorderTax: number;
  /** The Australian GST the total contains (ADR 038); 0 when none. */
  gst: number;
  /** Whether the prices already include the GST (then it is not part of taxPrice). */
  gstIncluded: boolean;
  total: number;
  rate: string;
  /** Whether an AUD price was converted at the rate. */
  rateUsed: boolean;
  valid: boolean;
  notForSaleMsg: string;
  /** Among the reasons it is not valid: a line sold by stock over its stock. */
  shortOfStock: boolean;
  /** Paying AUD: the selected lines left out because they have no AUD price (ADR 013). */
  notPayableInAud: string[];
}

/** A promotion row as the domain rule reads it. */
export function toCheckoutPromotion(row: PromotionRow): CheckoutPromotion {
  return {
    id: row.id,
    promotionsMehtod: row.method,
    name: row.name,
    skuIds: row.skuIds,
    pairSkuIds: row.pairSkuIds,
    threshold: row.threshold,
    reduce: row.reduce,
    discountPercent: row.discountPercent,
    currency: row.currency as Currency,
    stackable: row.stackable,
    priority: row.priority,
  };
}

/** Whether a promotion's parameters can be applied (the domain rule throws for bad operator data). */
function isApplicable(promotion: CheckoutPromotion): boolean {
  try {
    applyPromotions([], [promotion]);
    return true;
  } catch {
    return false;
  }
}

/** The name a shopper knows a SKU by in a message. */
const skuLabel = (sku: SkuOffer) => sku.name || sku.goodsName;

/**
 * The unit price of a SKU in the quote currency by the currency rule (billLine, ADR 013), or null when it has
 * none in it: no price at all, or paying AUD for a SKU with a CNY price only.
 */
export function unitPriceIn(
  sku: Pick<SkuOffer, 'aud' | 'cny'>,
  currency: Currency,
  rate: string,
): { price: number; converted: boolean } | null {
  const bill = billLine({ audPrice: sku.aud, cnyPrice: sku.cny }, currency, rate);
  return bill.kind === 'billed' ? { price: bill.unit, converted: bill.converted } : null;
}

/** Field by field, not `{ ...extra, … }`: built that way each item took 12 µs (docs/scaling.md). */
function toItem(
  sku: SkuOffer,
  qty: number,
  unitPrice: number,
  extra: Pick<QuoteItem, 'cartId' | 'isGift' | 'promotionId'>,
): QuoteItem {
  return {
    cartId: extra.cartId,
    isGift: extra.isGift,
    promotionId: extra.promotionId,
    skuId: sku.id,
    goodsId: sku.goodsId,
    name: sku.goodsName,
    skuName: sku.name,
    property: sku.property,
    image: sku.image,
    qty,
    unitPrice,
    audPrice: sku.aud,
    cnyPrice: sku.cny,
    weight: sku.weight,
    location: sku.location,
    status: sku.status,
    stock: sku.stock,
  };
}

/** The fee of each offered courier for a pack, in courier order (spec §3 'Pack' couriers). */
function packCouriers(rules: readonly CourierRuleRow[], location: number, weight: number): QuoteCourier[] {
  return rules
    .filter((rule) => rule.location === location)
    .map((rule) => {
      let fee: number | null = null;
      let unavailableReason = '';
      try {
        const quote = shippingFee(rule, weight);
        if (quote.applicable) fee = quote.fee;
        else unavailableReason = quote.message;
      } catch (error) {
        if (!(error instanceof InvalidShippingRuleError)) throw error;
        unavailableReason = '运费规则有误，暂不可用';
      }
      return {
        id: rule.courierId,
        code: rule.code,
        name: rule.name,
        isPublic: rule.isPublic,
        estimatedDays: rule.estimatedDays,
        fee,
        unavailableReason,
      };
    });
}

/** The chosen courier if it can take the pack, else the cheapest that can (first in courier order on a tie). */
function chooseCourier(
  couriers: readonly QuoteCourier[],
  requested: number | null | undefined,
): QuoteCourier | null {
  const available = couriers.filter((c) => c.fee !== null);
  const chosen = requested == null ? undefined : available.find((c) => c.id === requested);
  if (chosen) return chosen;
  let cheapest: QuoteCourier | null = null;
  for (const c of available) if (cheapest === null || (c.fee ?? 0) < (cheapest.fee ?? 0)) cheapest = c;
  return cheapest;
}

/**
 * Prices the member's selected lines (spec §3 'Checkout info'; §4 'Promotion methods'; §5; DESIGN 'Money'):
 * items at the member's level in the quote currency; promotions by the domain rule (OnTheHouse adds the
 * chosen gift SKU at 0 when met and the choice is valid); one pack per warehouse with the couriers that serve
 * it and the chosen (default: cheapest) courier's fee, none for pickup, and its warehouse's pickup point;
 * cross-border tax; Australian GST (ADR 038), added to the tax when prices exclude it; the total. Not valid,
 * with the reasons in notForSaleMsg, when nothing is selected, a line cannot be bought, AUD is asked for lines
 * without an AUD price, a pack has no courier, or pickup is asked for a pack whose warehouse has no pickup point.
 */
export function priceQuote(request: QuoteRequest, data: QuoteData): Quote {
  const { currency } = request;
  const { rate } = data;
  const key = currencyKey(currency);
  const isPickup = destinationOf(request.locationCode) === Destination.Pickup;
  const problems: string[] = [];
  const cnyOnly: string[] = [];
  let rateUsed = false;
  let shortOfStock = false;

  // Each line at the volume price its quantity reaches, before any promotion sees it (ADR 050).
  const skus = atBreakPrices(data.lines, data.skus);
  const items: QuoteItem[] = [];
  let lineCount = 0;
  for (const line of data.lines) {
    const sku = skus.get(line.skuId);
    if (!sku) continue;
    lineCount += 1;
    // A quantity rule changed after the line was added is said before payment, naming the SKU (ADR 050).
    const ruleBroken = qtyRefusalMessage(sku.code, line.qty, qtyRuleOf(sku));
    if (!sku.onFlag) problems.push(`${skuLabel(sku)}：${CheckoutMessages.offShelf}`);
    else if (ruleBroken !== null) problems.push(`${skuLabel(sku)}：${ruleBroken}`);
    // A status that sells by its stock number (spec §4 ByStock) names the SKU and its limit; the domain's one rule.
    else if (stockUse(sku.status) === StockUse.Limit && line.qty > availableUnits(sku)) {
      problems.push(CheckoutMessages.shortStock(skuLabel(sku), maxCartQty(sku, qtyRuleOf(sku))));
      shortOfStock = true;
    } else {
      const check = validateCartQuantity(line.qty, sku);
      if (!check.ok) problems.push(`${skuLabel(sku)}：${check.message}`);
    }
    const price = unitPriceIn(sku, currency, rate);
    // A line that cannot be billed in the quote currency is named, never shown at 0 nor weighed into a pack.
    if (price === null) {
      if (currency === Currency.AUD && sku.cny !== null && sku.cny > 0) cnyOnly.push(skuLabel(sku));
      else problems.push(`${skuLabel(sku)}：${CheckoutMessages.noPrice}`);
      continue;
    }
    if (price.converted) rateUsed = true;
    items.push(toItem(sku, line.qty, price.price, { cartId: line.id, isGift: false, promotionId: null }));
  }
  if (lineCount === 0) problems.unshift(CheckoutMessages.noLines);
  if (cnyOnly.length > 0) problems.push(cartAudTipText(cnyOnly));

  // Promotions see the goods in the quote currency only.
  const promotionLines: PromotionLine[] = items.map((item) => ({
    skuId: item.skuId,
    qty: item.qty,
    audPrice: currency === Currency.AUD ? item.unitPrice : null,
    cnyPrice: currency === Currency.CNY ? item.unitPrice : null,
  }));
  const rows = data.promotions.filter(
    (row) => row.currency === currency && isApplicable(toCheckoutPromotion(row)),
  );
  const domainPromotions = rows.map(toCheckoutPromotion);
  const result = applyPromotions(promotionLines, domainPromotions);
  const amountOf = new Map(result.applied.map((a) => [a.promotionId, a.amount]));
  const decisionOf = new Map(result.decisions.map((d) => [d.promotionId, d]));
  const metGifts = new Set(result.gifts.map((g) => g.promotion.id));

  const chosenGift = new Map<number, number>();
  for (const row of rows) {
    if (row.method !== PromotionMethod.OnTheHouse || !metGifts.has(row.id) || row.giftGoodsId === null)
      continue;
    const choice = request.gifts.find((g) => g.promotionId === row.id);
    const sku = choice ? data.skus.get(choice.skuId) : undefined;
    if (!sku || sku.goodsId !== row.giftGoodsId || !sku.onFlag || !isSkuPurchasable(sku)) continue;
    chosenGift.set(row.id, sku.id);
    items.push(toItem(sku, 1, 0, { cartId: null, isGift: true, promotionId: row.id }));
  }

  const promotions: QuotePromotion[] = rows.map((row) => {
    const gift = row.giftGoodsId === null ? undefined : data.giftGoods.get(row.giftGoodsId);
    const decision = decisionOf.get(row.id);
    if (!decision) throw new Error(`promotion ${row.id} has no decision`);
    return {
      id: row.id,
      name: row.name,
      method: row.method,
      currency,
      threshold: row.threshold,
      reduce: row.reduce,
      discountPercent: row.discountPercent,
      giftGoods:
        row.method === PromotionMethod.OnTheHouse && gift
          ? { goodsId: gift.id, name: gift.name, image: gift.image }
          : null,
      chosenSkuId: chosenGift.get(row.id) ?? null,
      applies: amountOf.has(row.id) || metGifts.has(row.id),
      amount: amountOf.get(row.id) ?? 0,
      stackable: row.stackable,
      priority: row.priority,
      status: decision.status,
      note: promotionNote(decision, domainPromotions, { withName: false }),
    };
  });

  const packs: QuotePack[] = buildPacks(items).map((pack, position) => {
    const choice = request.packs.find((p) => p.index === pack.index);
    const couriers = isPickup ? [] : packCouriers(data.rules, pack.location, pack.weight);
    const chosen = isPickup ? null : chooseCourier(couriers, choice?.courierId);
    const pickup = data.pickupPoints.get(pack.location) ?? null;
    if (!isPickup && chosen === null)
      problems.push(CheckoutMessages.noCourier(pack.location, pickup !== null));
    return {
      packId: choice?.packId ?? null,
      index: pack.index,
      location: pack.location,
      items: pack.items,
      weight: pack.weight,
      couriers,
      courierId: chosen?.id ?? null,
      courierName: chosen?.name ?? '',
      shippingFee:
        data.freight === undefined ? (chosen?.fee ?? 0) : isPickup || position > 0 ? 0 : data.freight,
      goods: pack.items.reduce((sum, item) => sum + item.unitPrice * item.qty, 0),
      pickup,
    };
  });
  const noPickup = packs.filter((pack) => pack.pickup === null).map((pack) => pack.location);
  const canPickup = packs.length > 0 && noPickup.length === 0;
  if (isPickup && noPickup.length > 0) problems.push(CheckoutMessages.noPickup([...new Set(noPickup)]));

  const promotionsSum = result.promotionsSum[key];
  const otherPrice = packs.reduce((sum, pack) => sum + pack.shippingFee, 0);
  const cnTax = crossBorderTax({
    locationCode: request.locationCode,
    packs: packs.map((pack) => ({ location: pack.location, goods: pack.goods })),
    promotions: promotionsSum,
  });
  const gst = australianGst({
    settings: data.gst,
    currency,
    locationCode: request.locationCode,
    packs: packs.map((pack) => ({ location: pack.location, goods: pack.goods, shipping: pack.shippingFee })),
    promotions: promotionsSum,
  });
  const taxPrice = cnTax + gst.added;
  const inKey = (amount: number) => (key === 'aud' ? { aud: amount } : { cny: amount });
  const totals = checkoutTotals({
    items: promotionLines,
    otherPrice: inKey(otherPrice),
    taxPrice: inKey(taxPrice),
    promotionsSum: inKey(promotionsSum),
  })[key];

  return {
    currency,
    isPickup,
    canPickup,
    locationCode: request.locationCode,
    items,
    packs,
    promotions,
    promotionHints: promotionHints(result, domainPromotions),
    goods: totals.goods,
    promotionsSum: totals.promotions,
    otherPrice,
    taxPrice,
    crossBorderTax: cnTax,
    gst: gst.gst,
    gstIncluded: gst.included,
    total: totals.total,
    rate,
    rateUsed,
    valid: problems.length === 0,
    notForSaleMsg: problems.join('；'),
    shortOfStock,
    notPayableInAud: cnyOnly,
  };
}
