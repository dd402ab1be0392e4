import {
  allowedQtyWithin,
  atBreak,
  atBreakPrices,
  billLine,
  breakCounter,
  type CartListResponse,
  type CartParseLinesResponse,
  CartQuantityProblem,
  Currency,
  cartAudTipText,
  cartDisplayTotals,
  DEFAULT_MEMBER_LEVEL,
  formatAmount,
  largestQty,
  MAX_CART_LINES,
  maxCartQty,
  nextPriceBreak,
  type PastePreviewItem,
  type PastePreviewLine,
  previewPastedLine,
  priceBreaksOf,
  qtyRefusalMessage,
  qtyRuleOf,
  type RateSetting,
  ResultCode,
  readPastedLines,
  type ServerCartLine,
  type SkuOffer,
  SkuStatus,
  toMajor,
  validateCartQuantity,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import { NO_COUNTERS, type ShopCounters } from '../../lib/metrics';
import { clientAddressKey, type RateLimiter } from '../../lib/rate-limiter';
import type { AuthContext } from '../../plugins/auth';
import { type SelectedLinesPart, selectedLinesPart } from './cart.parts';
import * as repo from './cart.repository';

/** Most units of one SKU a line may hold (the contract's cartQtySchema and the table's check). */
export const MAX_LINE_QTY = 9999;

export const CartMessages = {
  added: '已加入购物车',
  updated: '购物车已更新',
  removed: '已从购物车删除',
  lineNotFound: '购物车商品不存在',
  skuNotFound: '商品不存在',
  offShelf: '商品已下架',
  tooManyLines: `购物车最多可放${MAX_CART_LINES}种商品，请先删除部分商品`,
  tooManyPastes: '预览过于频繁，请稍后再试',
  lineQtyMax: `单个商品最多购买${MAX_LINE_QTY}件`,
  emptyPatch: '请提供数量或选中状态',
} as const;

export interface CartServiceDeps {
  db: Database;
  /** SKU status, stock, shelf state and prices; the catalogue module owns SKUs. */
  /** The catalogue's SKUs at a price level, and the caller's level (the catalogue module, wired in services.ts). */
  catalogue: {
    skusForCart(skuIds: readonly number[], level: number, executor?: Database): Promise<SkuOffer[]>;
    /** The same SKUs for a page to show, from memory when unchanged (ADR 053). */
    skusToShow(skuIds: readonly number[], level: number): Promise<SkuOffer[]>;
    priceLevel(auth: AuthContext | null): Promise<number>;
    /** The SKUs a pasted order names by code (upper case) or barcode, by what was asked, and the codes nearest unknown ones (ADR 050). */
    skusByCodes(codes: readonly string[], level: number): Promise<Map<string, SkuOffer>>;
    nearestSkuCodes(codes: readonly string[]): Promise<Map<string, string[]>>;
  };
  /** The stored AUD→CNY rate (the rate module) for the 'all CNY' total. */
  rates: { audCny(executor?: Database): Promise<RateSetting> };
  /** Cart changes refused for lack of stock are counted for the metrics (GET /metrics). */
  counters?: Pick<ShopCounters, 'stockRefused'>;
  /** Counts paste previews per member or address (PASTE_PREVIEW_LIMIT); none counts nothing (tests of the cart). */
  rateLimiter?: Pick<RateLimiter, 'hit'>;
}

/**
 * How many paste previews one member or one visitor's address may ask for in a window: a preview reads up to
 * 1,000 lines, open to visitors, so it is counted like the other heavy calls; a buyer fixing lines one by one
 * stays far below it.
 */
export const PASTE_PREVIEW_LIMIT = { windowMs: 10 * 60_000, visitor: 120, member: 600 } as const;

export type CartService = ReturnType<typeof createCartService>;

export interface CartChange {
  ids: number[];
}

/** A repurchase: the lines written, and the goods that cannot be bought now with the reason. */
export interface RepurchaseResult extends CartChange {
  unavailable: { skuId: number; name: string; reason: string }[];
}

type CartItem = { skuId: number; qty: number };
type LinePatch = { id: number; qty?: number | undefined; selected?: boolean | undefined };

const lineNotFound = () => notFoundError(CartMessages.lineNotFound);

/** The name a shopper knows a SKU by in a message: its own name, else its product's. */
const skuLabel = (sku: SkuOffer) => sku.name || sku.goodsName;

/**
 * Why `qty` units of a SKU may not be in the cart, or null when they may (spec §4 'SKU stock status', 'Stock
 * display by status'): the product must be on the shelf, the quantity within the SKU's quantity rule (minimum,
 * case pack, maximum: ADR 050, named by the SKU's code) and within its stock rule.
 */
function quantityProblem(sku: SkuOffer, qty: number): QuantityProblem | null {
  if (!sku.onFlag) return { message: CartMessages.offShelf, ofStock: false };
  if (qty > MAX_LINE_QTY) return { message: CartMessages.lineQtyMax, ofStock: false };
  const broken = qtyRefusalMessage(sku.code, qty, qtyRuleOf(sku));
  if (broken !== null) return { message: broken, ofStock: false };
  // With the rule, a SKU sold by stock offers its stock in whole cases: 31 in stock, 6 a case, at most 30.
  const check = validateCartQuantity(qty, sku, qtyRuleOf(sku));
  if (check.ok) return null;
  const ofStock =
    check.problem === CartQuantityProblem.OutStock || check.problem === CartQuantityProblem.OverStock;
  return { message: check.message, ofStock };
}

/** Why a quantity may not be in the cart, and whether the reason is the stock (counted by the metrics). */
interface QuantityProblem {
  message: string;
  ofStock: boolean;
}

const LINE_QTY_MAX: QuantityProblem = { message: CartMessages.lineQtyMax, ofStock: false };

/**
 * The most units a line of the SKU may reach, by the domain's one rule (maxCartQty): its stock when sold by stock,
 * the line maximum when its status sets no limit, 0 when it cannot be bought (refused before it gets here); and
 * never beyond the SKU's own maximum per order (ADR 050).
 */
function maxLineQty(sku: SkuOffer): number {
  return Math.min(maxCartQty(sku, qtyRuleOf(sku)), MAX_LINE_QTY, largestQty(qtyRuleOf(sku)) ?? MAX_LINE_QTY);
}

/** The currency a SKU's line is billed in when paying `payCurrency` (ADR 013); CNY when it has no price. */
function billedCurrency(sku: SkuOffer, payCurrency: Currency, rate: string): Currency {
  const bill = billLine({ audPrice: sku.aud, cnyPrice: sku.cny }, payCurrency, rate);
  return bill.kind === 'unpriced' ? Currency.CNY : bill.currency;
}

/**
 * A cart line for the wire: priced now at the member's level at the volume price its counted quantity reaches
 * (`counted`: the line's, or its product's for mixed breaks), amounts in major units (spec §3 'Cart'; ADR 050).
 */
function toLineDto(
  line: repo.CartLineRow,
  sku: SkuOffer,
  currency: Currency,
  counted: number,
): ServerCartLine {
  const priceBreaks = priceBreaksOf(sku.breaks);
  const next = nextPriceBreak(priceBreaks, counted);
  return {
    id: line.id,
    skuId: line.skuId,
    goodsId: sku.goodsId,
    name: sku.goodsName,
    skuName: sku.name,
    qty: line.qty,
    audPrice: sku.aud === null ? null : toMajor(sku.aud),
    cnyPrice: sku.cny === null ? null : toMajor(sku.cny),
    selected: line.selected,
    location: sku.location,
    property: sku.property,
    image: sku.image,
    status: sku.status,
    stock: sku.stock,
    expectedDate: sku.status === SkuStatus.ByBook ? sku.expectedDate : null,
    onFlag: sku.onFlag,
    currency,
    minQty: sku.minQty,
    stepQty: sku.stepQty,
    maxQty: sku.maxQty,
    priceBreaks,
    nextBreak: next
      ? {
          minQty: next.next.minQty,
          missing: next.missing,
          audPrice: next.next.audPrice,
          cnyPrice: next.next.cnyPrice,
        }
      : null,
  };
}

/** Unknown codes of one paste shown their nearest codes: the first ones, so a paste of junk costs little. */
const SUGGESTED_UNKNOWN_CODES = 20;

/**
 * A preview line for the wire: its SKU's picture, stock and rule, its unit prices at the line's quantity (`priced`,
 * the SKU at the volume price the line reaches), and the SKU's single prices and breaks as offered (`sku`).
 */
function toPreviewItem(
  line: PastePreviewLine,
  sku: SkuOffer | undefined,
  priced: SkuOffer | undefined,
): PastePreviewItem {
  return {
    ...line,
    goodsId: sku?.goodsId ?? null,
    goodsName: sku?.goodsName ?? '',
    location: sku?.location ?? null,
    property: sku?.property ?? {},
    image: sku?.image ?? '',
    skuStatus: sku?.status ?? null,
    stock: sku?.stock ?? null,
    minQty: sku?.minQty ?? 1,
    stepQty: sku?.stepQty ?? 1,
    maxQty: sku?.maxQty ?? null,
    audPrice: priced?.aud == null ? null : toMajor(priced.aud),
    cnyPrice: priced?.cny == null ? null : toMajor(priced.cny),
    singleAudPrice: sku?.aud == null ? null : toMajor(sku.aud),
    singleCnyPrice: sku?.cny == null ? null : toMajor(sku.cny),
    priceBreaks: sku ? priceBreaksOf(sku.breaks) : [],
    breaksMixed: sku?.breaksMixed ?? false,
  };
}

/** Quantities of the same SKU added together, first appearance first (a guest cart may repeat a SKU). */
function mergeItems(items: readonly CartItem[]): CartItem[] {
  const merged = new Map<number, number>();
  for (const item of items) merged.set(item.skuId, (merged.get(item.skuId) ?? 0) + item.qty);
  return [...merged].map(([skuId, qty]) => ({ skuId, qty }));
}

/** Patches of the same line combined, later fields winning. */
function mergePatches(patches: readonly LinePatch[]): LinePatch[] {
  const merged = new Map<number, LinePatch>();
  for (const p of patches) {
    const before = merged.get(p.id) ?? { id: p.id };
    merged.set(p.id, {
      id: p.id,
      qty: p.qty ?? before.qty,
      selected: p.selected ?? before.selected,
    });
  }
  return [...merged.values()];
}

/** The member's server cart (spec §3 'Cart', §4 'Cart sync on login', §5 totals, §7 'Cart and checkout'). */
export function createCartService({
  db,
  catalogue,
  rates,
  counters = NO_COUNTERS,
  rateLimiter,
}: CartServiceDeps) {
  /** The refusal of a cart change for `problem`, shown as `message`; one for lack of stock is counted. */
  function refusal(problem: QuantityProblem, message: string, data: unknown): AppError {
    if (problem.ofStock) counters.stockRefused('cart');
    return paramsError(message, data);
  }

  /** The SKUs by id; prices are not needed to check quantities, so the default level's are read. */
  async function skusById(skuIds: readonly number[]): Promise<Map<number, SkuOffer>> {
    const skus = await catalogue.skusForCart(skuIds, DEFAULT_MEMBER_LEVEL);
    return new Map(skus.map((s) => [s.id, s]));
  }

  /** Checks quantity changes of the member's own lines; every id must be the member's (404 otherwise). */
  async function checkPatches(memberId: number, patches: readonly LinePatch[]): Promise<void> {
    for (const p of patches) {
      if (p.qty === undefined && p.selected === undefined) throw paramsError(CartMessages.emptyPatch);
    }
    const lines = await repo.findLines(
      db,
      memberId,
      patches.map((p) => p.id),
    );
    if (lines.length !== patches.length) throw lineNotFound();
    const skuOfLine = new Map(lines.map((l) => [l.id, l.skuId]));
    const withQty = patches.filter((p) => p.qty !== undefined);
    if (withQty.length === 0) return;
    const skus = await skusById(withQty.map((p) => skuOfLine.get(p.id) ?? 0));
    for (const p of withQty) {
      const sku = skus.get(skuOfLine.get(p.id) ?? 0);
      if (!sku) throw lineNotFound();
      const problem = quantityProblem(sku, p.qty ?? 0);
      if (problem)
        throw refusal(
          problem,
          patches.length > 1 ? `${skuLabel(sku)}：${problem.message}` : problem.message,
          {
            id: p.id,
          },
        );
    }
  }

  return {
    /**
     * The member's cart priced at their level now, newest line first, with the totals of the selected lines
     * (spec §3 'Cart', §5; ADR 013, 030): audPrice and cnyPrice as spec §5 writes them (AUD-priced lines in
     * AUD, the others in CNY), the same in both currencies; allCnyPrice the lines billed in CNY one by one,
     * what a CNY checkout charges. `payCurrency` decides each line's currency and the AUD warning (only when
     * paying AUD, also when no currency is given).
     * Three queries whatever the number of lines, one when the SKUs and the rate are in memory (ADR 053).
     */
    async list(auth: AuthContext, payCurrency: Currency = Currency.AUD): Promise<CartListResponse> {
      const [level, lines, rate] = await Promise.all([
        catalogue.priceLevel(auth),
        repo.listLines(db, auth.memberId),
        rates.audCny(),
      ]);
      const offered = new Map(
        (
          await catalogue.skusToShow(
            lines.map((l) => l.skuId),
            level,
          )
        ).map((s) => [s.id, s]),
      );
      // Each line at the volume price it reaches: the one pricing rule of the summary and the order (ADR 050).
      const skus = atBreakPrices(lines, offered);
      const counted = breakCounter(lines, offered);
      const data: ServerCartLine[] = [];
      const forTotals = [];
      for (const line of lines) {
        const sku = skus.get(line.skuId);
        if (!sku) continue;
        data.push(toLineDto(line, sku, billedCurrency(sku, payCurrency, rate.rate), counted(line, sku)));
        forTotals.push({
          qty: line.qty,
          selected: line.selected,
          audPrice: sku.aud,
          cnyPrice: sku.cny,
          skuName: sku.name,
          name: sku.goodsName,
        });
      }
      const totals = cartDisplayTotals(forTotals, payCurrency, rate.rate);
      // The stored rate is always there (rates.audCny); without it there is no honest all-CNY total.
      if (totals.allCny === null) throw new Error('cart/list: no AUD→CNY rate to bill the cart in CNY');
      return {
        data,
        totalPrice: {
          audPrice: formatAmount(totals.aud),
          cnyPrice: formatAmount(totals.cny),
          allCnyPrice: formatAmount(totals.allCny),
        },
        cartAudTipText: cartAudTipText(totals.cnyOnlySkuNames),
        rate: rate.rate,
      };
    },

    /**
     * Adds a SKU to the cart (spec §7 addItem/): the product must be on the shelf and the quantity — added to
     * the line already there — within the SKU's quantity rule (ADR 050) and stock rule (spec §4); at most
     * MAX_CART_LINES lines. One atomic upsert keeping the maximum and the case pack, so concurrent adds of the
     * same SKU all count and together never pass the SKU's maximum.
     */
    async addItem(auth: AuthContext, item: CartItem): Promise<CartChange> {
      const sku = (await skusById([item.skuId])).get(item.skuId);
      if (!sku) throw notFoundError(CartMessages.skuNotFound, { skuId: item.skuId });
      const problem = quantityProblem(sku, item.qty);
      if (problem) throw refusal(problem, problem.message, { skuId: item.skuId });
      const line = await repo.addToLine(db, {
        memberId: auth.memberId,
        skuId: item.skuId,
        qty: item.qty,
        maxQty: maxLineQty(sku),
        stepQty: sku.stepQty,
        maxLines: MAX_CART_LINES,
      });
      if (line) return { ids: [line.id] };
      // A guard refused: the sum is over the SKU's limit, or the cart is full.
      const existing = await repo.findLineOfSku(db, auth.memberId, item.skuId);
      if (!existing) throw paramsError(CartMessages.tooManyLines);
      const overBy = quantityProblem(sku, existing.qty + item.qty) ?? LINE_QTY_MAX;
      throw refusal(overBy, `购物车中已有${existing.qty}件，${overBy.message}`, {
        skuId: item.skuId,
        qty: existing.qty,
      });
    },

    /**
     * Adds the guest cart's lines after login (spec §4 'Cart sync on login'), all or nothing: one bad line
     * (unknown SKU, off the shelf, over stock with what the cart holds, too many lines) refuses the whole
     * batch with that line's message, and nothing is written. One transaction.
     */
    async batchAddItems(auth: AuthContext, items: readonly CartItem[]): Promise<CartChange> {
      const merged = mergeItems(items);
      const skus = await skusById(merged.map((i) => i.skuId));
      for (const item of merged) {
        const sku = skus.get(item.skuId);
        if (!sku) throw notFoundError(CartMessages.skuNotFound, { skuId: item.skuId });
        const problem = quantityProblem(sku, item.qty);
        if (problem) throw refusal(problem, `${skuLabel(sku)}：${problem.message}`, { skuId: item.skuId });
      }
      return db.transaction(async (tx) => {
        const rows = await repo.addToLines(tx, auth.memberId, merged, MAX_LINE_QTY);
        const written = new Map(rows.map((r) => [r.skuId, r]));
        // The sums with what the cart already held are checked on the written rows, so a concurrent add
        // cannot slip past the check; a refusal rolls the whole batch back.
        for (const item of merged) {
          const sku = skus.get(item.skuId) as SkuOffer;
          const row = written.get(item.skuId);
          const problem = row ? quantityProblem(sku, row.qty) : LINE_QTY_MAX;
          if (problem)
            throw refusal(problem, `${skuLabel(sku)}：购物车中数量合计后，${problem.message}`, {
              skuId: item.skuId,
            });
        }
        if ((await repo.countLines(tx, auth.memberId)) > MAX_CART_LINES)
          throw paramsError(CartMessages.tooManyLines);
        return { ids: rows.map((r) => r.id) };
      });
    },

    /** Changes the quantity and/or selection of one of the member's lines (spec §7 updateItem/), quantity within the stock rule. */
    async updateItem(auth: AuthContext, patch: LinePatch): Promise<CartChange> {
      await checkPatches(auth.memberId, [patch]);
      const ids = await repo.updateLines(db, auth.memberId, [patch]);
      if (ids.length === 0) throw lineNotFound();
      return { ids };
    },

    /**
     * Changes several of the member's lines (spec §4 'Cart sync on login': changed server lines), all or
     * nothing: an id that is not the member's answers 404 and nothing changes. One statement in a transaction.
     */
    async batchUpdateItems(auth: AuthContext, patches: readonly LinePatch[]): Promise<CartChange> {
      const merged = mergePatches(patches);
      await checkPatches(auth.memberId, merged);
      return db.transaction(async (tx) => {
        const ids = await repo.updateLines(tx, auth.memberId, merged);
        // A line removed meanwhile: refuse rather than change only part of the batch.
        if (ids.length !== merged.length) throw lineNotFound();
        return { ids };
      });
    },

    /**
     * A pasted order or an order file's text read into a preview (issue #37 'Order by paste', contract
     * parseLines/): each line matched by code to a SKU at the caller's level (a visitor's: the default level),
     * its quantity brought within the SKU's rule and stock (domain previewPastedLine) and priced at the break it
     * reaches; unknown codes with their nearest codes. Nothing is written. A paste over the limits, or with no line
     * read, is refused whole. Three queries whatever the number of lines.
     */
    async previewPaste(
      auth: AuthContext | null,
      text: string,
      address: string,
    ): Promise<CartParseLinesResponse> {
      if (rateLimiter) {
        const key = auth ? `paste:member:${auth.memberId}` : `paste:ip:${clientAddressKey(address)}`;
        const made = await rateLimiter.hit(key, PASTE_PREVIEW_LIMIT.windowMs);
        if (made > (auth ? PASTE_PREVIEW_LIMIT.member : PASTE_PREVIEW_LIMIT.visitor))
          throw new AppError(ResultCode.TooManyRequests, CartMessages.tooManyPastes);
      }
      const read = readPastedLines(text);
      if ('problem' in read) throw paramsError(read.problem);
      const codes = [...new Set(read.lines.filter((l) => l.problem === undefined).map((l) => l.code))];
      const level = await catalogue.priceLevel(auth);
      const byCode = await catalogue.skusByCodes(codes, level);
      const byId = new Map([...byCode.values()].map((sku) => [sku.id, sku]));
      const unknown = codes.filter((code) => !byCode.has(code)).slice(0, SUGGESTED_UNKNOWN_CODES);
      const near = await catalogue.nearestSkuCodes(unknown);
      const previews = read.lines.map((line) => {
        const sku = byCode.get(line.code);
        return previewPastedLine(line, sku && { ...sku, name: skuLabel(sku) }, near.get(line.code) ?? []);
      });
      // Each line at the volume price its own quantity reaches (a product's mixed breaks: all its lines' pieces).
      const counted = breakCounter(
        previews.flatMap((p) => (p.skuId === null ? [] : [{ skuId: p.skuId, qty: p.qty }])),
        byId,
      );
      return {
        items: previews.map((p) => {
          const sku = p.skuId === null ? undefined : byId.get(p.skuId);
          return toPreviewItem(p, sku, sku && atBreak(sku, counted({ skuId: sku.id, qty: p.qty }, sku)));
        }),
      };
    },

    /** The member's selected lines in the cart's order (listLines' named statement). */
    async selectedLines(memberId: number): Promise<repo.CartLineRow[]> {
      return (await repo.listLines(db, memberId)).filter((line) => line.selected);
    },

    /** The member's selected lines as a part of a statement another module composes (cart.parts.ts). */
    selectedLinesPart(memberId: number): SelectedLinesPart {
      return selectedLinesPart(memberId);
    },

    /** Removes one of the member's lines (spec §7 removeItem/). */
    async removeItem(auth: AuthContext, id: number): Promise<CartChange> {
      const ids = await repo.deleteLines(db, auth.memberId, [id]);
      if (ids.length === 0) throw lineNotFound();
      return { ids };
    },

    /**
     * Removes several of the member's lines (spec §4 'Cart sync on login': queued deletions), all or nothing:
     * if any id is not the member's, 404 and nothing is removed.
     */
    async batchRemoveItems(auth: AuthContext, ids: readonly number[]): Promise<CartChange> {
      const distinct = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteLines(tx, auth.memberId, distinct);
        if (deleted.length !== distinct.length) throw lineNotFound();
        return { ids: deleted };
      });
    },

    /**
     * Puts an earlier order's goods back into the cart (spec §7 cart repurchase/): each purchasable SKU's line
     * holds at least the ordered quantity (a ByStock SKU at most its stock; a repeated call adds nothing
     * more); SKUs that cannot be bought now (unknown, off the shelf, not for sale, out of stock) are left out
     * and named with the reason. One transaction; a full cart refuses the whole call.
     */
    async repurchaseItems(
      auth: AuthContext,
      items: readonly (CartItem & { name: string })[],
    ): Promise<RepurchaseResult> {
      const names = new Map(items.map((i) => [i.skuId, i.name]));
      const merged = mergeItems(items);
      const skus = await skusById(merged.map((i) => i.skuId));
      const lines: CartItem[] = [];
      const unavailable: RepurchaseResult['unavailable'] = [];
      for (const item of merged) {
        const sku = skus.get(item.skuId);
        const name = sku ? skuLabel(sku) : (names.get(item.skuId) ?? '');
        if (!sku) {
          unavailable.push({ skuId: item.skuId, name, reason: CartMessages.skuNotFound });
          continue;
        }
        // The ordered quantity as the SKU's rule now allows it within what may be bought (ADR 050).
        const qty = allowedQtyWithin(item.qty, qtyRuleOf(sku), maxLineQty(sku)) ?? Math.max(1, item.qty);
        const problem = quantityProblem(sku, qty);
        if (problem) unavailable.push({ skuId: item.skuId, name, reason: problem.message });
        else lines.push({ skuId: item.skuId, qty });
      }
      if (lines.length === 0) return { ids: [], unavailable };
      return db.transaction(async (tx) => {
        const rows = await repo.raiseLines(tx, auth.memberId, lines);
        if ((await repo.countLines(tx, auth.memberId)) > MAX_CART_LINES)
          throw paramsError(CartMessages.tooManyLines);
        return { ids: rows.map((r) => r.id), unavailable };
      });
    },
  };
}
