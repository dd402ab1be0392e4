/** The audit module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { auditConsoleRoutes } from './audit.console.routes';
export { type AuditService, createAuditService } from './audit.service';
