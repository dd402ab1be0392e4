import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import { createAddressService } from './modules/address';
import { createAddressBookService } from './modules/address-book/address-book.service';
import { createCaptchaService } from './modules/captcha/captcha.service';
import { createCartService } from './modules/cart/cart.service';
import { createRateService } from './modules/cart/rate.service';
import { createCatalogueAdminService } from './modules/catalogue/catalogue.admin';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCheckoutAdminService } from './modules/checkout/checkout.admin';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { createContentAdminService } from './modules/content/content.admin';
import { createContentService } from './modules/content/content.service';
import { createHealthService } from './modules/health/health.service';
import { createMediaService } from './modules/media/media.service';
import { createDepositAdminService } from './modules/member/deposit.admin';
import { createDepositService } from './modules/member/deposit.service';
import { createMemberService } from './modules/member/member.service';
import { createOrderAdminService } from './modules/order/order.admin';
import { createOrderCreationService } from './modules/order/order.create';
import { createOrderService } from './modules/order/order.service';
import { createPaymentAdminService } from './modules/payment/payment.admin';
import { createPaymentService } from './modules/payment/payment.service';

export interface ServiceDeps {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/**
 * Every module's service, wired once. A module that needs another module's data gets that module's
 * service here (CONVENTIONS.md: modules never read each other's tables). Used by the app and the CLI.
 */
export function createServices({ config, database, clock, rateLimiter }: ServiceDeps) {
  const { db } = database;
  const captcha = createCaptchaService({ db, clock, testAnswer: config.testCaptcha });
  const member = createMemberService({ db, clock, rateLimiter, captcha });
  const rates = createRateService({ db, clock });
  const paymentAdmin = createPaymentAdminService({
    db,
    gatewayConfigured: config.paymentGateway !== undefined,
  });
  const deposits = createDepositService({
    db,
    clock,
    rates,
    methodEnabled: (code) => paymentAdmin.isEnabled(code),
  });
  const depositAdmin = createDepositAdminService({ db, clock, deposits, members: member });
  const health = createHealthService(database);
  const catalogue = createCatalogueService({ db, clock, members: member });
  const content = createContentService({ db });
  const media = createMediaService({ db });
  const catalogueAdmin = createCatalogueAdminService({ db });
  const contentAdmin = createContentAdminService({ db });
  const address = createAddressService();
  const addressBook = createAddressBookService({ db, clock });
  const cart = createCartService({ db, catalogue, rates });
  const checkout = createCheckoutService({ db, clock, cart, catalogue, rates });
  const checkoutAdmin = createCheckoutAdminService({ db });
  const orderCreation = createOrderCreationService({ db, clock, checkout, cart, catalogue, addressBook });
  const orders = createOrderService({ db, clock, catalogue, cart });
  const payments = createPaymentService({
    db,
    clock,
    deposits,
    rates,
    gateway: config.paymentGateway,
    sandboxNotifyDelayMs: config.sandboxNotifyDelayMs,
    rateLimiter,
  });
  const orderAdmin = createOrderAdminService({ db, clock, media, members: member, catalogue, deposits });
  return {
    captcha,
    member,
    deposits,
    depositAdmin,
    health,
    catalogue,
    content,
    media,
    catalogueAdmin,
    contentAdmin,
    address,
    addressBook,
    rates,
    cart,
    checkout,
    checkoutAdmin,
    orderCreation,
    orders,
    payments,
    paymentAdmin,
    orderAdmin,
  };
}

export type Services = ReturnType<typeof createServices>;
