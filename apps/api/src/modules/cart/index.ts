/** The cart module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { orderedLinesRemoval } from './cart.parts';
export { cartPasteRoutes } from './cart.paste.routes';
export { cartRoutes } from './cart.routes';
export { type CartService, createCartService, type RepurchaseResult } from './cart.service';
