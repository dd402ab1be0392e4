import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, webDistExists } from './config/env';
import type { DatabaseHandle } from './db/client';
import { seedIfFresh } from './db/seed';
import { type Clock, systemClock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import { addressRoutes } from './modules/address';
import { addressBookRoutes } from './modules/address-book/address-book.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { contentRoutes } from './modules/content/content.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { depositRoutes } from './modules/member/deposit.routes';
import { memberRoutes } from './modules/member/member.routes';
import { createOrderRoutes } from './modules/order/order.create.routes';
import { orderRoutes } from './modules/order/order.routes';
import { paymentRoutes } from './modules/payment/payment.routes';
import { authPlugin } from './plugins/auth';
import { BODY_LIMIT_BYTES, bodyParsersPlugin } from './plugins/body-parsers';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { staticWebPlugin } from './plugins/static-web';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database owned by the caller (tests); otherwise the app opens the one the config names. */
  database?: DatabaseHandle;
  /** A rate limiter owned by the caller; otherwise memory, or Redis when REDIS_URL is set. */
  rateLimiter?: RateLimiter;
  /** Time source of the services (tests move it to expire captchas and tokens). */
  clock?: Clock;
  /** Logger options; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the shop's API (and the storefront it serves) without listening: server.ts listens, tests use
 * `app.inject`. Later modules add their routes and services here in the same way as the member module.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Opening the database runs its migrations; on a busy machine or a large PGlite folder that can take
    // longer than Fastify's 10 s default for a plugin to start.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    // Random ids stay unique across the API processes behind a load balancer.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const hasStorefront = webDistExists(config);
  await app.register(errorsPlugin, { storefrontFallback: hasStorefront });
  await app.register(bodyParsersPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { config: config.database, database: options.database });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, rateLimiter: options.rateLimiter });

  const services = createServices({
    config,
    database: app.database,
    clock: options.clock ?? systemClock,
    rateLimiter: app.rateLimiter,
  });
  app.decorate('services', services);
  if (config.seedDemo && (await seedIfFresh(services, app.log))) {
    // PGlite has no autovacuum: without fresh statistics its planner picks poor plans for the catalogue.
    await app.database.analyze();
    app.log.info('seeded demo data');
  }

  if (config.nodeEnv === 'production') {
    const sandbox = await services.paymentAdmin.enabledSandboxCodes();
    if (sandbox.length > 0)
      app.log.warn(
        { methods: sandbox },
        '沙箱支付已启用：顾客无需真实付款即可完成支付。接入真实渠道后请运行 payment:provider 或 payment:disable',
      );
  }

  await app.register(authPlugin, { authenticate: services.member.authenticate });
  await app.register(healthRoutes, { health: services.health });
  await app.register(captchaRoutes, { captcha: services.captcha });
  await app.register(memberRoutes, { members: services.member });
  await app.register(catalogueRoutes, { catalogue: services.catalogue });
  await app.register(contentRoutes, { content: services.content });
  await app.register(mediaRoutes, { media: services.media });
  await app.register(addressRoutes, { addresses: services.address });
  await app.register(addressBookRoutes, { addressBook: services.addressBook });
  await app.register(cartRoutes, { cart: services.cart, rates: services.rates, payments: services.payments });
  await app.register(checkoutRoutes, { checkout: services.checkout });
  await app.register(createOrderRoutes, { orderCreation: services.orderCreation });
  await app.register(orderRoutes, { orders: services.orders });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(depositRoutes, { deposits: services.deposits });

  if (hasStorefront) {
    await app.register(staticWebPlugin, { root: config.webDist });
  } else {
    app.log.warn({ webDist: config.webDist }, 'storefront build not found: serving the API only');
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
