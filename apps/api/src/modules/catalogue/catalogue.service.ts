import { createCatalogueDetail } from './catalogue.detail';
import { type CatalogueExportsDeps, createCatalogueExports } from './catalogue.exports';
import { createCatalogueListing } from './catalogue.listing';
import { type CataloguePricesDeps, createCataloguePrices } from './catalogue.prices';
import { createQuickOrder } from './catalogue.quick-order';

/**
 * The storefront's catalogue service (`services.catalogue`), made of one part per concern: the goods lists and
 * search (catalogue.listing.ts), a product's detail with the categories and brands (catalogue.detail.ts), the
 * prices a caller pays and the SKUs of a cart (catalogue.prices.ts), the goods exports and the catalogue's version
 * (catalogue.exports.ts) and the quick-order sheet (catalogue.quick-order.ts).
 */

/** What the catalogue service needs: the exports' deps, and the member module for the caller's level. */
export interface CatalogueServiceDeps extends Omit<CatalogueExportsDeps, 'priceLevel'> {
  members: CataloguePricesDeps['members'];
  offers?: CataloguePricesDeps['offers'];
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The catalogue module: goods lists, details, categories, brands and the price exports (spec §7). */
export function createCatalogueService({
  db,
  clock,
  members,
  rateLimiter,
  rates,
  offers,
}: CatalogueServiceDeps) {
  const prices = createCataloguePrices({ db, members, offers });
  // The exports and the quick-order sheet price at the caller's level and count exports together.
  const { priceLevel } = prices;
  return {
    ...prices,
    ...createCatalogueListing({ db }),
    ...createCatalogueDetail({ db }),
    ...createCatalogueExports({ db, clock, rateLimiter, rates, priceLevel }),
    ...createQuickOrder({ db, clock, rateLimiter, priceLevel }),
  };
}
