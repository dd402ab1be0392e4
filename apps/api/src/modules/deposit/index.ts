/** The deposit module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { type BankAccountService, createBankAccountService } from './bank-accounts.service';
export { createDepositAdminService, type DepositAdminService } from './deposit.admin';
export { depositCommands } from './deposit.cli';
export { depositConsoleRoutes } from './deposit.console.routes';
export { depositRoutes } from './deposit.routes';
export { createDepositService, type DepositService } from './deposit.service';
