/** The reconciliation module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { reconciliationCommands } from './reconciliation.cli';
export { reconciliationConsoleRoutes } from './reconciliation.console.routes';
export { createReconciliationService, type LatePayment } from './reconciliation.service';
