/** The invoice module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { invoiceConsoleRoutes } from './invoice.console.routes';
export { invoiceRoutes } from './invoice.routes';
export { createInvoiceService } from './invoice.service';
