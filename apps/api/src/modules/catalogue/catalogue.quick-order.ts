import {
  exportFileName,
  isSkuPurchasable,
  parseProperties,
  priceBreaksOf,
  type QuickOrderListResponse,
  type QuickOrderRow,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { AuthContext } from '../../plugins/auth';
import { quickOrderWorkbook } from './catalogue.export-workbooks';
import { countExport, type ExportFile } from './catalogue.exports';
import { readCatalogueVersion } from './catalogue.exports.repository';
import { CatalogueMessages } from './catalogue.messages';
import * as repo from './catalogue.quick-order.repository';
import { decodeBreaks, pathIds, toAmount } from './catalogue.wire';

/**
 * The quick-order sheet (/user/products 快速订货, ADR 018): every SKU for sale on one page, its xlsx, and the SKUs an
 * old order's lines name (reorder).
 */

/** A quick-order row for the wire: properties decoded, category path as ids, amounts in major units. */
function toQuickOrderRow(row: repo.QuickOrderDbRow): QuickOrderRow {
  const categoryIds = pathIds(row.categoryPath);
  return {
    skuId: row.skuId,
    goodsId: row.goodsId,
    name: row.name,
    skuName: row.skuName,
    code: row.code,
    property: parseProperties(row.property).map,
    location: row.location,
    brandId: row.brandId,
    brandName: row.brandName,
    categoryIds: categoryIds.length > 0 ? categoryIds : [row.categoryId],
    image: row.image,
    status: row.status,
    stock: row.stock,
    audPrice: toAmount(row.aud),
    cnyPrice: toAmount(row.cny),
    minQty: row.minQty,
    stepQty: row.stepQty,
    maxQty: row.maxQty,
    priceBreaks: priceBreaksOf(decodeBreaks(row.breaks)),
    breaksMixed: row.breaksMixed,
  };
}

/**
 * The quick-order sheet's order, 综合 as the goods lists have it (ADR 012): the SKUs that can be bought now
 * (spec §4, isSkuPurchasable) first, then those that cannot (库存不足, 缺货), each part in the shop's own order.
 */
export function buyableFirst(rows: readonly QuickOrderRow[]): QuickOrderRow[] {
  const first: QuickOrderRow[] = [];
  const later: QuickOrderRow[] = [];
  for (const row of rows) (isSkuPurchasable(row) ? first : later).push(row);
  return first.concat(later);
}

/** Who asks for an export: a member (counted per member) or a visitor (counted per address). */
export type Exporter = { auth: AuthContext; ip?: string } | { auth: null; ip: string };

export interface QuickOrderDeps {
  db: Database;
  clock: Clock;
  /** Counts the sheet's exports with the goods exports (catalogue.exports.ts EXPORT_LIMIT). */
  rateLimiter: RateLimiter;
  /** The member level whose prices the caller sees (the catalogue's prices). */
  priceLevel(auth: AuthContext | null): Promise<number>;
}

/** The quick-order sheet, a part of the catalogue service (catalogue.service.ts). */
export function createQuickOrder({ db, clock, rateLimiter, priceLevel }: QuickOrderDeps) {
  // The quick-order sheet per catalogue version and level: read once, then shared by every caller of that level
  // until the catalogue moves on (ADR 011, 018).
  let quickOrderVersion = '';
  const quickOrderSheets = new Map<number, Promise<QuickOrderListResponse>>();

  async function quickOrderSheet(level: number): Promise<QuickOrderListResponse> {
    const version = await readCatalogueVersion(db);
    if (version !== quickOrderVersion) {
      quickOrderVersion = version;
      quickOrderSheets.clear();
    }
    let sheet = quickOrderSheets.get(level);
    if (!sheet) {
      sheet = repo
        .listQuickOrderRows(db, level)
        .then((rows) => ({ version, level, items: buyableFirst(rows.map(toQuickOrderRow)) }));
      quickOrderSheets.set(level, sheet);
      // A failed read is not kept: the next caller tries again.
      sheet.catch(() => {
        if (quickOrderSheets.get(level) === sheet) quickOrderSheets.delete(level);
      });
    }
    return sheet;
  }

  return {
    /**
     * Every SKU on the shelf that is for sale as one compact sheet (/user/products 快速订货, ADR 018), priced at
     * `level`, what can be bought now first, then in the shop's own order (buyableFirst). One query per catalogue
     * version and level; the rest is served from memory.
     */
    quickOrderList: quickOrderSheet,

    /**
     * The quick-order sheet as the buyer sees it (their filters and order, their quantities) as an xlsx. SKUs no
     * longer on the shelf are left out. Counted like the other exports: per member, or per address for a visitor.
     */
    async exportQuickOrder(
      who: Exporter,
      items: readonly { skuId: number; qty: number }[],
    ): Promise<ExportFile> {
      await countExport(rateLimiter, who.auth ? `export:member:${who.auth.memberId}` : `export:ip:${who.ip}`);
      const sheet = await quickOrderSheet(await priceLevel(who.auth));
      const bySku = new Map(sheet.items.map((row) => [row.skuId, row]));
      const rows = items.flatMap((item) => {
        const row = bySku.get(item.skuId);
        return row ? [{ row, qty: item.qty }] : [];
      });
      if (rows.length === 0) throw paramsError(CatalogueMessages.nothingToExport);
      return { fileName: exportFileName('QuickOrder', clock()), content: await quickOrderWorkbook(rows) };
    },

    /** SKU ids by SKU code or name (an old order's lines name their SKU so); a name matching none is left out. */
    async skuIdsByCodeOrName(names: readonly string[]): Promise<Map<string, number>> {
      const rows = await repo.findSkusByCodeOrName(db, names);
      const ids = new Map<string, number>();
      // A code wins over a name; the lowest id wins among equals.
      for (const row of rows) if (!ids.has(row.code)) ids.set(row.code, row.id);
      for (const row of rows) if (!ids.has(row.name)) ids.set(row.name, row.id);
      return ids;
    },
  };
}
