/** The content module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { createContentAdminService } from './content.admin';
export { contentCommands } from './content.cli';
export { contentConsoleRoutes } from './content.console.routes';
export { contentRoutes } from './content.routes';
export { createContentService } from './content.service';
