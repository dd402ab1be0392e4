/**
 * The inventory module's face (docs/design.md 'Modules and their faces'): stock, the stock ledger, reservations
 * and sales counts. Other code imports only from here.
 */

export { inventoryCommands } from './inventory.cli';
export { inventoryConsoleRoutes } from './inventory.console.routes';
export { stockLedger } from './inventory.schema';
export {
  createInventoryService,
  InventoryMessages,
  type InventoryService,
  type StockChange,
  writeStockChange,
} from './inventory.service';
export {
  LINE_TAKEN,
  StockMessages,
  StockShortError,
  type StockTake,
  type StockTakePart,
  stockTakePart,
} from './inventory.take';
