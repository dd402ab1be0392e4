import {
  type CartLineRef,
  DEFAULT_MEMBER_LEVEL,
  type GoodsBrief,
  type ProductOffer,
  parseProperties,
  ResultCode,
  type SkuOffer,
} from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { StatementAnswer, StatementPart } from '../../db/statement';
import { AppError } from '../../lib/app-error';
import type { ReadCache } from '../../lib/read-cache';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './catalogue.prices.repository';
import { toSkuDtos } from './catalogue.wire';

/**
 * The prices a caller pays (spec §3 'User', §6): their price level, the SKUs of a cart and of checkout's gifts with
 * those prices, and the briefs of products.
 */

export interface CataloguePricesDeps {
  db: Database;
  /** Resolves the caller's member level (spec §3 'User'); the member module owns members. */
  members: { current(auth: AuthContext): Promise<{ level: number }> };
  /**
   * The SKUs of carts as pages show them, kept in memory per SKU and price level until the catalogue changes
   * (ADR 022, 053); none reads them from the database every time.
   */
  offers?: ReadCache<SkuOffer> | null | undefined;
}

/** A SKU as the cart needs it (catalogue service `skusForCart`); prices in minor units at the caller's level. */
/** Built field by field, not as a spread of the row (docs/scaling.md 'Where checkout's time goes'). */
function toSkuOffer(row: repo.CartSkuRow): SkuOffer {
  return {
    id: row.id,
    goodsId: row.goodsId,
    goodsName: row.goodsName,
    code: row.code,
    name: row.name,
    property: parseProperties(row.property).map,
    status: row.status,
    stock: row.stock,
    expectedDate: row.expectedDate,
    onFlag: row.onFlag,
    location: row.location,
    image: row.image,
    aud: row.aud,
    cny: row.cny,
    weight: row.weight,
    minQty: row.minQty,
    stepQty: row.stepQty,
    maxQty: row.maxQty,
    breaks: row.breaks,
    breaksMixed: row.breaksMixed,
  };
}

/** A cart line with its SKU as offered, or a SKU asked for besides the lines (then `line` is null). */
export interface CartLineOffer {
  line: CartLineRef | null;
  /** Null when the line's SKU is gone. */
  sku: SkuOffer | null;
}

/** The catalogue's part of checkout's statement, with the answer it gives (cartOffersPart). */
export interface CartOffersPart extends StatementPart {
  readonly offers: StatementAnswer<CartLineOffer>;
}

/**
 * A cart's lines with the SKUs they name and `extraSkuIds` (the gifts a buyer chose), as skusForCart gives them, as
 * a part of one statement that reads the lines through the cart's part `lines` (db/statement.ts): checkout reads
 * both in one round trip and from one snapshot. The lines keep their order, and a line whose SKU is gone is kept
 * without one.
 */
export function cartOffersPart(
  lines: { readonly selectedLines: string },
  extraSkuIds: readonly number[],
  level: number,
): CartOffersPart {
  return {
    steps: repo.cartOffersSteps(lines, extraSkuIds, level),
    offers: {
      step: repo.CART_OFFERS,
      orderBy: sql`line_position`,
      decode: (record) => {
        const row = repo.cartOfferRow(record);
        return { line: row.line, sku: row.sku ? toSkuOffer(row.sku) : null };
      },
    },
  };
}

/** The catalogue's prices, a part of the catalogue service (catalogue.service.ts). */
export function createCataloguePrices({ db, members, offers = null }: CataloguePricesDeps) {
  async function priceLevel(auth: AuthContext | null): Promise<number> {
    if (!auth) return DEFAULT_MEMBER_LEVEL;
    // Read with the token by the auth hook: no second query.
    if (auth.level !== undefined) return auth.level;
    try {
      return (await members.current(auth)).level;
    } catch (error) {
      if (error instanceof AppError && error.code === ResultCode.InvalidToken) return DEFAULT_MEMBER_LEVEL;
      throw error;
    }
  }

  /**
   * The SKUs of a cart as skusForCart gives them, for what a page shows (cart/list/, the summary, saved lists, a
   * paste's preview): from memory where the catalogue has not changed since they were read (ADR 053), the others
   * in one query. At most CHANGE_WINDOW_MS behind a change, as the catalogue's lists are; never for a check a write
   * relies on (those call skusForCart, which reads the database, or the statements of the order).
   */
  async function skusToShow(skuIds: readonly number[], level: number): Promise<SkuOffer[]> {
    if (!offers) return (await repo.listCartSkus(db, skuIds, level)).map(toSkuOffer);
    const key = (id: number) => `${level} ${id}`;
    const idOf = new Map(skuIds.map((id) => [key(id), id]));
    const found = await offers.getMany([...idOf.keys()], async (missing) => {
      const rows = await repo.listCartSkus(
        db,
        missing.map((k) => idOf.get(k) ?? 0),
        level,
      );
      // Shared by every request that reads it: frozen, so none can change it for the others.
      return new Map(rows.map((row) => [key(row.id), Object.freeze(toSkuOffer(row))]));
    });
    return [...found.values()];
  }

  return {
    /**
     * The member level whose prices the caller sees (spec §3 'User', §6): the member's level, or the
     * default 37 for a visitor or a member that no longer exists.
     */
    priceLevel,

    /**
     * The SKUs of a cart with what the cart shows and checks (spec §3 'Cart', §4 'SKU stock status'): status,
     * stock, shelf state, product name, warehouse, image, property map and the prices of `level` in minor
     * units (null when absent). Unknown ids are left out. One query whatever the number of lines.
     */
    async skusForCart(
      skuIds: readonly number[],
      level: number,
      executor: Database = db,
    ): Promise<SkuOffer[]> {
      return (await repo.listCartSkus(executor, skuIds, level)).map(toSkuOffer);
    },

    /**
     * The SKUs of a cart as skusForCart gives them, for what a page shows (skusToShow).
     */
    skusToShow,

    /**
     * The SKUs a pasted order names by code (upper case) or GS1 barcode, by what was asked, as skusToShow gives them
     * (ADR 050, 053): what a preview shows; the add that follows checks each SKU again. A code wins over a barcode
     * that happens to read the same; unknown ones are left out. One query for the ids.
     */
    async skusByCodes(codes: readonly string[], level: number): Promise<Map<string, SkuOffer>> {
      const found = await repo.skusByCodesOrBarcodes(db, codes);
      const offers = new Map(
        (await skusToShow([...new Set(found.map((f) => f.id))], level)).map((s) => [s.id, s]),
      );
      const byCode = new Map(found.map((f) => [f.code, f.id]));
      const byBarcode = new Map(
        found.flatMap((f) => (f.barcode === null ? [] : [[f.barcode, f.id] as const])),
      );
      const byAsked = new Map<string, SkuOffer>();
      for (const asked of codes) {
        const offer = offers.get(byCode.get(asked) ?? byBarcode.get(asked) ?? 0);
        if (offer) byAsked.set(asked, offer);
      }
      return byAsked;
    },

    /** Up to three SKU codes nearest each unknown code a buyer pasted, nearest first (repo.nearestSkuCodes). */
    nearestSkuCodes(codes: readonly string[]): Promise<Map<string, string[]>> {
      return repo.nearestSkuCodes(db, codes, 3);
    },

    /** The catalogue's part of checkout's statement of a cart's lines with their SKUs (cartOffersPart). */
    cartOffersPart,

    /**
     * Products with their SKUs priced at `level` (spec §3 'Gift product'; §7 promotionsList/ and the gift
     * detail), in goods id order; unknown ids are left out. Two queries.
     */
    async productsWithSkus(
      goodsIds: readonly number[],
      level: number,
      executor: Database = db,
    ): Promise<ProductOffer[]> {
      const briefs = await repo.listGoodsBriefs(executor, goodsIds);
      const skuRows = await repo.listSkusWithPrices(executor, [...new Set(goodsIds)], level);
      return briefs.map((brief) => ({
        ...brief,
        skus: toSkuDtos(skuRows.filter((row) => row.goodsId === brief.id)),
      }));
    },

    /** Name, main image, warehouse and shelf state of products (checkout promotions name their gift). */
    async goodsBriefs(goodsIds: readonly number[], executor: Database = db): Promise<GoodsBrief[]> {
      return repo.listGoodsBriefs(executor, goodsIds);
    },
  };
}
