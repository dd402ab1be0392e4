/** The exports module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { exportsConsoleRoutes } from './exports.console.routes';
export { createExportService, type ExportService } from './exports.service';
