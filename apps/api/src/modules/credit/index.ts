/** The credit module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { creditCommands } from './credit.cli';
export { creditConsoleRoutes } from './credit.console.routes';
export { creditRoutes } from './credit.routes';
export {
  type AccountInvoiceRow,
  allocatePayment,
  type CreditMembership,
  type CreditService,
  chargeOnAccount,
  createCreditService,
  creditNoteForOrder,
  findAccountInvoice,
  insertAccountPayment,
  ledgerOf,
  lockCredit,
} from './credit.service';
