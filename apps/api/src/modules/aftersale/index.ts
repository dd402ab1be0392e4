/** The after-sales module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { afterSaleConsoleRoutes } from './aftersale.console.routes';
export {
  claimedByItem,
  findAfterSale,
  insertAfterSale,
  insertEvent,
  linesOf,
  move,
  refundedOfOrder,
  setReceived,
  settingsOf,
} from './aftersale.repository';
export { afterSaleRoutes } from './aftersale.routes';
export {
  type AfterSaleService,
  afterSaleNoPrefix,
  afterSaleNotice,
  createAfterSaleService,
} from './aftersale.service';
