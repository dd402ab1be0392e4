/** The health module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { healthRoutes } from './health.routes';
export { createHealthService } from './health.service';
