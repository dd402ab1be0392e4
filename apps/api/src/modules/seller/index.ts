/** The seller module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { sellerCommands } from './seller.cli';
export { sellerConsoleRoutes } from './seller.console.routes';
export { createSellerService } from './seller.service';
