import {
  type CartLineRef,
  type CheckoutSummary,
  type checkoutSummaryRequestSchema,
  DEFAULT_MEMBER_LEVEL,
  type GiftProduct,
  type GoodsBrief,
  type GstSettings,
  isSkuPurchasable,
  type PickupPoint,
  type ProductOffer,
  PromotionMethod,
  type RateSetting,
  type RunningPromotion,
  type SkuOffer,
  toMajor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { runStatement, type StatementAnswer, type StatementPart } from '../../db/statement';
import { notFoundError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReadCache } from '../../lib/read-cache';
import type { AuthContext } from '../../plugins/auth';
import { priceQuote, type Quote, type QuoteItem, type QuoteRequest } from './checkout.pricing';
import * as repo from './checkout.repository';

export const GiftMessages = {
  goodsNotFound: '商品不存在',
  ok: '可选择该赠品',
  promotionGone: '促销活动不存在或已结束',
  notGift: '该商品不是此活动的赠品',
  offShelf: '赠品已下架',
  soldOut: '赠品暂时缺货，请选择其他款式',
} as const;

export type SummaryRequest = z.output<typeof checkoutSummaryRequestSchema>;

export interface CheckoutServiceDeps {
  db: Database;
  clock: Clock;
  /** The member's selected cart lines as a part of a statement (the cart module, wired in services.ts). */
  cart: {
    selectedLinesPart(memberId: number): StatementPart & { readonly selectedLines: string };
    /** The member's selected lines in the cart's order (the summary's read, ADR 053). */
    selectedLines(memberId: number): Promise<CartLineRef[]>;
  };
  /** SKUs, goods and products as offered at a price level, and the caller's level (the catalogue module). */
  catalogue: {
    skusForCart(skuIds: readonly number[], level: number, executor?: Database): Promise<SkuOffer[]>;
    /** The same SKUs for a page to show, from memory when unchanged (ADR 053). */
    skusToShow(skuIds: readonly number[], level: number): Promise<SkuOffer[]>;
    /** The lines of the cart's part with the SKUs they name and `extraSkuIds`, as a part of the same statement. */
    cartOffersPart(
      lines: { readonly selectedLines: string },
      extraSkuIds: readonly number[],
      level: number,
    ): StatementPart & {
      readonly offers: StatementAnswer<{ line: CartLineRef | null; sku: SkuOffer | null }>;
    };
    goodsBriefs(goodsIds: readonly number[], executor?: Database): Promise<GoodsBrief[]>;
    productsWithSkus(
      goodsIds: readonly number[],
      level: number,
      executor?: Database,
    ): Promise<ProductOffer[]>;
    priceLevel(auth: AuthContext | null): Promise<number>;
  };
  /** The stored AUD→CNY rate (the rate module). */
  rates: { audCny(executor?: Database): Promise<RateSetting> };
  /** The warehouses members may collect from (the warehouse module). */
  warehouses: { pickupPoints(executor?: Database): Promise<PickupPoint[]> };
  /** Whether the shop charges GST and whether its AUD prices include it (the seller module, ADR 038). */
  seller: { gstSettings(executor?: Database): Promise<GstSettings> };
  /**
   * The API process's memory of the settings every quote reads (promotions, courier rules, the rate, pickup
   * points, GST), dropped at each committed change of them (ADR 022); absent in the command line and where turned off.
   */
  settings?: ReadCache<unknown> | null | undefined;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

const major = (minor: number | null) => (minor === null ? null : toMajor(minor));

function itemDto(item: QuoteItem): CheckoutSummary['items'][number] {
  return {
    cartId: item.cartId ?? 0,
    skuId: item.skuId,
    goodsId: item.goodsId,
    name: item.name,
    skuName: item.skuName,
    property: item.property,
    image: item.image,
    qty: item.qty,
    price: toMajor(item.unitPrice),
    audPrice: major(item.audPrice),
    cnyPrice: major(item.cnyPrice),
    weight: item.weight,
    location: item.location,
    status: item.status,
    stock: item.stock,
    isGift: item.isGift,
    promotionId: item.promotionId,
  };
}

/** A quote for the wire (checkoutSummarySchema): amounts in major units of the quote's currency. */
export function toSummaryDto(quote: Quote): CheckoutSummary {
  // A pack's items are the quote's own: each is written once and shared by both lists.
  const items = quote.items.map(itemDto);
  const written = new Map(quote.items.map((item, i) => [item, items[i]]));
  return {
    currency: quote.currency,
    isPickup: quote.isPickup,
    canPickup: quote.canPickup,
    locationCode: quote.locationCode,
    items,
    packs: quote.packs.map((pack) => ({
      packId: pack.packId,
      index: pack.index,
      location: pack.location,
      items: pack.items.map((item) => written.get(item) ?? itemDto(item)),
      weight: pack.weight,
      couriers: pack.couriers.map((c) => ({ ...c, fee: major(c.fee) })),
      options: { courierId: pack.courierId },
      shippingFee: toMajor(pack.shippingFee),
      goodsPrice: toMajor(pack.goods),
      pickup: pack.pickup,
    })),
    promotions: quote.promotions.map((p) => ({
      id: p.id,
      name: p.name,
      promotionsMehtod: p.method,
      currency: p.currency,
      threshold: toMajor(p.threshold),
      reduce: toMajor(p.reduce),
      discountPercent: p.discountPercent,
      goodsSku: p.giftGoods,
      chosenSkuId: p.chosenSkuId,
      applies: p.applies,
      amount: toMajor(p.amount),
      stackable: p.stackable,
      priority: p.priority,
      status: p.status,
      note: p.note,
    })),
    promotionHints: quote.promotionHints,
    goodsPrice: toMajor(quote.goods),
    promotionsSum: toMajor(quote.promotionsSum),
    otherPrice: toMajor(quote.otherPrice),
    taxPrice: toMajor(quote.taxPrice),
    allOtherPrice: toMajor(quote.otherPrice + quote.taxPrice),
    gstPrice: toMajor(quote.gst),
    gstIncluded: quote.gstIncluded,
    totalPrice: toMajor(quote.total),
    rate: quote.rate,
    valid: quote.valid,
    notForSaleMsg: quote.notForSaleMsg,
    notPayableInAud: quote.notPayableInAud,
  };
}

/** A product with SKUs as a gift product (spec §3 'Gift product'): its weight is its first SKU's. */
function toGiftProduct(product: ProductOffer): GiftProduct {
  return {
    id: product.id,
    name: product.name,
    image: product.image,
    weight: product.skus[0]?.weight ?? 0,
    skus: product.skus,
  };
}

/** Checkout: the priced summary of the selected cart lines and the promotion calls (spec §3 'Checkout info', §7). */
export function createCheckoutService({
  db,
  clock,
  cart,
  catalogue,
  rates,
  warehouses,
  seller,
  settings = null,
}: CheckoutServiceDeps) {
  /** A setting from memory, else read from the database. */
  const remembered = <T>(key: string, read: () => Promise<T>): Promise<T> =>
    settings ? (settings.get(key, read) as Promise<T>) : read();

  /**
   * The member's selected lines with the SKUs they name and `extraSkuIds` (the gifts a buyer chose), in one
   * statement composed of the cart's part and the catalogue's (db/statement.ts): one round trip, one snapshot.
   * The lines keep the cart's order; a line whose SKU is gone is kept without one. `fromMemory` (the summary, ADR
   * 053): the lines from the database and the SKUs as pages show them, from memory when unchanged, so a summary
   * of many lines costs one small query; an order never reads so.
   */
  async function cartOffers(
    memberId: number,
    extraSkuIds: readonly number[],
    level: number,
    fromMemory = false,
  ): Promise<{ lines: CartLineRef[]; skus: SkuOffer[] }> {
    if (fromMemory) {
      const lines = await cart.selectedLines(memberId);
      const skus = await catalogue.skusToShow([...lines.map((l) => l.skuId), ...extraSkuIds], level);
      return { lines, skus };
    }
    const lines = cart.selectedLinesPart(memberId);
    const offers = catalogue.cartOffersPart(lines, extraSkuIds, level);
    const rows = await runStatement(db, 'cart_lines_with_skus', [lines, offers], offers.offers);
    const skus = new Map<number, SkuOffer>();
    for (const row of rows) if (row.sku) skus.set(row.sku.id, row.sku);
    return { lines: rows.flatMap((row) => (row.line ? [row.line] : [])), skus: [...skus.values()] };
  }

  /**
   * The price of the member's selected lines now, loaded from the database and computed by priceQuote, the one
   * rule of the summary and the order (spec §4 'Checkout summary loading', §7 createdOrder/). At most six
   * queries whatever the cart size, all but the gift products' at once; one (the cart lines with their SKUs and
   * the chosen gifts', read together) when the settings and the promotions' gift products are remembered.
   * `fromMemory` reads the SKUs as cartOffers says (the summary only).
   */
  async function quote(
    memberId: number,
    level: number,
    request: QuoteRequest,
    fromMemory = false,
  ): Promise<Quote> {
    const now = clock();
    const [{ lines, skus }, promotionRows, rules, rate, pickupPoints, gst] = await Promise.all([
      cartOffers(
        memberId,
        request.gifts.map((g) => g.skuId),
        level,
        fromMemory,
      ),
      remembered(`promotions ${request.currency}`, () => repo.listActivePromotions(db, request.currency)),
      remembered(`rules ${request.currency}`, () => repo.listOfferedRules(db, request.currency)),
      // From the rate service's own memory (ADR 053) when there is one.
      rates.audCny(),
      remembered('pickup points', () => warehouses.pickupPoints(db)),
      remembered('gst', () => seller.gstSettings(db)),
    ]);
    const promotions = promotionRows.filter((row) => repo.isRunning(row, now));
    const giftGoodsIds = promotions
      .filter((p) => p.method === PromotionMethod.OnTheHouse && p.giftGoodsId !== null)
      .map((p) => p.giftGoodsId as number);
    const giftIds = [...new Set(giftGoodsIds)].sort((a, b) => a - b);
    const giftGoods =
      giftIds.length === 0
        ? []
        : await remembered(`gift goods ${giftIds.join(',')}`, () => catalogue.goodsBriefs(giftIds));
    return priceQuote(request, {
      lines,
      skus: new Map(skus.map((s) => [s.id, s])),
      rate: rate.rate,
      promotions,
      giftGoods: new Map(giftGoods.map((g) => [g.id, g])),
      rules,
      pickupPoints: new Map(pickupPoints.map((p) => [p.warehouseId, p])),
      gst,
    });
  }

  /**
   * The price of the given lines (a quote's, issue #38) as an order of them would be priced: the SKUs at the level
   * as priceQuote takes them, or with `quoted` each line's unit price as staff quoted it (no volume breaks, no
   * promotions: the quoted price is the price) and the quoted freight in place of the couriers' rates. Taxes are
   * worked out on those prices as for any order. The SKUs are read in `executor` (the accept's transaction).
   */
  async function priceLines(input: {
    level: number;
    request: QuoteRequest;
    lines: readonly { id: number; skuId: number; qty: number }[];
    quoted?: { prices: ReadonlyMap<number, number>; freight: number } | undefined;
    executor?: Database | undefined;
  }): Promise<Quote> {
    const { request, quoted } = input;
    const [offers, promotionRows, rules, rate, pickupPoints, gst] = await Promise.all([
      catalogue.skusForCart(
        input.lines.map((l) => l.skuId),
        input.level,
        input.executor,
      ),
      quoted
        ? Promise.resolve([])
        : remembered(`promotions ${request.currency}`, () => repo.listActivePromotions(db, request.currency)),
      remembered(`rules ${request.currency}`, () => repo.listOfferedRules(db, request.currency)),
      rates.audCny(),
      remembered('pickup points', () => warehouses.pickupPoints(db)),
      remembered('gst', () => seller.gstSettings(db)),
    ]);
    const skus = new Map(
      offers.map((sku) => {
        const price = quoted?.prices.get(sku.id);
        if (price === undefined) return [sku.id, sku];
        const priced: SkuOffer = {
          ...sku,
          aud: request.currency === 'AUD' ? price : null,
          cny: request.currency === 'CNY' ? price : null,
          breaks: [],
        };
        return [sku.id, priced];
      }),
    );
    const now = clock();
    return priceQuote(request, {
      lines: input.lines,
      skus,
      rate: rate.rate,
      promotions: quoted ? [] : promotionRows.filter((row) => repo.isRunning(row, now)),
      giftGoods: new Map(),
      rules,
      pickupPoints: new Map(pickupPoints.map((p) => [p.warehouseId, p])),
      gst,
      freight: quoted?.freight,
    });
  }

  return {
    quote,
    cartOffers,
    priceLines,

    /** Whether the shop charges GST and how (ADR 038), for the cart; from the settings' memory, as quotes read it. */
    gstSettings(): Promise<GstSettings> {
      return remembered('gst', () => seller.gstSettings(db));
    },

    /**
     * The promotions running now in a currency, for the cart's notes (ADR 031: the cart says with the same
     * domain rule what checkout will take); from the settings' memory, as the quote reads them.
     */
    async runningPromotions(currency: 'AUD' | 'CNY'): Promise<{ list: RunningPromotion[] }> {
      const now = clock();
      const rows = await remembered(`promotions ${currency}`, () => repo.listActivePromotions(db, currency));
      return {
        list: rows
          .filter((row) => repo.isRunning(row, now))
          .map((row) => ({
            id: row.id,
            name: row.name,
            promotionsMehtod: row.method,
            currency,
            threshold: toMajor(row.threshold),
            reduce: toMajor(row.reduce),
            discountPercent: row.discountPercent,
            skuIds: row.skuIds,
            pairSkuIds: row.pairSkuIds,
            stackable: row.stackable,
            priority: row.priority,
          })),
      };
    },

    /**
     * The checkout summary of the caller's selected lines (spec §7 cart/summary/, §4 'Checkout summary
     * loading'): a summary that is not valid still carries the info, with valid false and notForSaleMsg.
     */
    async summary(auth: AuthContext, request: SummaryRequest): Promise<CheckoutSummary> {
      const level = await catalogue.priceLevel(auth);
      // From memory (ADR 053): what the buyer is shown; the order prices from the database again.
      return toSummaryDto(await quote(auth.memberId, level, request, true));
    },

    /**
     * The gift products of the running OnTheHouse promotions, optionally of one promotion or one product, with
     * their SKUs at the caller's level (spec §7 salespromotions/promotionsList/: data.list holds products with skus).
     */
    async promotionsList(
      filter: { id?: number | undefined; goodsId?: number | undefined },
      auth: AuthContext | null,
    ): Promise<{ list: GiftProduct[] }> {
      const rows = await repo.listRunningGiftPromotions(db, clock(), {
        id: filter.id,
        giftGoodsId: filter.goodsId,
      });
      const goodsIds = [...new Set(rows.map((r) => r.giftGoodsId).filter((id): id is number => id !== null))];
      if (goodsIds.length === 0) return { list: [] };
      const level = await catalogue.priceLevel(auth);
      const products = await catalogue.productsWithSkus(goodsIds, level);
      return { list: products.map(toGiftProduct) };
    },

    /** A gift product's detail with its SKUs and weight by goods id (spec §4: selecting a gift loads its detail); 404 when unknown. */
    async giftDetail(goodsId: number, auth: AuthContext | null): Promise<GiftProduct> {
      const level = await catalogue.priceLevel(auth);
      const [product] = await catalogue.productsWithSkus([goodsId], level);
      if (!product) throw notFoundError(GiftMessages.goodsNotFound);
      return toGiftProduct(product);
    },

    /**
     * Whether a SKU may be the gift of a promotion (the spec's unnamed call answering a success flag): the
     * promotion is a running OnTheHouse one, the SKU is of its gift product, and the SKU can be had now.
     */
    async giftCheck(input: {
      promotionId: number;
      skuId: number;
    }): Promise<{ success: boolean; message: string }> {
      const [promotion] = await repo.listRunningGiftPromotions(db, clock(), { id: input.promotionId });
      if (!promotion || promotion.giftGoodsId === null)
        return { success: false, message: GiftMessages.promotionGone };
      const [sku] = await catalogue.skusForCart([input.skuId], DEFAULT_MEMBER_LEVEL);
      if (!sku || sku.goodsId !== promotion.giftGoodsId)
        return { success: false, message: GiftMessages.notGift };
      if (!sku.onFlag) return { success: false, message: GiftMessages.offShelf };
      if (!isSkuPurchasable(sku)) return { success: false, message: GiftMessages.soldOut };
      return { success: true, message: GiftMessages.ok };
    },
  };
}
