/** The media module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { mediaRoutes } from './media.routes';
export { createMediaService, type MediaService, type NewImage } from './media.service';
export { createMediaStore } from './media.store';
