/** The invoice module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { invoiceAdminRoutes } from './invoice.admin.routes';
export { invoiceRoutes } from './invoice.routes';
export { createInvoiceService } from './invoice.service';
