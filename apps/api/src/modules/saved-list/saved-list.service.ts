import {
  atBreak,
  exportFileName,
  maxCartQty,
  nearestAllowedQty,
  qtyRefusalMessage,
  qtyRuleOf,
  SAVED_LIST_LIMIT,
  SAVED_LIST_LINE_LIMIT,
  SAVED_LIST_QTY_MAX,
  type SavedListDetail,
  type SavedListItem,
  type SavedListLine,
  type SavedListListResponse,
  type SavedListSummary,
  type SkuOffer,
  smallestQty,
  toMajor,
  validateCartQuantity,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type SheetColumn, writeXlsx } from '../../lib/spreadsheet';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './saved-list.repository';

export const SavedListMessages = {
  saved: '清单已保存',
  updated: '清单已更新',
  removed: '清单已删除',
  notFound: '清单不存在',
  full: `最多保存${SAVED_LIST_LIMIT}个清单，请先删除不用的清单`,
  nameTaken: (name: string) => `已有名为“${name}”的清单，请换一个名称`,
  tooManyLines: `一个清单最多${SAVED_LIST_LINE_LIMIT}种商品`,
  skuNotFound: '商品不存在',
  offShelf: '商品已下架',
  codesNotFound: (codes: readonly string[]) => `商品编码不存在：${codes.join('、')}`,
  lineQtyMax: `单个商品最多${SAVED_LIST_QTY_MAX}件`,
  nothingToSave: '没有可存入清单的商品',
} as const;

export interface SavedListServiceDeps {
  db: Database;
  clock: Clock;
  /** The catalogue's SKUs at a price level, the caller's level, SKUs by code (the catalogue module, wired in services.ts). */
  catalogue: {
    skusForCart(skuIds: readonly number[], level: number): Promise<SkuOffer[]>;
    priceLevel(auth: AuthContext | null): Promise<number>;
    skusByCodes(codes: readonly string[], level: number): Promise<Map<string, SkuOffer>>;
    /**
     * Counts a member's xlsx export with the catalogue's (EXPORT_LIMIT a minute for them all) and refuses one past it
     * with TooManyRequests: a list's file is built on each call.
     */
    countExport(memberId: number): Promise<void>;
  };
}

export type SavedListService = ReturnType<typeof createSavedListService>;

/** How a new list's lines are taken: as given (refused when one breaks its SKU's rule), or fitted to the rules. */
export interface SaveOptions {
  /**
   * Quantities brought to each SKU's rule as it is now and SKUs the shop no longer has left out (a list made from
   * an order: the member typed none of them), instead of refusing.
   */
  fitToRules?: boolean;
}

/** A new list and what fitting it to today's catalogue changed. */
export interface SavedOutcome {
  list: SavedListDetail;
  /** Lines whose quantity was brought to the SKU's rule. */
  adjusted: number;
  /** SKUs left out because the shop no longer has them. */
  skipped: number;
}

const notFound = () => notFoundError(SavedListMessages.notFound);
const skuLabel = (sku: SkuOffer) => sku.name || sku.goodsName;
const amount = (minor: number | null) => (minor === null ? null : toMajor(minor));

/** Quantities of the same SKU added together, first appearance first. */
function mergeItems(items: readonly SavedListItem[]): SavedListItem[] {
  const merged = new Map<number, number>();
  for (const item of items) merged.set(item.skuId, (merged.get(item.skuId) ?? 0) + item.qty);
  return [...merged].map(([skuId, qty]) => ({ skuId, qty }));
}

/** Why `qty` of the SKU may not be in a list, or null: within the line maximum and the SKU's rule (ADR 050). */
function qtyProblem(sku: SkuOffer, qty: number): string | null {
  if (qty > SAVED_LIST_QTY_MAX) return SavedListMessages.lineQtyMax;
  return qtyRefusalMessage(sku.code, qty, qtyRuleOf(sku));
}

/**
 * Why a line cannot go into the cart as it stands, or null: off the shelf, nothing can be bought now (its stock
 * rule), or its quantity no longer follows the SKU's rule (changed since the line was saved).
 */
function lineProblem(sku: SkuOffer | undefined, qty: number): string | null {
  if (!sku) return SavedListMessages.skuNotFound;
  if (!sku.onFlag) return SavedListMessages.offShelf;
  // By the rule too: a SKU sold by stock in cases of 12 with 5 in stock cannot be bought ('库存仅 5 件，不足12件起订').
  const rule = qtyRuleOf(sku);
  if (maxCartQty(sku, rule) === 0) {
    const check = validateCartQuantity(smallestQty(rule), sku, rule);
    return check.ok ? null : check.message;
  }
  return qtyRefusalMessage(sku.code, qty, qtyRuleOf(sku));
}

/** A line for the wire: the SKU today at the member's level, priced at the break its quantity reaches. */
function toLineDto(line: repo.SavedListLineRow, sku: SkuOffer | undefined): SavedListLine {
  const priced = sku && atBreak(sku, line.qty);
  return {
    skuId: line.skuId,
    code: sku?.code ?? '',
    goodsId: sku?.goodsId ?? 0,
    name: sku?.goodsName ?? '',
    skuName: sku?.name ?? '',
    property: sku?.property ?? {},
    image: sku?.image ?? '',
    location: sku?.location ?? 0,
    qty: line.qty,
    minQty: sku?.minQty ?? 1,
    stepQty: sku?.stepQty ?? 1,
    maxQty: sku?.maxQty ?? null,
    status: sku?.status ?? 0,
    stock: sku?.stock ?? 0,
    onFlag: sku?.onFlag ?? false,
    audPrice: amount(priced?.aud ?? null),
    cnyPrice: amount(priced?.cny ?? null),
    problem: lineProblem(sku, line.qty),
  };
}

function toSummary(row: repo.SavedListRow, lineCount: number): SavedListSummary {
  return {
    id: row.id,
    name: row.name,
    lineCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The export's sheet: one row per line, unit prices now at the member's level. */
function listWorkbook(lines: readonly SavedListLine[]): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: '商品编码', width: 18 },
    { header: '商品名称', width: 40 },
    { header: '规格', width: 24 },
    { header: '数量', width: 8 },
    { header: '单价（澳元）', width: 12, numFmt: '0.00' },
    { header: '单价（人民币）', width: 14, numFmt: '0.00' },
    { header: '备注', width: 30 },
  ];
  const rows = lines.map((l) => [
    l.code,
    l.name,
    Object.values(l.property).join(' ') || l.skuName,
    l.qty,
    l.audPrice,
    l.cnyPrice,
    l.problem ?? '',
  ]);
  return writeXlsx('清单', columns, rows);
}

/**
 * Saved lists (常购清单 '我的清单', issue #37 part 4): a member's named lists of SKUs and quantities. Every read and
 * write names the member, so another member's list is not found; a member's writes are serialized by a lock,
 * so the list limit and the one-name rule hold under parallel requests.
 */
export function createSavedListService({ db, clock, catalogue }: SavedListServiceDeps) {
  async function skusOf(skuIds: readonly number[], level: number): Promise<Map<number, SkuOffer>> {
    if (skuIds.length === 0) return new Map();
    return new Map((await catalogue.skusForCart([...new Set(skuIds)], level)).map((s) => [s.id, s]));
  }

  /** Refuses a line whose SKU is unknown or whose quantity breaks the SKU's rule, naming the SKU. */
  function checkLine(skus: Map<number, SkuOffer>, item: SavedListItem): void {
    const sku = skus.get(item.skuId);
    if (!sku) throw notFoundError(SavedListMessages.skuNotFound, { skuId: item.skuId });
    const problem = qtyProblem(sku, item.qty);
    if (problem) throw paramsError(`${skuLabel(sku)}：${problem}`, { skuId: item.skuId });
  }

  async function detailOf(auth: AuthContext, row: repo.SavedListRow): Promise<SavedListDetail> {
    const lines = await repo.listLines(db, [row.id]);
    const skus = await skusOf(
      lines.map((l) => l.skuId),
      await catalogue.priceLevel(auth),
    );
    return {
      ...toSummary(row, lines.length),
      lines: lines.map((l) => toLineDto(l, skus.get(l.skuId))),
    };
  }

  /** Refuses a name another of the member's lists has (on the locked transaction). */
  async function checkName(tx: Database, memberId: number, name: string, exceptId?: number) {
    const holder = await repo.listIdByName(tx, memberId, name);
    if (holder !== null && holder !== exceptId) throw paramsError(SavedListMessages.nameTaken(name));
  }

  return {
    /** The member's lists, last changed first, with their line counts. */
    async list(auth: AuthContext): Promise<SavedListListResponse> {
      const rows = await repo.listLists(db, auth.memberId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          lineCount: r.lineCount,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        limit: SAVED_LIST_LIMIT,
      };
    },

    /** One of the member's lists with each SKU today: rule, stock, prices of their level, and why it cannot be bought. */
    async detail(auth: AuthContext, id: number): Promise<SavedListDetail> {
      const row = await repo.findList(db, auth.memberId, id);
      if (!row) throw notFound();
      return detailOf(auth, row);
    },

    /**
     * A new list of the given lines (the cart, its selected lines, chosen SKUs, an order's goods): the same SKU
     * given twice is one line with the sum; each quantity within its SKU's rule (refused, or fitted with
     * `fitToRules`); at most SAVED_LIST_LINE_LIMIT lines and SAVED_LIST_LIMIT lists; the name unused by the member's
     * other lists. One transaction under the member's lock.
     */
    async save(
      auth: AuthContext,
      input: { name: string; items: readonly SavedListItem[] },
      options: SaveOptions = {},
    ): Promise<SavedOutcome> {
      const merged = mergeItems(input.items);
      const skus = await skusOf(
        merged.map((i) => i.skuId),
        await catalogue.priceLevel(auth),
      );
      let adjusted = 0;
      let skipped = 0;
      const lines: SavedListItem[] = [];
      for (const item of merged) {
        const sku = skus.get(item.skuId);
        if (options.fitToRules) {
          if (!sku) {
            skipped += 1;
            continue;
          }
          const fitted = Math.min(
            nearestAllowedQty(item.qty, qtyRuleOf(sku)) ?? item.qty,
            SAVED_LIST_QTY_MAX,
          );
          if (fitted !== item.qty) adjusted += 1;
          lines.push({ skuId: item.skuId, qty: fitted });
          continue;
        }
        checkLine(skus, item);
        lines.push(item);
      }
      if (lines.length === 0) throw paramsError(SavedListMessages.nothingToSave);
      if (lines.length > SAVED_LIST_LINE_LIMIT) throw paramsError(SavedListMessages.tooManyLines);
      const row = await db.transaction(async (tx) => {
        await repo.lockMemberLists(tx, auth.memberId);
        if ((await repo.countLists(tx, auth.memberId)) >= SAVED_LIST_LIMIT)
          throw paramsError(SavedListMessages.full);
        await checkName(tx, auth.memberId, input.name);
        const inserted = await repo.insertList(tx, auth.memberId, input.name, clock());
        await repo.replaceLines(tx, inserted.id, lines);
        return inserted;
      });
      return { list: await detailOf(auth, row), adjusted, skipped };
    },

    /**
     * Changes one of the member's lists: a new name (unused by their other lists), its lines as they are to be
     * (a line left out is removed), SKUs added by code (summed into a line already there). A line whose quantity
     * changed, or a new line, must follow its SKU's rule; a line left as it was stays even if its rule changed
     * since (the detail says so). All or nothing, under the member's lock.
     */
    async update(
      auth: AuthContext,
      input: {
        id: number;
        name?: string | undefined;
        items?: readonly SavedListItem[] | undefined;
        add?: readonly { code: string; qty: number }[] | undefined;
      },
    ): Promise<SavedListDetail> {
      const level = await catalogue.priceLevel(auth);
      const added: SavedListItem[] = [];
      if (input.add && input.add.length > 0) {
        const codes = [...new Set(input.add.map((a) => a.code.toUpperCase()))];
        // By code or barcode, as a paste names SKUs.
        const byCode = await catalogue.skusByCodes(codes, level);
        const unknown = codes.filter((c) => !byCode.has(c));
        if (unknown.length > 0)
          throw paramsError(SavedListMessages.codesNotFound(unknown), { codes: unknown });
        for (const a of input.add)
          added.push({ skuId: byCode.get(a.code.toUpperCase())?.id ?? 0, qty: a.qty });
      }
      const given = input.items ? mergeItems(input.items) : undefined;
      const skus = await skusOf(
        [...(given ?? []), ...added].map((i) => i.skuId),
        level,
      );
      const row = await db.transaction(async (tx) => {
        await repo.lockMemberLists(tx, auth.memberId);
        const list = await repo.findList(tx, auth.memberId, input.id);
        if (!list) throw notFound();
        if (input.name !== undefined && input.name !== list.name)
          await checkName(tx, auth.memberId, input.name, list.id);
        if (given !== undefined || added.length > 0) {
          const stored = new Map((await repo.listLines(tx, [list.id])).map((l) => [l.skuId, l.qty]));
          const lines = mergeItems([
            ...(given ?? [...stored].map(([skuId, qty]) => ({ skuId, qty }))),
            ...added,
          ]);
          if (lines.length > SAVED_LIST_LINE_LIMIT) throw paramsError(SavedListMessages.tooManyLines);
          for (const line of lines) if (stored.get(line.skuId) !== line.qty) checkLine(skus, line);
          await repo.replaceLines(tx, list.id, lines);
        }
        return repo.touchList(tx, auth.memberId, list.id, clock(), input.name);
      });
      if (!row) throw notFound();
      return detailOf(auth, row);
    },

    /** Deletes one of the member's lists with its lines. */
    async remove(auth: AuthContext, id: number): Promise<void> {
      if (!(await repo.deleteList(db, auth.memberId, id))) throw notFound();
    },

    /** The lines of one of the member's lists to put into the cart (a workflow hands them to the cart). */
    async linesToBuy(auth: AuthContext, id: number): Promise<{ skuId: number; qty: number; name: string }[]> {
      const row = await repo.findList(db, auth.memberId, id);
      if (!row) throw notFound();
      return (await repo.listLines(db, [row.id])).map((l) => ({ skuId: l.skuId, qty: l.qty, name: '' }));
    },

    /** One of the member's lists as an xlsx: code, name, spec, quantity, unit prices now at their level. */
    async export(auth: AuthContext, id: number) {
      await catalogue.countExport(auth.memberId);
      const row = await repo.findList(db, auth.memberId, id);
      if (!row) throw notFound();
      const detail = await detailOf(auth, row);
      return { fileName: exportFileName('SavedList', clock()), content: await listWorkbook(detail.lines) };
    },
  };
}
