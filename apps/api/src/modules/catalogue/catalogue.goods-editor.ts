import {
  type AdminGoodsDetail,
  type AdminGoodsSaveResponse,
  type adminGoodsSaveRequestSchema,
  GOODS_IMAGE_KINDS,
  type GoodsImageKind,
  goodsSearchText,
  PRICE_CURRENCIES,
  PRICE_LEVELS,
  ResultCode,
  SkuStatus,
} from '@shop/domain';
import type { z } from 'zod';
import { type Database, readTogether } from '../../db/client';
import { violatesUnique } from '../../db/refusal';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import { sanitizeRichText } from '../../lib/rich-text';
import { listPricesOfGoods } from './catalogue.detail.repository';
import { changingCatalogue } from './catalogue.exports';
import * as repo from './catalogue.goods-editor.repository';
import { SKU_BARCODE_KEY } from './catalogue.schema';

export type GoodsSaveInput = z.output<typeof adminGoodsSaveRequestSchema>;

export const GoodsEditorMessages = {
  unknownGoods: '商品不存在',
  stale: '该商品已被他人修改，请重新加载后再保存（你的修改尚未保存）',
  goodsCodeTaken: (code: string) => `商品编码已存在：${code}`,
  skuCodeTaken: (code: string, owner?: string) =>
    owner ? `SKU 编码已存在：${code}（属于商品 ${owner}）` : `SKU 编码已存在：${code}`,
  barcodeTaken: (barcode: string, skuCode: string, goodsCode: string) =>
    `条码已存在：${barcode}（属于商品 ${goodsCode} 的 SKU ${skuCode}）`,
  barcodeJustTaken: '条码刚被其他商品使用，请检查条码后再保存（你的修改尚未保存）',
  unknownBrand: '品牌不存在',
  unknownCategory: '分类不存在',
  unknownSku: (id: number) => `SKU ${id} 不属于该商品，请重新加载后再保存`,
  stockReason: '编辑商品',
} as const;

/**
 * What the goods editor asks of other modules, wired in services.ts: the media store keeps its pictures (checked
 * by their bytes), the order module says which SKUs orders hold.
 */
export interface GoodsEditorPorts {
  /** Checks a picture by its bytes, re-encodes it without its metadata and stores it; answers its path. */
  storeUpload(data: Buffer, folder: 'goods'): Promise<string>;
  /** Which of these SKUs order items refer to, read in the caller's transaction. */
  orderedSkuIds(skuIds: readonly number[], executor: Database): Promise<Set<number>>;
  /**
   * Writes a hand-made stock change of a SKU locked by the caller, in the caller's transaction, with its ledger
   * and audit rows (the inventory's writeStockChange).
   */
  writeStock(
    tx: Database,
    change: {
      sku: { id: number; code: string; stock: number };
      stock: number;
      by: AuditActor;
      reason: string;
    },
  ): Promise<void>;
  /** Stock of these SKUs rose and committed: the pre-orders waiting for them are served (issue #39). */
  stockArrived?(skuIds: readonly number[], by: AuditActor): Promise<void>;
}

const isImageKind = (kind: string): kind is GoodsImageKind =>
  GOODS_IMAGE_KINDS.includes(kind as GoodsImageKind);

/** A SKU's name when the editor leaves it empty: its attribute values, or the good's name when it has none. */
function skuNameOf(property: Record<string, string>, goodsName: string): string {
  const values = Object.values(property);
  return (values.length > 0 ? values.join(' ') : goodsName).slice(0, 200);
}

export type GoodsEditorService = ReturnType<typeof createGoodsEditorService>;

/**
 * The console's goods editor (商品 → 新建/编辑): one good with its pictures, attributes, SKUs and prices, read
 * whole and saved whole in one transaction (spec §3 'Product detail', 'SKU'; §4 'SKU stock status').
 */
export function createGoodsEditorService({
  db,
  audit,
  ports,
}: {
  db: Database;
  audit?: AuditRecorder;
  ports: GoodsEditorPorts;
}) {
  async function detail(id: number, executor: Database = db): Promise<AdminGoodsDetail> {
    const good = await repo.findGoodsForEdit(executor, id);
    if (!good) throw notFoundError(GoodsEditorMessages.unknownGoods);
    const [skuRows, images, line] = await readTogether(executor, [
      () => repo.skusForEdit(executor, id),
      () => repo.imagesOfGoods(executor, id),
      () => repo.categoryLine(executor, good.categoryId),
    ]);
    const skuIds = skuRows.map((s) => s.id);
    const [prices, ordered, breaks] = await readTogether(executor, [
      () => listPricesOfGoods(executor, id),
      () => ports.orderedSkuIds(skuIds, executor),
      () => repo.breaksOfGoods(executor, id),
    ]);
    // Attribute names in the key order of the SKUs' maps (the storefront's grid follows it), values as first met.
    const attributes = new Map<string, string[]>();
    for (const sku of skuRows)
      for (const [name, value] of Object.entries(sku.property ?? {})) {
        const values = attributes.get(name) ?? [];
        if (!values.includes(value)) values.push(value);
        attributes.set(name, values);
      }
    return {
      id: good.id,
      code: good.code,
      name: good.name,
      nameEn: good.nameEn,
      brandId: good.brandId,
      categoryId: good.categoryId,
      categoryPath: (line ?? []).map((c) => c.id),
      location: good.location,
      onShelf: good.onFlag,
      content: good.content,
      images: images.flatMap((i) => (isImageKind(i.kind) ? [{ path: i.path, kind: i.kind }] : [])),
      attributes: [...attributes].map(([name, values]) => ({ name, values })),
      skus: skuRows.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        property: s.property ?? {},
        weight: s.weight,
        status: s.status,
        stock: s.stock,
        sort: s.sort,
        ordered: ordered.has(s.id),
        barcode: s.barcode,
        expectedDate: s.expectedDate,
        prices: prices
          .filter((p) => p.skuId === s.id && PRICE_CURRENCIES.includes(p.currency as 'AUD' | 'CNY'))
          .map((p) => ({ currency: p.currency as 'AUD' | 'CNY', level: p.level, amount: p.amount })),
        minQty: s.minQty,
        stepQty: s.stepQty,
        maxQty: s.maxQty,
        breaks: breaks
          .filter((b) => b.skuId === s.id && PRICE_CURRENCIES.includes(b.currency as 'AUD' | 'CNY'))
          .map((b) => ({
            currency: b.currency as 'AUD' | 'CNY',
            level: b.level,
            minQty: b.minQty,
            amount: b.amount,
          })),
      })),
      breaksMixed: good.breaksMixed,
      updateTime: good.updatedAt.toISOString(),
    };
  }

  return {
    detail: (id: number) => detail(id),

    /** Stores a picture for a good (checked by its bytes and re-encoded by the media module); answers its path. */
    async upload(bytes: Buffer): Promise<{ path: string }> {
      return { path: await ports.storeUpload(bytes, 'goods') };
    },

    /**
     * Creates or changes one good with its pictures, SKUs and prices, all or nothing. A change carries the
     * updateTime its form loaded; if the good changed since, nothing is written and the editor is told to reload.
     */
    async save(input: GoodsSaveInput, by: AuditActor): Promise<AdminGoodsSaveResponse> {
      const content = sanitizeRichText(input.content);
      const arrived: number[] = [];
      const saved = await changingCatalogue(db, () =>
        db.transaction(async (tx) => {
          // Its SKUs locked first, then the good's row, the order an order takes them in (stock, then sales), so
          // a save and an order never wait on each other in a circle. A second save of the same good waits here
          // and then sees it is stale.
          if (input.id !== undefined) await repo.skusForEdit(tx, input.id, true);
          const before = input.id === undefined ? null : await detailLocked(tx, input.id);
          if (before && before.updateTime !== input.updateTime)
            throw new AppError(ResultCode.BadRequest, GoodsEditorMessages.stale);

          if (await repo.goodsCodeTaken(tx, input.code, input.id))
            throw paramsError(GoodsEditorMessages.goodsCodeTaken(input.code));
          const taken = await repo.skuCodesOfOtherGoods(
            tx,
            input.skus.map((s) => s.code),
            input.id ?? null,
          );
          if (taken[0])
            throw paramsError(GoodsEditorMessages.skuCodeTaken(taken[0].skuCode, taken[0].goodsCode));
          const [barcodeHeld] = await repo.skuBarcodesOfOtherGoods(
            tx,
            input.skus.flatMap((s) => (s.barcode === null ? [] : [s.barcode])),
            input.id ?? null,
          );
          if (barcodeHeld)
            throw paramsError(
              GoodsEditorMessages.barcodeTaken(
                barcodeHeld.barcode,
                barcodeHeld.skuCode,
                barcodeHeld.goodsCode,
              ),
            );

          const brand = input.brandId === null ? null : await repo.brandName(tx, input.brandId);
          if (input.brandId !== null && !brand) throw paramsError(GoodsEditorMessages.unknownBrand);
          const line = await repo.categoryLine(tx, input.categoryId);
          if (!line) throw paramsError(GoodsEditorMessages.unknownCategory);

          const fields = {
            code: input.code,
            name: input.name,
            nameEn: input.nameEn,
            brandId: input.brandId,
            categoryId: input.categoryId,
            location: input.location,
            onFlag: input.onShelf,
            breaksMixed: input.breaksMixed,
            content,
            searchText: goodsSearchText({
              name: input.name,
              nameEn: input.nameEn,
              brandName: brand?.name,
              brandNameEn: brand?.nameEn,
              categoryNames: line.map((c) => c.name),
              code: input.code,
            }),
          };
          const saved =
            input.id === undefined
              ? await repo.insertGoodsIfNew(tx, fields)
              : await repo.updateGoodsFields(tx, input.id, fields);
          // Another good took the code between the check above and this write.
          if (!saved) throw paramsError(GoodsEditorMessages.goodsCodeTaken(input.code));
          const goodsId = saved.id;

          await repo.replaceGoodsImages(tx, goodsId, input.images);
          const retiredSkuCodes = await saveSkus(tx, goodsId, input, by, arrived);

          const after = await detail(goodsId, tx);
          await audit?.(tx, {
            by,
            action: before ? 'goods.update' : 'goods.create',
            objectType: 'goods',
            objectId: after.code,
            before: before ? auditView(before) : null,
            after: auditView(after),
          });
          return { ...after, retiredSkuCodes };
        }),
      ).catch((error: unknown) => {
        // Two goods saved at once with one barcode: the later one is refused whole, as its check found none.
        if (violatesUnique(error, SKU_BARCODE_KEY)) throw paramsError(GoodsEditorMessages.barcodeJustTaken);
        throw error;
      });
      if (arrived.length > 0) await ports.stockArrived?.(arrived, by);
      return saved;
    },
  };

  async function detailLocked(tx: Database, id: number): Promise<AdminGoodsDetail> {
    if (!(await repo.findGoodsForEdit(tx, id, true))) throw notFoundError(GoodsEditorMessages.unknownGoods);
    return detail(id, tx);
  }

  /**
   * Writes the SKU matrix: changed SKUs updated, new ones inserted, their prices of levels 37–39 replaced, stock
   * changes written to the stock ledger. A SKU left out of the matrix is deleted, unless an order's item refers
   * to it: order_items.sku_id keeps those orders' lines (and their refunds and reorders) pointing at a real SKU,
   * so such a SKU stays, made not for sale (spec §4: dropped from the storefront's lists, never bought again).
   * Returns the codes of the SKUs kept that way.
   */
  async function saveSkus(
    tx: Database,
    goodsId: number,
    input: GoodsSaveInput,
    by: AuditActor,
    arrived: number[],
  ): Promise<string[]> {
    // Locked in id order, as orders lock SKUs, so an order placed meanwhile waits for this save (or it for the order).
    const stored = await repo.skusForEdit(tx, goodsId, true);
    const storedById = new Map(stored.map((s) => [s.id, s]));
    for (const sku of input.skus)
      if (sku.id !== undefined && !storedById.has(sku.id))
        throw paramsError(GoodsEditorMessages.unknownSku(sku.id));
    const keptIds = new Set(input.skus.flatMap((s) => (s.id === undefined ? [] : [s.id])));
    const leaving = stored.filter((s) => !keptIds.has(s.id));
    const ordered = await ports.orderedSkuIds(
      leaving.map((s) => s.id),
      tx,
    );
    const retired = leaving.filter((s) => ordered.has(s.id));
    // Written again below, each to the SKU the matrix gives it (a retired SKU keeps none).
    if (stored.some((s) => s.barcode !== null)) await repo.clearBarcodes(tx, goodsId);
    await repo.deleteSkus(
      tx,
      leaving.filter((s) => !ordered.has(s.id)).map((s) => s.id),
    );
    // Retired SKUs keep their codes; they move behind the matrix's SKUs so the storefront's order is unchanged.
    for (const [i, s] of retired.entries())
      await repo.updateSkuFields(tx, s.id, {
        code: s.code,
        name: s.name,
        property: s.property,
        status: SkuStatus.NotForSale,
        weight: s.weight,
        sort: input.skus.length + i,
        minQty: s.minQty,
        stepQty: s.stepQty,
        maxQty: s.maxQty,
        barcode: null,
        expectedDate: null,
      });

    // A code moving from one SKU of this good to another: free the old holders' codes first.
    const renamed = input.skus.filter((s) => s.id !== undefined && storedById.get(s.id)?.code !== s.code);
    for (const s of renamed) if (s.id !== undefined) await repo.renameSku(tx, s.id, `~${s.id}`);

    for (const [sort, sku] of input.skus.entries()) {
      const fields = {
        code: sku.code,
        name: sku.name || skuNameOf(sku.property, input.name),
        // Keys in the attributes' order: the storefront's grid takes its columns from the key order.
        property: Object.fromEntries(input.attributes.map((a) => [a.name, sku.property[a.name] ?? ''])),
        status: sku.status,
        weight: sku.weight,
        sort,
        minQty: sku.minQty,
        stepQty: sku.stepQty,
        maxQty: sku.maxQty,
        barcode: sku.barcode,
        expectedDate: sku.expectedDate,
      };
      let skuId: number;
      const old = sku.id === undefined ? undefined : storedById.get(sku.id);
      if (old) {
        skuId = old.id;
        const clash = await repo.skuCodeHolder(tx, sku.code, skuId);
        if (clash) throw paramsError(GoodsEditorMessages.skuCodeTaken(sku.code));
        await repo.updateSkuFields(tx, skuId, fields);
        // Stock is written only when the editor changed it, so what orders or the 库存 page did meanwhile stays.
        if (sku.loadedStock === undefined || sku.stock !== sku.loadedStock) {
          if (sku.stock !== old.stock)
            await ports.writeStock(tx, {
              sku: { id: old.id, code: sku.code, stock: old.stock },
              stock: sku.stock,
              by,
              reason: GoodsEditorMessages.stockReason,
            });
          if (sku.stock > old.stock) arrived.push(old.id);
        }
      } else {
        const inserted = await repo.insertSkuIfNew(tx, { goodsId, ...fields, stock: 0 });
        if (inserted === null)
          throw paramsError(
            (await repo.skuCodeHolder(tx, sku.code, 0))
              ? GoodsEditorMessages.skuCodeTaken(sku.code)
              : GoodsEditorMessages.barcodeJustTaken,
          );
        skuId = inserted;
        if (sku.stock > 0)
          await ports.writeStock(tx, {
            sku: { id: skuId, code: sku.code, stock: 0 },
            stock: sku.stock,
            by,
            reason: GoodsEditorMessages.stockReason,
          });
      }
      await repo.replaceSkuPrices(tx, skuId, PRICE_LEVELS, sku.prices);
      await repo.replaceSkuBreaks(tx, skuId, PRICE_LEVELS, sku.breaks);
    }
    return retired.map((s) => s.code);
  }
}

/** What the audit row keeps of a good: its fields and, per SKU, what the editor changes. */
function auditView(d: AdminGoodsDetail) {
  return {
    code: d.code,
    name: d.name,
    nameEn: d.nameEn,
    brandId: d.brandId,
    categoryId: d.categoryId,
    location: d.location,
    onShelf: d.onShelf,
    contentLength: d.content.length,
    images: d.images.map((i) => `${i.kind}:${i.path}`),
    skus: d.skus.map((s) => ({
      code: s.code,
      property: s.property,
      status: s.status,
      stock: s.stock,
      weight: s.weight,
      prices: Object.fromEntries(s.prices.map((p) => [`${p.currency}${p.level}`, p.amount])),
      barcode: s.barcode,
      expectedDate: s.expectedDate,
      rule: [s.minQty, s.stepQty, s.maxQty],
      breaks: s.breaks.map((b) => `${b.currency}${b.level}@${b.minQty}:${b.amount}`),
    })),
    breaksMixed: d.breaksMixed,
  };
}
