import type { BoughtSku, BoughtSkusResponse } from '@shop/domain';
import { toMajor } from '@shop/domain';
import type { CatalogueService } from '../modules/catalogue';
import type { BoughtLine, OrderBuyerService } from '../modules/order';
import type { AuthContext } from '../plugins/auth';

export interface BoughtSkusDeps {
  buyer: Pick<OrderBuyerService, 'boughtLines'>;
  catalogue: Pick<CatalogueService, 'priceLevel' | 'skusForCart' | 'skuIdsByCodeOrName'>;
}

export type BoughtSkusFlow = ReturnType<typeof createBoughtSkusFlow>;

/** Adds `line` to what is held of the same SKU (or name): more times, and the later purchase as the last one. */
function merge(into: Map<string, BoughtLine>, key: string, line: BoughtLine) {
  const held = into.get(key);
  if (!held) {
    into.set(key, { ...line });
    return;
  }
  held.times += line.times;
  if (line.lastOrderedAt > held.lastOrderedAt) {
    Object.assign(held, {
      lastQty: line.lastQty,
      lastPrice: line.lastPrice,
      lastCurrency: line.lastCurrency,
      lastOrderedAt: line.lastOrderedAt,
    });
  }
}

/**
 * 常购清单 (/user/order, ADR 018): the SKUs the member bought, from their orders and their old orders, with
 * how often, the last quantity and price, and today's price (of their level), stock and quantity rule (ADR
 * 050) from the catalogue. An old order's line is matched to today's SKU by its SKU code or name; one that
 * matches none is listed without.
 */
export function createBoughtSkusFlow({ buyer, catalogue }: BoughtSkusDeps) {
  return {
    async list(auth: AuthContext, limit: number): Promise<BoughtSkusResponse> {
      const { orders, oldOrders } = await buyer.boughtLines(auth);
      const ids = await catalogue.skuIdsByCodeOrName(oldOrders.map((l) => l.skuName).filter(Boolean));
      const lines = new Map<string, BoughtLine>();
      for (const line of orders) merge(lines, `sku:${line.skuId}`, line);
      for (const line of oldOrders) {
        const skuId = ids.get(line.skuName) ?? null;
        merge(lines, skuId === null ? `name:${line.name}|${line.skuName}` : `sku:${skuId}`, {
          ...line,
          skuId,
        });
      }
      const chosen = [...lines.values()]
        .sort((a, b) => b.times - a.times || b.lastOrderedAt.getTime() - a.lastOrderedAt.getTime())
        .slice(0, limit);
      const level = await catalogue.priceLevel(auth);
      const skuIds = chosen.flatMap((l) => (l.skuId === null ? [] : [l.skuId]));
      const today = new Map((await catalogue.skusForCart(skuIds, level)).map((s) => [s.id, s]));
      const amount = (minor: number | null) => (minor === null ? null : toMajor(minor));
      const items: BoughtSku[] = chosen.map((line) => {
        const sku = line.skuId === null ? undefined : today.get(line.skuId);
        return {
          skuId: line.skuId,
          name: line.name,
          skuName: line.skuName,
          timesBought: line.times,
          lastQty: line.lastQty,
          lastPrice: toMajor(line.lastPrice),
          lastCurrency: line.lastCurrency,
          lastOrderedAt: line.lastOrderedAt.toISOString(),
          today: sku
            ? {
                goodsId: sku.goodsId,
                name: sku.goodsName,
                skuName: sku.name,
                property: sku.property,
                location: sku.location,
                image: sku.image,
                onFlag: sku.onFlag,
                status: sku.status,
                stock: sku.stock,
                audPrice: amount(sku.aud),
                cnyPrice: amount(sku.cny),
                minQty: sku.minQty,
                stepQty: sku.stepQty,
                maxQty: sku.maxQty,
              }
            : null,
        };
      });
      return { items };
    },
  };
}
