/** The warehouse module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { warehouseCommands } from './warehouse.cli';
export { warehouseConsoleRoutes } from './warehouse.console.routes';
export { createWarehouseService } from './warehouse.service';
