/**
 * The catalogue module's face (docs/design.md 'Modules and their faces'): goods, SKUs, prices, categories and brands
 * as the storefront reads them (spec §7 goods/, goodscatalog/, goodsbrand/) and as the console and the operator's
 * commands change them. Other code imports only from here.
 */

export { type CatalogueAdminService, createCatalogueAdminService } from './catalogue.admin';
export type {
  CatalogueBrandInput,
  CatalogueCategoryInput,
  CatalogueGoodsInput,
  CatalogueInput,
  CatalogueSkuInput,
} from './catalogue.bulk-insert';
export {
  CATALOGUE_CHANNEL,
  CATALOGUE_TABLES,
  CHECKOUT_SETTINGS_TABLES,
  listenForCatalogueChanges,
  SKU_OFFER_TABLES,
} from './catalogue.cache';
export { catalogueCommands } from './catalogue.cli';
export { catalogueConsoleRoutes } from './catalogue.console.routes';
export type { ExportFile } from './catalogue.exports';
export {
  createGoodsEditorService,
  GoodsEditorMessages,
  type GoodsEditorPorts,
  type GoodsEditorService,
} from './catalogue.goods-editor';
export { SheetMessages } from './catalogue.import-sheet';
export { CatalogueMessages } from './catalogue.messages';
export { type CataloguePicker, createCataloguePicker } from './catalogue.picker';
export { type CartLineOffer, type CartOffersPart, cartOffersPart } from './catalogue.prices';
export type { Exporter } from './catalogue.quick-order';
export { catalogueRoutes } from './catalogue.routes';
export { goods, skus } from './catalogue.schema';
export {
  type CatalogueService,
  type CatalogueServiceDeps,
  createCatalogueService,
} from './catalogue.service';
export { catalogueSheetConsoleRoutes } from './catalogue.sheet.console.routes';
export { type CatalogueSheetExport, createCatalogueSheetExport } from './catalogue.sheet-export';
export type { ImportSummary } from './catalogue.sheet-import';
export { ShelfMessages } from './catalogue.shelf';
export {
  type CatalogueTaxonomyService,
  createCatalogueTaxonomyService,
  TaxonomyMessages,
} from './catalogue.taxonomy';
export {
  catalogueTaxonomyConsoleRoutes,
  type StoreCatalogueImage,
} from './catalogue.taxonomy.console.routes';
