import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, isProduction, webDistExists } from './config/env';
import type { DatabaseHandle } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { loggerOptions } from './lib/log-safety';
import { createShopMetrics, NO_COUNTERS } from './lib/metrics';
import type { RateLimiter } from './lib/rate-limiter';
import type { ReadCache } from './lib/read-cache';
import { responseSerializerCompiler } from './lib/response-serializer';
import { shopTimeZone } from './lib/shop-day';
import { addressRoutes } from './modules/address';
import { addressBookRoutes } from './modules/address-book';
import { afterSaleConsoleRoutes, afterSaleRoutes } from './modules/aftersale';
import { auditConsoleRoutes } from './modules/audit';
import { captchaRoutes } from './modules/captcha';
import { cartPasteRoutes, cartRoutes } from './modules/cart';
import {
  CATALOGUE_TABLES,
  CHECKOUT_SETTINGS_TABLES,
  catalogueConsoleRoutes,
  catalogueRoutes,
  catalogueSheetConsoleRoutes,
  catalogueTaxonomyConsoleRoutes,
  listenForCatalogueChanges,
  SKU_OFFER_TABLES,
} from './modules/catalogue';
import { checkoutRoutes } from './modules/checkout';
import { companyConsoleRoutes, companyRoutes } from './modules/company';
import { contentConsoleRoutes, contentRoutes } from './modules/content';
import { creditConsoleRoutes, creditRoutes } from './modules/credit';
import { dashboardConsoleRoutes } from './modules/dashboard';
import { depositConsoleRoutes, depositRoutes } from './modules/deposit';
import { exportsConsoleRoutes } from './modules/exports';
import { healthRoutes } from './modules/health';
import { inventoryConsoleRoutes } from './modules/inventory';
import { invoiceConsoleRoutes, invoiceRoutes } from './modules/invoice';
import { mediaRoutes } from './modules/media';
import { listenForSessionChanges, memberRoutes } from './modules/member';
import { liveRoutes, messageConsoleRoutes, messageRoutes } from './modules/messages';
import { noticeConsoleRoutes } from './modules/notices';
import { orderBulkConsoleRoutes, orderConsoleRoutes, orderRoutes } from './modules/order';
import { paymentRoutes, SANDBOX_PROVIDER } from './modules/payment';
import { quoteConsoleRoutes, quoteRoutes } from './modules/quote';
import { reconciliationConsoleRoutes } from './modules/reconciliation';
import { savedListRoutes } from './modules/saved-list';
import { sellerConsoleRoutes } from './modules/seller';
import { checkSecretsAtRest, staffConsoleRoutes } from './modules/staff';
import { supplierConsoleRoutes, supplierRoutes } from './modules/supplier';
import { ticketRoutes } from './modules/tickets';
import { trackingRoutes } from './modules/tracking';
import { warehouseConsoleRoutes } from './modules/warehouse';
import { wechatRoutes, wechatSandboxRoutes } from './modules/wechat';
import { adminWebPlugin, DEFAULT_ADMIN_DIST } from './plugins/admin-web';
import { authPlugin } from './plugins/auth';
import { backupPlugin } from './plugins/backup';
import { BODY_LIMIT_BYTES, bodyParsersPlugin } from './plugins/body-parsers';
import { dbPlugin } from './plugins/db';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { nulGuardPlugin } from './plugins/nul-guard';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staffAuthPlugin } from './plugins/staff-auth';
import { staticWebPlugin } from './plugins/static-web';
import { ensureShopContent, seedIfFresh } from './seed/seed';
import { createServices, type Services } from './services';
import { createStorefrontHead } from './storefront-head';
import { createLeadImage, listFirstImage } from './storefront-lead-image';
import { createStorefrontShell } from './storefront-shell';
import { originOf, sitemapPlugin } from './storefront-sitemap';
import { acceptQuoteRoutes } from './workflows/accept-quote.routes';
import { afterSaleFlowConsoleRoutes } from './workflows/after-sale.console.routes';
import { afterSaleFlowRoutes } from './workflows/after-sale.routes';
import { boughtSkusRoutes } from './workflows/bought-skus.routes';
import { cancelOrderRoutes } from './workflows/cancel-order.routes';
import { memberConsoleRoutes } from './workflows/member-page.console.routes';
import { onlinePaymentRoutes } from './workflows/online-payment.routes';
import { orderApprovalRoutes } from './workflows/order-approval.routes';
import { payByDepositRoutes } from './workflows/pay-by-deposit.routes';
import { payOnAccountRoutes } from './workflows/pay-on-account.routes';
import { createOrderRoutes } from './workflows/place-order.routes';
import { promotionConsoleRoutes } from './workflows/promotion.console.routes';
import { refundOrderConsoleRoutes } from './workflows/refund-order.console.routes';
import { refundOrderRoutes } from './workflows/refund-order.routes';
import { repurchaseRoutes } from './workflows/repurchase.routes';
import { savedListFlowRoutes } from './workflows/saved-list.routes';
import { settingsConsoleRoutes } from './workflows/settings.console.routes';
import { settleInvoiceRoutes } from './workflows/settle-invoice.routes';
import { settlePaymentRoutes } from './workflows/settle-payment.routes';
import { ticketReplyConsoleRoutes } from './workflows/ticket-reply.console.routes';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The catalogue read cache of this process; null when CATALOGUE_CACHE_MB=0. */
    catalogueCache: ReadCache | null;
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
  /**
   * Logger options (level, stream); defaults to pino at the configured level. The error serializer and the
   * redaction of credentials are always added (lib/log-safety.ts); false turns logging off.
   */
  logger?: FastifyServerOptions['logger'];
  /** The staff console's build, served at /admin (ADR 020); apps/admin/dist unless given (tests). */
  adminDist?: string;
}

/**
 * Builds the shop's API (and the storefront it serves) without listening: server.ts listens, tests use
 * `app.inject`.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(typeof options.logger === 'object' ? options.logger : { level: config.logLevel }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Opening the database runs its migrations; on a busy machine or a large PGlite folder that can take
    // longer than Fastify's 10 s default for a plugin to start.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    // Random ids stay unique across the API processes behind a load balancer.
    genReqId: () => randomUUID(),
    // Every answer is the envelope, also where Fastify or Node answer before any route (plugins/errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.responseSerializer));

  const hasStorefront = webDistExists(config);
  // First, so that every response carries the headers: the not-found page, errors, the API docs.
  await app.register(securityHeadersPlugin, {
    trustProxy: config.trustProxy,
    paymentGatewayUrl: config.paymentGateway?.url,
    alipayGatewayUrl: config.alipay?.gatewayUrl,
    wechatAvatars: config.wechatOpen !== undefined,
  });
  await app.register(errorsPlugin, { storefrontFallback: hasStorefront });
  await app.register(bodyParsersPlugin);
  await app.register(nulGuardPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // The console's part of the document for staff only: their token is checked by the staff service, built below.
  await app.register(openapiPlugin, { staffSession: (token) => app.services.staff.authenticate(token) });
  await app.register(dbPlugin, { config: config.database, database: options.database });
  await app.register(backupPlugin, { backup: config.backup });
  // This app's own registry (lib/metrics.ts); none at all with METRICS=false.
  const metrics = config.metrics ? createShopMetrics({ processMetrics: true }) : null;
  await app.register(metricsPlugin, {
    metrics,
    token: config.metrics?.token,
    port: config.metrics?.port,
    slowRequestMs: config.slowRequestMs,
    slowQueryMs: config.slowQueryMs,
    database: app.database,
  });
  const clock = options.clock ?? systemClock;
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    database: app.database,
    clock,
    rateLimiter: options.rateLimiter,
  });

  const serviceDeps = {
    config,
    database: app.database,
    clock,
    rateLimiter: app.rateLimiter,
  };
  const services = createServices({ ...serviceDeps, counters: metrics?.counters ?? NO_COUNTERS });
  app.decorate('services', services);
  // A stopping process (SIGTERM, server.ts) still answers, but closes each connection after its answer, so
  // clients that keep connections open reconnect through the load balancer to a process that stays.
  app.addHook('onRequest', async (_request, reply) => {
    if (services.health.shuttingDown) reply.header('connection', 'close');
  });
  if (config.seedDemo && (await seedIfFresh(serviceDeps, app.log))) {
    // PGlite has no autovacuum: without fresh statistics its planner picks poor plans for the catalogue.
    await app.database.analyze();
    app.log.info('seeded demo data');
  }

  // The supplier area's content (and any other content every shop needs), where it is missing.
  for (const line of await ensureShopContent(services)) app.log.info(line);

  for (const { provider, codes } of await services.paymentAdmin.adoptConfiguredProviders())
    app.log.info(
      { methods: codes, provider },
      `${provider} 已配置，以下支付方式改由其收款 / now collected by ${provider}: ${codes.join(', ')}`,
    );
  await logPaymentMethods(app.log, services, config);
  await checkSecretsAtRest(app.log, services.staff, config);

  // Open trades of channels that can be queried (WeChat Pay) are asked about every minute: a late or lost
  // notify is replaced by the query, and a QR trade unpaid for two hours is closed (settle-payment.ts sweep).
  let sweeping = false;
  const sweepTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void services.settlePayment
      .sweep((error, tradeNo) => app.log.warn({ err: error, tradeNo }, 'payment trade query failed'))
      .then((changed) => {
        if (changed > 0) app.log.info({ changed }, 'payment sweep settled or closed trades');
      })
      // Refunds still processing at their channel are asked again or queried (refund-order.ts sweep, ADR 035).
      .then(() =>
        services.refundOrder.sweep((error, refundNo) =>
          app.log.warn({ err: error, refundNo }, 'payment refund query failed'),
        ),
      )
      .then((ended) => {
        if (ended > 0) app.log.info({ ended }, 'refund sweep ended refunds');
      })
      // Buyers' orders whose approval did not come in time are cancelled, their stock freed (issue #38).
      .then(() =>
        services.orderApproval
          .sweep()
          .then((lapsed) => {
            if (lapsed > 0) app.log.info({ lapsed }, 'approval sweep cancelled lapsed orders');
          })
          .catch((error) => app.log.warn({ err: error }, 'approval sweep failed')),
      )
      // Account invoices falling due remind the company (issue #38): before the day, and from the day on.
      .then(() =>
        services.credits
          .remindInvoices()
          .then((reminded) => {
            if (reminded > 0) app.log.info({ reminded }, 'invoice reminders sent');
          })
          .catch((error) => app.log.warn({ err: error }, 'invoice reminders failed')),
      )
      .catch((error) => app.log.warn({ err: error }, 'payment sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, PAYMENT_SWEEP_INTERVAL_MS);
  sweepTimer.unref();
  app.addHook('onClose', async () => clearInterval(sweepTimer));

  // Each morning every channel with a statement is reconciled for its yesterday (ADR 036). Every worker checks;
  // the scheduled run of a day is one row with a unique key, so one of them runs it.
  let reconciling = false;
  const reconcileTimer = setInterval(() => {
    if (reconciling) return;
    reconciling = true;
    void services.reconciliation
      .runDaily()
      .then((runs) => {
        for (const run of runs)
          app.log.info(
            { runId: run.id, provider: run.provider, day: run.day, status: run.status },
            'daily reconciliation',
          );
      })
      .catch((error) => app.log.warn({ err: error }, 'daily reconciliation failed'))
      .finally(() => {
        reconciling = false;
      });
  }, RECONCILE_CHECK_INTERVAL_MS);
  reconcileTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(reconcileTimer);
    await services.reconciliation.idle();
  });

  // Shipped parcels are subscribed at the tracking service, or asked about in turn, every minute (ADR 061); a ship
  // starts a round at once, so this one catches what failed or shipped in another's transaction.
  services.tracking.useLogger(app.log);
  if (services.tracking.providerName) {
    app.log.info(
      { provider: services.tracking.providerName, mode: services.tracking.mode },
      `物流跟踪 / courier tracking: ${services.tracking.providerName}（${services.tracking.mode === 'push' ? '订阅推送' : '定时查询'}）`,
    );
    if (isProduction(config.nodeEnv) && services.tracking.providerName === 'sandbox')
      app.log.warn(
        '沙箱物流服务已通过 SHOP_TRACKING_PROVIDER=sandbox 开启：包裹的物流轨迹由演示快递员模拟，仅用于测试或演示站点',
      );
    const trackingTimer = setInterval(() => {
      void services.tracking
        .runDue()
        .then((round) => {
          if (round.subscribed + round.polled + round.failed > 0) app.log.info(round, 'tracking round');
        })
        .catch((error) => app.log.warn({ err: error }, 'tracking round failed'));
    }, TRACKING_ROUND_INTERVAL_MS);
    trackingTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(trackingTimer);
      await services.tracking.idle();
    });
  }

  // The outbox's workers send e-mail and SMS (#31); the queue's jobs wait in the database for whichever process
  // has workers, so a process with none (SHOP_NOTICE_WORKERS=0) still writes notices.
  if (config.notices.workers > 0) {
    await services.noticeQueue.work(
      config.notices.workers,
      (noticeId, lastTry) => services.notices.deliver(noticeId, lastTry),
      (error) => app.log.warn({ err: error }, 'notice queue error'),
    );
    // The owner's summary every morning at 8 in the shop's time zone, sent once whatever the processes.
    await services.noticeQueue.scheduled('daily-summary', '0 8 * * *', shopTimeZone(), async () => {
      const sent = await services.dailySummary.send();
      app.log.info({ owners: sent }, 'daily summary queued');
    });
    // SKUs that fell to their low-stock line are told to the warehouse, once per fall, within a minute.
    await services.noticeQueue.scheduled('low-stock', '* * * * *', shopTimeZone(), async () => {
      const told = await services.inventory.lowStockAlerts();
      if (told > 0) app.log.info({ skus: told }, 'low-stock notice queued');
    });
    app.addHook('onClose', () => services.noticeQueue.stop());
  }
  app.addHook('onClose', async () => services.closeMail());
  metrics?.watchNotices(() => services.notices.counts(), app.database);

  if (services.sessions) {
    const stop = await listenForSessionChanges(app.database, services.sessions, (error) =>
      app.log.warn({ err: error }, 'session cache off: cannot listen for session changes'),
    );
    app.addHook('onClose', stop);
  }
  await app.register(authPlugin, { authenticate: services.member.authenticate });
  await app.register(staffAuthPlugin, { authenticate: services.staff.authenticate });
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  app.addHook('onClose', async () => services.hub.close());

  // Modules' routes.
  await app.register(healthRoutes, { health: services.health });
  await app.register(captchaRoutes, { captcha: services.captcha });
  await app.register(memberRoutes, { members: services.member });
  await app.register(wechatRoutes, { wechat: services.wechat });
  // Switched off (production without SHOP_WECHAT_SANDBOX=on), the sandbox's scan page does not exist at all.
  if (services.wechat.providerName === 'sandbox')
    await app.register(wechatSandboxRoutes, { wechat: services.wechat });
  const { caches } = services;
  if (caches) {
    const stop = await listenForCatalogueChanges(
      app.database,
      [
        { cache: caches.catalogueReads, tables: CATALOGUE_TABLES },
        { cache: caches.skuOffers, tables: SKU_OFFER_TABLES },
        { cache: caches.checkoutSettings, tables: CHECKOUT_SETTINGS_TABLES },
      ],
      (error) => app.log.warn({ err: error }, 'catalogue caches off: cannot listen for catalogue changes'),
    );
    app.addHook('onClose', stop);
  }
  app.decorate('catalogueCache', caches?.catalogueReads ?? null);
  await app.register(catalogueRoutes, {
    catalogue: services.catalogue,
    cache: caches?.catalogueReads ?? null,
  });
  await app.register(contentRoutes, { content: services.content, cache: caches?.catalogueReads ?? null });
  await app.register(mediaRoutes, { media: services.media });
  await app.register(addressRoutes, { addresses: services.address });
  await app.register(addressBookRoutes, { addressBook: services.addressBook });
  await app.register(cartRoutes, { cart: services.cart });
  await app.register(cartPasteRoutes, { cart: services.cart });
  await app.register(savedListRoutes, { savedLists: services.savedLists });
  await app.register(companyRoutes, { companies: services.companies });
  await app.register(creditRoutes, { credits: services.credits });
  await app.register(quoteRoutes, { quotes: services.quotes });
  await app.register(afterSaleRoutes, { afterSales: services.afterSales });
  await app.register(checkoutRoutes, { checkout: services.checkout });
  await app.register(orderRoutes, { orders: services.orders, buyer: services.orderBuyer });
  // The tracking service's callback, and the sandbox service's own call while it runs (ADR 061).
  await app.register(trackingRoutes, { tracking: services.tracking });
  await app.register(invoiceRoutes, { invoices: services.invoices });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(depositRoutes, { deposits: services.deposits });
  await app.register(ticketRoutes, { tickets: services.tickets });
  await app.register(messageRoutes, { messages: services.messages });
  await app.register(supplierRoutes, { supplier: services.supplier });
  // The staff console's calls (/api/adminService/), each behind the staff guard.
  await app.register(staffConsoleRoutes, { staff: services.staff });
  await app.register(auditConsoleRoutes, { audit: services.audit });
  await app.register(ticketReplyConsoleRoutes, {
    tickets: services.tickets,
    ticketReply: services.ticketReply,
  });
  await app.register(messageConsoleRoutes, { messages: services.messages });
  await app.register(noticeConsoleRoutes, {
    notices: services.notices,
    sandboxOn: config.notices.mailSandbox || config.notices.smsSandbox,
  });
  // The staff order paths (contracts/admin-orders.ts) are registered here: the order module's own calls and the
  // refund workflow's cancel-with-refund and partial refund (docs/conventions.md 'Names'). The same contract's
  // 工作台 count is the dashboard module's.
  await app.register(orderConsoleRoutes, { orders: services.orderConsole });
  await app.register(orderBulkConsoleRoutes, { bulk: services.orderBulk });
  await app.register(refundOrderConsoleRoutes, { flow: services.refundOrder });
  await app.register(invoiceConsoleRoutes, { invoices: services.invoices });
  await app.register(dashboardConsoleRoutes, { dashboard: services.dashboard });
  await app.register(exportsConsoleRoutes, { exports: services.exports });
  services.exports.reportFailuresTo((error, exportId) =>
    app.log.warn({ err: error, exportId }, 'finance export failed'),
  );
  app.addHook('onClose', () => services.exports.settled());
  await app.register(depositConsoleRoutes, { depositAdmin: services.depositAdmin });
  await app.register(catalogueSheetConsoleRoutes, {
    catalogueAdmin: services.catalogueAdmin,
    sheets: services.catalogueSheets,
    clock,
  });
  await app.register(catalogueTaxonomyConsoleRoutes, {
    taxonomy: services.catalogueTaxonomy,
    storeImage: (bytes, prefix) => services.media.storeUpload(bytes, prefix),
  });
  await app.register(catalogueConsoleRoutes, {
    catalogueAdmin: services.catalogueAdmin,
    goodsEditor: services.goodsEditor,
  });
  await app.register(inventoryConsoleRoutes, { inventory: services.inventory });
  await app.register(contentConsoleRoutes, { contentAdmin: services.contentAdmin });
  await app.register(warehouseConsoleRoutes, { warehouses: services.warehouses });
  await app.register(companyConsoleRoutes, { companies: services.companyAdmin });
  await app.register(creditConsoleRoutes, { credits: services.credits });
  await app.register(quoteConsoleRoutes, { quotes: services.quotes });
  await app.register(afterSaleConsoleRoutes, { afterSales: services.afterSales });
  await app.register(promotionConsoleRoutes, {
    checkoutAdmin: services.checkoutAdmin,
    picker: services.cataloguePicker,
    clock,
  });
  await app.register(reconciliationConsoleRoutes, { reconciliation: services.reconciliation });
  await app.register(settingsConsoleRoutes, {
    rates: services.rates,
    paymentAdmin: services.paymentAdmin,
    checkoutAdmin: services.checkoutAdmin,
    bankAccounts: services.bankAccounts,
    audit: services.audit,
  });
  await app.register(sellerConsoleRoutes, { seller: services.seller });
  await app.register(supplierConsoleRoutes, { supplier: services.supplier });
  await app.register(memberConsoleRoutes, {
    memberAdmin: services.memberAdmin,
    memberConsole: services.memberConsole,
    memberLevel: services.memberLevel,
    depositAdmin: services.depositAdmin,
  });
  await app.register(liveRoutes, {
    hub: services.hub,
    authenticate: (token) => services.member.authenticate(token),
    unread: (auth) => services.messages.unreadCount(auth),
  });
  // Workflows' routes.
  await app.register(createOrderRoutes, { orderCreation: services.orderCreation });
  await app.register(cancelOrderRoutes, { flow: services.cancelOrder });
  await app.register(orderApprovalRoutes, { flow: services.orderApproval });
  await app.register(payOnAccountRoutes, { flow: services.payOnAccount });
  await app.register(settleInvoiceRoutes, { flow: services.settleInvoice });
  await app.register(acceptQuoteRoutes, { flow: services.acceptQuote });
  await app.register(afterSaleFlowRoutes, { flow: services.afterSale });
  await app.register(afterSaleFlowConsoleRoutes, {
    flow: services.afterSale,
    afterSales: services.afterSales,
  });
  await app.register(refundOrderRoutes, { flow: services.refundOrder });
  await app.register(repurchaseRoutes, { flow: services.repurchase });
  await app.register(boughtSkusRoutes, { flow: services.boughtSkus });
  await app.register(savedListFlowRoutes, { flow: services.savedListFlow });
  await app.register(payByDepositRoutes, { flow: services.payByDeposit });
  await app.register(onlinePaymentRoutes, { flow: services.onlinePayment });
  await app.register(settlePaymentRoutes, { flow: services.settlePayment });

  // The staff console: its own build and page, never the storefront's (ADR 020). Without a build, /admin says so.
  await app.register(adminWebPlugin, { root: options.adminDist ?? DEFAULT_ADMIN_DIST });
  // What crawlers read: robots.txt and the sitemap of every public page on the shelf (issue #40).
  await app.register(sitemapPlugin, { services, publicUrl: config.publicUrl });
  const storefrontHead = createStorefrontHead(services);
  if (hasStorefront) {
    await app.register(staticWebPlugin, {
      root: config.webDist,
      leadImage: createLeadImage(services),
      answerImage: listFirstImage,
      shell: createStorefrontShell(services),
      head: (pathname, request, answers) =>
        storefrontHead(pathname, originOf(request, config.publicUrl), answers),
    });
  } else {
    app.log.warn({ webDist: config.webDist }, 'storefront build not found: serving the API only');
  }
  return app;
}

/**
 * Says at start which payment methods take money and through which provider, so an operator sees before the
 * first order whether a sandbox (which pays without money) is live, or a method is enabled but cannot work.
 */
async function logPaymentMethods(log: FastifyBaseLogger, services: Services, config: AppConfig) {
  const methods = await services.payments.liveMethods();
  const live = methods.filter((m) => m.live);
  const dead = methods.filter((m) => !m.live);
  log.info(
    { methods: live.map((m) => `${m.code}:${m.provider}`) },
    `支付方式 / payment methods live: ${live.map((m) => `${m.name}（${m.code}，${m.provider}）`).join('、') || '无'}`,
  );
  if (dead.length > 0)
    log.warn(
      { methods: dead.map((m) => `${m.code}:${m.provider}`) },
      `已启用但渠道未运行，不会向顾客提供 / enabled but not offered (provider not running): ${dead.map((m) => m.code).join(', ')}`,
    );
  if (isProduction(config.nodeEnv) && services.wechat.providerName === 'sandbox')
    log.warn(
      '微信沙箱登录已通过 SHOP_WECHAT_SANDBOX=on 开启：任何人都可扮演任意微信用户登录已绑定的账号，仅用于测试或演示站点',
    );
  const sandboxLive = live.filter((m) => m.provider === SANDBOX_PROVIDER);
  if (isProduction(config.nodeEnv) && sandboxLive.length > 0)
    log.warn(
      { methods: sandboxLive.map((m) => m.code) },
      '沙箱支付已通过 SHOP_PAY_SANDBOX=on 开启：顾客无需真实付款即可完成支付，仅用于测试或演示站点',
    );
}

/** How often the open trades of queryable channels are asked about. */
export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;
/** How often each API process runs a round of courier tracking (ADR 061). */
export const TRACKING_ROUND_INTERVAL_MS = 60_000;
/** How often each worker looks whether a channel's daily reconciliation is due (ADR 036). */
export const RECONCILE_CHECK_INTERVAL_MS = 5 * 60_000;

export type App = Awaited<ReturnType<typeof buildApp>>;
