/** The staff module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { checkSecretsAtRest, SecretsAtRestError, secretBoxOf } from './secrets-at-rest';
export { staffCommands } from './staff.cli';
export { staffConsoleRoutes } from './staff.console.routes';
export { createStaffService } from './staff.service';
