/** The messages module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { adminMessageRoutes } from './messages.admin.routes';
export { messageCommands } from './messages.cli';
export { liveRoutes } from './messages.live';
export { messageRoutes } from './messages.routes';
export { createMessageService, type MessageService } from './messages.service';
