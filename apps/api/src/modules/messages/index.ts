/** The messages module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { messageCommands } from './messages.cli';
export { messageConsoleRoutes } from './messages.console.routes';
export { liveRoutes } from './messages.live';
export { messageRoutes } from './messages.routes';
export { createMessageService, type MessageService } from './messages.service';
