/** The supplier module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { supplierCommands } from './supplier.cli';
export { supplierConsoleRoutes } from './supplier.console.routes';
export { supplierRoutes } from './supplier.routes';
export { createSupplierService } from './supplier.service';
