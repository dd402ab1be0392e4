/** The catalogue module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export {
  type CatalogueCategoryInput,
  type CatalogueGoodsInput,
  type CatalogueInput,
  type CatalogueSkuInput,
  createCatalogueAdminService,
} from './catalogue.admin';
export { CATALOGUE_TABLES, CHECKOUT_SETTINGS_TABLES, listenForCatalogueChanges } from './catalogue.cache';
export { catalogueCommands } from './catalogue.cli';
export { catalogueConsoleRoutes } from './catalogue.console.routes';
export { createGoodsEditorService } from './catalogue.goods-editor';
export { type CataloguePicker, createCataloguePicker } from './catalogue.picker';
export { catalogueRoutes } from './catalogue.routes';
export { goods, skus } from './catalogue.schema';
export { type CatalogueService, createCatalogueService } from './catalogue.service';
export { catalogueSheetRoutes } from './catalogue.sheet.routes';
export { createCatalogueSheetExport } from './catalogue.sheet-export';
export { createCatalogueTaxonomyService } from './catalogue.taxonomy';
export { catalogueTaxonomyRoutes } from './catalogue.taxonomy.routes';
