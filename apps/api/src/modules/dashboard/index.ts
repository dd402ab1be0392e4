/** The dashboard module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { dashboardConsoleRoutes } from './dashboard.console.routes';
export { createDashboardService } from './dashboard.service';
