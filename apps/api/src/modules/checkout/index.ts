/** The checkout module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { type CheckoutAdminService, type CourierInput, createCheckoutAdminService } from './checkout.admin';
export { checkoutCommands } from './checkout.cli';
export type { Quote } from './checkout.pricing';
export type { PromotionRow } from './checkout.repository';
export { checkoutRoutes } from './checkout.routes';
export { type CheckoutService, createCheckoutService } from './checkout.service';
