import { type Currency, PICKUP_LOCATION_CODE } from '@shop/domain';
import { paramsError } from '../lib/app-error';
import type { CatalogueService } from '../modules/catalogue';
import type { CheckoutService } from '../modules/checkout';
import type { PricedLine } from '../modules/quote';
import type { AuthContext } from '../plugins/auth';

export const QuotePricingMessages = {
  unknown: (skuId: number) => `商品不存在：#${skuId}`,
  offShelf: (label: string) => `${label}：商品已下架，不能询价`,
} as const;

/**
 * The lines of a quote request priced as the member would pay now (issue #38 part 4): the checkout's pricing of
 * those lines at the member's level (volume breaks included, promotions aside), with each SKU's names and picture
 * from the catalogue. A SKU that does not exist or is off the shelf refuses the request, naming it.
 */
export function quoteLinePricer(deps: {
  catalogue: Pick<CatalogueService, 'priceLevel' | 'skusToShow'>;
  checkout: Pick<CheckoutService, 'priceLines'>;
}) {
  return async (
    auth: AuthContext,
    currency: Currency,
    lines: readonly { skuId: number; qty: number }[],
  ): Promise<PricedLine[]> => {
    const level = await deps.catalogue.priceLevel(auth);
    const [skus, priced] = await Promise.all([
      deps.catalogue.skusToShow(
        lines.map((l) => l.skuId),
        level,
      ),
      deps.checkout.priceLines({
        level,
        request: { currency, locationCode: PICKUP_LOCATION_CODE, packs: [], gifts: [] },
        lines: lines.map((l, index) => ({ id: index + 1, skuId: l.skuId, qty: l.qty })),
      }),
    ]);
    const byId = new Map(skus.map((s) => [s.id, s]));
    const unitPrice = new Map(priced.items.filter((i) => !i.isGift).map((i) => [i.skuId, i.unitPrice]));
    return lines.map((line) => {
      const sku = byId.get(line.skuId);
      if (!sku) throw paramsError(QuotePricingMessages.unknown(line.skuId));
      if (!sku.onFlag) throw paramsError(QuotePricingMessages.offShelf(sku.name || sku.goodsName));
      return {
        skuId: sku.id,
        goodsId: sku.goodsId,
        name: sku.goodsName,
        skuName: Object.values(sku.property).join(' ') || sku.name,
        image: sku.image,
        qty: line.qty,
        listPrice: unitPrice.get(sku.id) ?? null,
      };
    });
  };
}
