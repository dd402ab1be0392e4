import { Permission, type SkuOffer } from '@shop/domain';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { createLiveHub } from './lib/live-hub';
import type { MemberNotifier } from './lib/member-notice';
import { NO_COUNTERS, type ShopCounters } from './lib/metrics';
import type { RateLimiter } from './lib/rate-limiter';
import { ReadCache } from './lib/read-cache';
import { setShopTimeZone } from './lib/shop-day';
import type { StaffNotifier } from './lib/staff-notice';
import { createAddressService } from './modules/address';
import { createAddressBookService } from './modules/address-book';
import { createAfterSaleService } from './modules/aftersale';
import { createAuditService } from './modules/audit';
import { createCaptchaService } from './modules/captcha';
import { createCartService } from './modules/cart';
import {
  createCatalogueAdminService,
  createCataloguePicker,
  createCatalogueService,
  createCatalogueSheetExport,
  createCatalogueTaxonomyService,
  createGoodsEditorService,
} from './modules/catalogue';
import { createCheckoutAdminService, createCheckoutService } from './modules/checkout';
import {
  adminIds,
  type CompanyMemberPort,
  createCompanyAdminService,
  createCompanyService,
  isMemberOf,
  priceLevelSql,
} from './modules/company';
import { createContentAdminService, createContentService } from './modules/content';
import { createCreditService, creditNoteForOrder } from './modules/credit';
import { createDashboardService } from './modules/dashboard';
import { createBankAccountService, createDepositAdminService, createDepositService } from './modules/deposit';
import { createExportService } from './modules/exports';
import { createHealthService } from './modules/health';
import { createInventoryService, writeStockChange } from './modules/inventory';
import { createInvoiceService } from './modules/invoice';
import { createMediaService, createMediaStore } from './modules/media';
import {
  type CodePort,
  createMemberAdminService,
  createMemberService,
  createSessionCache,
  sessionsChanged,
} from './modules/member';
import { createMessageService } from './modules/messages';
import type { SmsProvider } from './modules/notices';
import {
  createAliyunSms,
  createNoticeQueue,
  createNoticeService,
  createSandboxOutbox,
  createSmsRouter,
  createSmtpMail,
  createTencentSms,
  createTwilioSms,
} from './modules/notices';
import {
  createOrderAdminService,
  createOrderBulkService,
  createOrderBuyerService,
  createOrderConsoleService,
  createOrderPreOrders,
  createOrderService,
  findOrderForPayment,
  latestMemberOrders,
  parcelOwners,
  refundWayOf,
  saveTrackedEvents,
  shippedParcels,
} from './modules/order';
import {
  createPaymentAdminService,
  createPaymentProviders,
  createPaymentRefundService,
  createPaymentService,
} from './modules/payment';
import { createQuoteService } from './modules/quote';
import { createRateService } from './modules/rate';
import { createReconciliationService } from './modules/reconciliation';
import { createSavedListService } from './modules/saved-list';
import { createSellerService } from './modules/seller';
import { createStaffService, secretBoxOf } from './modules/staff';
import { createSupplierService } from './modules/supplier';
import { createTicketService, latestMemberTickets } from './modules/tickets';
import { createTrackingService } from './modules/tracking';
import { createWarehouseService } from './modules/warehouse';
import { createWechatProvider, createWechatService } from './modules/wechat';
import { SHOP_NAME } from './shop-name';
import { createAcceptQuoteFlow } from './workflows/accept-quote';
import { createAfterSaleFlow } from './workflows/after-sale';
import { createBoughtSkusFlow } from './workflows/bought-skus';
import { createCancelOrderFlow } from './workflows/cancel-order';
import { createDailySummaryFlow } from './workflows/daily-summary';
import { createMemberLevelFlow } from './workflows/member-level';
import { createMemberConsoleFlow } from './workflows/member-page';
import { createOnlinePaymentFlow } from './workflows/online-payment';
import { createOrderApprovalFlow } from './workflows/order-approval';
import { createPayByDepositFlow } from './workflows/pay-by-deposit';
import { createPayOnAccountFlow } from './workflows/pay-on-account';
import { createOrderCreationService } from './workflows/place-order';
import { quoteLinePricer } from './workflows/quote-pricing';
import { createRefundOrderFlow } from './workflows/refund-order';
import { createRepurchaseFlow } from './workflows/repurchase';
import { createSavedListFlow } from './workflows/saved-list';
import { createServePreOrders } from './workflows/serve-pre-orders';
import { createSettleInvoiceFlow } from './workflows/settle-invoice';
import { createSettlePaymentFlow } from './workflows/settle-payment';
import { createTicketReplyFlow } from './workflows/ticket-reply';

/**
 * The SMS gateways by the number's country (docs/decisions/041-sms-gateways.md): Alibaba or Tencent for +86, Twilio
 * for +61, the sandbox's outbox for a country without its gateway when the sandbox is on; none at all: no SMS.
 */
function smsGateways(
  config: AppConfig,
  shop: { name: string; url: string },
  sandbox: SmsProvider | undefined,
): SmsProvider | undefined {
  const { aliyun, tencent, twilio, chinaProvider } = config.sms ?? {};
  const china =
    tencent && (chinaProvider === 'tencent' || !aliyun)
      ? createTencentSms(tencent)
      : aliyun
        ? createAliyunSms(aliyun)
        : undefined;
  const australia = twilio ? createTwilioSms(twilio, { shop }) : undefined;
  if (!china && !australia && !sandbox) return undefined;
  return createSmsRouter({ china, australia, sandbox });
}

export interface ServiceDeps {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** The server's business counters (GET /metrics); the command line counts nothing. */
  counters?: ShopCounters;
}

/**
 * The composition root: every module's service, then the workflows that join them, wired once for the app and
 * the command line. A module never imports a sibling; where it needs another module's capability it declares a
 * port and gets it here. Flows that change several modules' data in one transaction are workflows
 * (docs/decisions/009-workflows-and-module-boundaries.md).
 */
export function createServices({
  config,
  database,
  clock,
  rateLimiter,
  counters = NO_COUNTERS,
}: ServiceDeps) {
  const { db } = database;
  setShopTimeZone(config.timeZone);
  // What an API process keeps in memory of the catalogue and the checkout settings (ADR 022). They answer only
  // once the app listens for changes (app.ts); the command line never does, so there they are bypassed.
  const caches =
    config.catalogueCacheBytes > 0
      ? {
          catalogueReads: new ReadCache(config.catalogueCacheBytes),
          // The SKUs carts show, one entry per SKU and price level: counted at a nominal kilobyte each.
          skuOffers: new ReadCache<SkuOffer>(
            Math.max(1024 * 1024, config.catalogueCacheBytes / 4),
            () => 1024,
          ),
          // A few small lists: counted at a nominal kilobyte each.
          checkoutSettings: new ReadCache<unknown>(1024 * 1024, () => 1024),
        }
      : null;

  // Modules.
  const captcha = createCaptchaService({ db, clock, rateLimiter, testAnswer: config.testCaptcha });
  // Members' live sessions (member.sessions.ts): like the caches, used only once the app listens for changes.
  const sessions = config.sessionCache ? createSessionCache() : null;
  // Codes by SMS and e-mail for members (忘记密码, SMS sign-in, binding, the console's reset). The notices module
  // is made below; these run only once a request arrives.
  const memberCodes: CodePort = {
    canSend: (channel) => (channel === 'email' ? notices.canSendEmail : notices.canSendSms),
    issueCode: (executor, input) => notices.issueCode(executor, input),
    withCode: (input, within) => notices.withCode(input, within),
  };
  const member = createMemberService({
    db,
    clock,
    rateLimiter,
    captcha,
    counters,
    sessions,
    resendAfterSeconds: config.notices.codeResendSeconds,
    codes: memberCodes,
    // A company member's prices are the company's level (ADR 055).
    priceLevel: priceLevelSql,
  });
  // The staff console's foundation: every staff action is audited on its own transaction.
  const audit = createAuditService({ db, clock });
  const staff = createStaffService({
    db,
    clock,
    rateLimiter,
    captcha,
    secrets: secretBoxOf(config),
    audit: audit.record,
    counters,
    // Only where mail can leave (a server, or the sandbox): else a mailed code could never arrive. The notices
    // module is made below; these run only once a staff member signs in.
    emailCodes:
      config.notices.smtp || config.notices.mailSandbox
        ? {
            issue: (executor, { target, staffId }) =>
              notices.issueCode(executor, { scene: 'staff', channel: 'email', target, staffId }),
            withCode: (input, within) => notices.withCode({ scene: 'staff', ...input }, within),
          }
        : undefined,
  });
  const wechat = createWechatService({
    db,
    clock,
    rateLimiter,
    provider: createWechatProvider(config),
    members: member,
  });
  const supplier = createSupplierService({ db, clock, rateLimiter, captcha, audit: audit.record });
  const rates = createRateService({ db, clock, audit: audit.record, cache: caches?.checkoutSettings });
  const hub = createLiveHub(database);
  const messages = createMessageService({
    db,
    hub,
    joinedAt: (memberId) => member.joinedAt(memberId),
    idsByUsernames: (usernames) => member.idsByUsernames(usernames),
    usernames: async (ids) =>
      new Map([...(await member.briefs(ids))].map(([id, brief]) => [id, brief.username])),
    audit: audit.record,
  });
  // Messages that leave the shop (#31): the SMTP server or the sandbox's outbox; the SMS gateways join here.
  const shop = { name: SHOP_NAME, url: config.notices.shopUrl };
  const outbox = createSandboxOutbox(db, shop);
  const smtp = config.notices.smtp ? createSmtpMail(config.notices.smtp) : undefined;
  const noticeQueue = createNoticeQueue(database, {
    retryLimit: config.notices.retries,
    retryDelaySeconds: config.notices.retryDelaySeconds,
    sendTimeoutSeconds: config.notices.sendTimeoutSeconds,
  });
  const notices = createNoticeService({
    db,
    clock,
    queue: noticeQueue,
    mail: smtp ?? (config.notices.mailSandbox ? outbox.mail : undefined),
    sms: smsGateways(config, shop, config.notices.smsSandbox ? outbox.sms : undefined),
    shop,
    contacts: (executor, memberId) => member.noticeContacts(executor, memberId),
    staffContacts: (executor, permission, options) => staff.noticeRecipients(executor, permission, options),
    onSent: (channel, outcome) => counters.noticeSent(channel, outcome),
    audit: audit.record,
  });
  const notifyStaff: StaffNotifier = (executor, notice) =>
    notices.forStaff(executor, notice.permission, notice.kind, notice.params, {
      owners: notice.owners,
      except: notice.except,
    });
  // The in-shop message always; e-mail and SMS as the member chose. An order paid, however, is work for the
  // warehouse: its staff hear of it too.
  const notify: MemberNotifier = async (executor, notice) => {
    await messages.send(executor, notice);
    if (!notice.outside) return;
    await notices.forMember(executor, notice.memberId, notice.outside.kind, notice.outside.params);
    if (notice.outside.kind === 'paid')
      await notifyStaff(executor, {
        permission: Permission.orderFulfil,
        kind: 'staffOrderToPack',
        params: { orderNo: notice.outside.params.orderNo ?? '' },
      });
  };
  /** Members' names (or usernames) by id, as orders and approvals say who placed or decided them. */
  const memberNames = async (ids: readonly number[]) =>
    new Map([...(await member.briefs(ids))].map(([id, brief]) => [id, brief.name || brief.username]));
  const orders = createOrderService({
    db,
    clock,
    // A company member sees the company's orders with who placed each (issue #38).
    companyOf: (memberId) => companies.membership(memberId),
    memberNames,
    // Called per request, after the catalogue below exists.
    expectedDates: (skuIds) => catalogue.expectedDates(skuIds),
  });
  const orderBuyer = createOrderBuyerService({ db, clock });
  const media = createMediaService({ db, store: createMediaStore(db, config.mediaObjectStorage) });
  const deposits = createDepositService({
    db,
    clock,
    orderNumbers: orders.orderNumbers,
    rateLimiter,
    notifyStaff,
    slips: {
      storeUpload: async (bytes, folder) => (await media.storeUpload(bytes, folder)).path,
      readPrivate: (path) => media.readPrivate(path),
      deleteFiles: (paths) => media.deleteFiles(paths),
    },
  });
  const depositAdmin = createDepositAdminService({
    db,
    clock,
    deposits,
    members: member,
    orderNumbers: orders.orderNumbers,
    notify,
    audit: audit.record,
  });
  const health = createHealthService(database);
  const catalogue = createCatalogueService({
    db,
    clock,
    members: member,
    rateLimiter,
    rates,
    offers: caches?.skuOffers,
  });
  const bankAccounts = createBankAccountService({ db, clock, audit: audit.record, notifyStaff });
  const content = createContentService({ db, bankAccounts: (executor) => bankAccounts.current(executor) });
  const catalogueAdmin = createCatalogueAdminService({ db, audit: audit.record });
  const inventory = createInventoryService({
    db,
    audit: audit.record,
    catalogueChanged: () => catalogue.catalogueChanged(),
    // Called after a stock change commits, when servePreOrders below exists.
    stockArrived: (skuIds, by) => servePreOrders.arrived(skuIds, by),
    notifyStaff,
  });
  // Stock that arrives serves the pre-orders waiting for it, first come first served (issue #39).
  const servePreOrders = createServePreOrders({
    db,
    preOrders: createOrderPreOrders(),
    inventory,
    notify,
    audit: audit.record,
  });
  const catalogueTaxonomy = createCatalogueTaxonomyService({ db, audit: audit.record });
  const cataloguePicker = createCataloguePicker({ db });
  const catalogueSheets = createCatalogueSheetExport({ db });
  const goodsEditor = createGoodsEditorService({
    db,
    audit: audit.record,
    ports: {
      storeUpload: async (data, folder) => (await media.storeUpload(data, folder)).path,
      orderedSkuIds: (skuIds, executor) => orders.orderedSkuIds(skuIds, executor),
      writeStock: (tx, change) => writeStockChange(tx, audit.record, change),
      stockArrived: (skuIds, by) => servePreOrders.arrived(skuIds, by),
    },
  });
  const contentAdmin = createContentAdminService({
    db,
    audit: audit.record,
    storeUpload: (bytes, prefix) => media.storeUpload(bytes, prefix),
  });
  const address = createAddressService();
  const addressBook = createAddressBookService({
    db,
    clock,
    // A company member's books hold the company's entries too (issue #38).
    companyOf: (memberId) => companies.membership(memberId),
  });
  const cart = createCartService({ db, catalogue, rates, counters, rateLimiter });
  const savedLists = createSavedListService({ db, clock, catalogue });
  const companyMembers: CompanyMemberPort = {
    briefs: (ids) => member.briefs(ids),
    idsByUsernames: (usernames) => member.idsByUsernames(usernames),
    idByProvedContact: (contact) => member.idByProvedContact(contact),
    provedContacts: (memberId, executor) => member.provedContacts(memberId, executor),
  };
  const companies = createCompanyService({
    db,
    clock,
    members: companyMembers,
    notify,
    // The invite goes to the phone or address itself: the invitee may be no member yet.
    sendInvite: (executor, invite) => notices.forContact(executor, { kind: 'companyInvite', ...invite }),
    audit: audit.record,
    sessionsChanged,
  });
  const companyAdmin = createCompanyAdminService({
    db,
    clock,
    members: companyMembers,
    audit: audit.record,
    sessionsChanged,
  });
  const warehouses = createWarehouseService({ db, clock, audit: audit.record });
  const seller = createSellerService({ db, clock, audit: audit.record });
  const checkout = createCheckoutService({
    db,
    clock,
    cart,
    catalogue,
    rates,
    warehouses,
    seller,
    settings: caches?.checkoutSettings,
  });
  const checkoutAdmin = createCheckoutAdminService({ db, audit: audit.record });
  // Courier tracking (docs/decisions/061): each shipped parcel followed at the tracking service, its events written
  // through the order module's face, its milestones told to the member.
  const tracking = createTrackingService({
    db,
    clock,
    config: config.tracking,
    notify,
    ports: {
      trackingCodeOf: (courierCode) => checkoutAdmin.trackingCodeOf({ code: courierCode }),
      saveEvents: (executor, logisticCode, events) => saveTrackedEvents(executor, logisticCode, events),
      parcelOwners: (executor, logisticCode) => parcelOwners(executor, logisticCode),
      shippedParcels: async (since) => {
        const [parcels, couriers] = await Promise.all([
          shippedParcels(db, since),
          checkoutAdmin.listCouriers(),
        ]);
        const codes = new Map(couriers.map((c) => [c.id, c.code]));
        return parcels.flatMap((p) => {
          const courierCode = codes.get(p.courierId);
          return courierCode ? [{ ...p, courierCode }] : [];
        });
      },
    },
  });
  const orderAdmin = createOrderAdminService({
    db,
    clock,
    ports: {
      storeUpload: async (data, folder) => (await media.storeUpload(data, folder)).path,
      idsByUsernames: (usernames) => member.idsByUsernames(usernames),
      courierByCode: (code, executor) => checkoutAdmin.courierByCode(code, executor),
      notify,
      audit: audit.record,
      tracking: {
        shipped: (executor, parcel) => tracking.parcelShipped(executor, parcel),
        committed: () => tracking.shipCommitted(),
      },
    },
  });
  // The staff console's orders and 工作台: the same order functions as the command line.
  const orderConsole = createOrderConsoleService({
    db,
    orderAdmin,
    ports: {
      idsByUsernames: (usernames) => member.idsByUsernames(usernames),
      usernamesByIds: (ids) => member.usernamesByIds(ids),
      orderPayments: (orderId) => payments.orderPayments(orderId),
      activeCouriers: () => checkoutAdmin.activeCouriers(),
      expectedDates: (skuIds) => catalogue.expectedDates(skuIds),
      skuIdsByCode: (prefix, limit) => cataloguePicker.skuIdsByCode(prefix, limit),
      // Called per request, after paymentRefunds below exists.
      refundsThrough: (provider) => paymentRefunds.refundsThrough(provider),
      orderRefunds: (orderId) => paymentRefunds.listOrderRefunds(orderId),
    },
  });
  // Printing and shipping many orders at once: each pack through orderAdmin's one ship.
  const orderBulk = createOrderBulkService({
    db,
    clock,
    orderAdmin,
    shopName: SHOP_NAME,
    fontPath: config.invoiceFontPath,
    ports: {
      activeCouriers: () => checkoutAdmin.activeCouriers(),
      skuCodes: async (skuIds) =>
        new Map((await cataloguePicker.skusByIds(skuIds)).map((s) => [s.skuId, s.skuCode])),
      audit: audit.record,
    },
  });
  const dashboard = createDashboardService({ db, clock });
  const exports = createExportService({ db, clock, audit: audit.record });
  const paymentAdmin = createPaymentAdminService({
    db,
    gatewayConfigured: config.paymentGateway !== undefined,
    wechatPayConfigured: config.wechatPay !== undefined,
    stripeConfigured: config.stripe !== undefined,
    alipayConfigured: config.alipay !== undefined,
    audit: audit.record,
    providerChosen: (code) => audit.chosenByPerson('payment.update', code, 'provider'),
  });
  const paymentProviders = createPaymentProviders({
    db,
    clock,
    sandboxEnabled: config.paymentSandbox,
    sandboxNotifyDelayMs: config.sandboxNotifyDelayMs,
    gateway: config.paymentGateway,
    wechatPay: config.wechatPay,
    stripe: config.stripe,
    alipay: config.alipay,
  });
  // Pay on account (issue #38): the company's credit, invoices and statements.
  const credits = createCreditService({
    db,
    clock,
    membership: (memberId) => companies.membership(memberId),
    companyBrief: (companyId) => companies.brief(companyId),
    adminIds,
    isMemberOf,
    memberNames,
    notify,
    audit: audit.record,
    fontPath: config.invoiceFontPath,
  });
  const payments = createPaymentService({
    db,
    clock,
    providers: paymentProviders,
    rateLimiter,
    accountCredit: (memberId) => credits.accountCredit(memberId),
  });

  const tickets = createTicketService({
    db,
    clock,
    hub,
    rateLimiter,
    notifyStaff,
    ports: {
      memberOrder: (memberId, orderId) => orders.memberOrderRef(memberId, orderId),
      orderNumbers: (ids) => orders.orderNumbers(ids),
      displayName: (memberId) => member.displayName(memberId),
      storeUpload: (bytes, prefix) => media.storeUpload(bytes, prefix),
      deleteFiles: (paths) => media.deleteFiles(paths),
      memberBriefs: (ids) => member.briefs(ids),
      orderBriefs: (filter) => orders.briefs(filter),
    },
    audit: audit.record,
  });

  // Workflows: one transaction across modules each.
  const orderCreation = createOrderCreationService({
    db,
    clock,
    checkout,
    catalogue,
    addressBook,
    companyOf: (memberId) => companies.membership(memberId),
    counters,
    notify,
  });
  const orderApproval = createOrderApprovalFlow({
    db,
    clock,
    membership: (memberId) => companies.membership(memberId),
    memberNames,
    orders,
    inventory,
    catalogue,
    notify,
    audit: audit.record,
  });
  const cancelOrder = createCancelOrderFlow({
    db,
    orders,
    inventory,
    catalogue,
    closeTrades: (orderId) => payments.closeOrderTrades(orderId),
  });
  const repurchase = createRepurchaseFlow({ orders, cart });
  const boughtSkus = createBoughtSkusFlow({ buyer: orderBuyer, catalogue });
  const savedListFlow = createSavedListFlow({ savedLists, cart, orders });
  const payByDeposit = createPayByDepositFlow({
    db,
    clock,
    deposits,
    rates,
    methodEnabled: (code) => paymentAdmin.isEnabled(code),
    notify,
    counters,
  });
  // Quotes (issue #38): asked by members, answered by staff, accepted into orders at the quoted prices.
  const quotes = createQuoteService({
    db,
    clock,
    membership: (memberId) => companies.membership(memberId),
    selectedLines: async (memberId) =>
      (await cart.selectedLines(memberId)).map((l) => ({ skuId: l.skuId, qty: l.qty })),
    priceLines: quoteLinePricer({ catalogue, checkout }),
    memberNames,
    companyNames: async (ids) =>
      new Map(
        (
          await Promise.all(ids.map(async (id) => [id, (await companies.brief(id))?.name ?? ''] as const))
        ).filter(([, name]) => name !== ''),
      ),
    memberIdsLike: async (keyword) => [...(await member.idsByUsernames([keyword])).values()],
    notify,
    notifyStaff,
    audit: audit.record,
  });
  const acceptQuote = createAcceptQuoteFlow({ clock, quotes, checkout, catalogue, orders: orderCreation });
  const payOnAccount = createPayOnAccountFlow({
    db,
    clock,
    membership: (memberId) => companies.membership(memberId),
    methodEnabled: (code) => paymentAdmin.isEnabled(code),
    notify,
    audit: audit.record,
    counters,
  });
  const settleInvoice = createSettleInvoiceFlow({ db, clock, credits, deposits, audit: audit.record });
  const settlePayment = createSettlePaymentFlow({
    db,
    clock,
    payments,
    deposits,
    notify,
    counters,
    // Called per notify, after refundOrder below exists.
    applyRefund: (tx, provider, state) => refundOrder.applyNotifiedState(tx, provider, state),
  });
  const onlinePayment = createOnlinePaymentFlow({
    db,
    payments,
    deposits,
    rates,
    reconcile: (payment) => settlePayment.reconcile(payment),
  });
  const paymentRefunds = createPaymentRefundService({ db, clock, providers: paymentProviders, rateLimiter });
  const afterSales = createAfterSaleService({
    db,
    clock,
    couriers: async () => (await checkoutAdmin.activeCouriers()).map((c) => ({ code: c.code, name: c.name })),
    courierByCode: (code, executor) => checkoutAdmin.courierByCode(code, executor),
    memberNames: (ids) => member.usernamesByIds(ids),
    memberIdsLike: async (keyword) => [...(await member.idsByUsernames([keyword])).values()],
    notify,
    notifyStaff,
    audit: audit.record,
  });
  const refundOrder = createRefundOrderFlow({
    db,
    // A refund of an order paid on account reduces its invoice first (issue #38).
    creditNote: creditNoteForOrder,
    // A channel refund of an after-sales request ends the request with it (issue #39).
    refundEnded: (tx, ended) => afterSales.refundEnded(tx, ended),
    clock,
    inventory,
    catalogue,
    deposits,
    notifyStaff,
    notify,
    audit: audit.record,
    refunds: paymentRefunds,
  });
  const afterSale = createAfterSaleFlow({
    db,
    clock,
    afterSales,
    inventory,
    refunds: refundOrder,
    refundWay: async (orderId) => {
      const [order, paid] = await Promise.all([
        findOrderForPayment(db, orderId),
        payments.orderPayments(orderId),
      ]);
      const paidBy = paid.find((p) => p.status === 'paid' && p.settlement === 'order');
      return order
        ? refundWayOf(order, paidBy, (provider) => paymentRefunds.refundsThrough(provider))
        : 'offline';
    },
    courierByCode: (code, executor) => checkoutAdmin.courierByCode(code, executor),
    memberName: async (memberId) => (await member.usernamesByIds([memberId])).get(memberId) ?? '',
    notify,
    notifyStaff,
    audit: audit.record,
  });
  const reconciliation = createReconciliationService({
    db,
    clock,
    channels: () => payments.runningProviders(),
    books: (input) => payments.booksOfDay(input),
    latePayments: {
      confirm: (late) => settlePayment.confirmLatePayment(late),
      apply: (tx, late) => settlePayment.applyLatePayment(tx, late),
    },
    audit: audit.record,
  });
  const ticketReply = createTicketReplyFlow({
    db,
    tickets,
    messages,
    notifyOutside: (executor, memberId, kind, params) => notices.forMember(executor, memberId, kind, params),
    media,
    audit: audit.record,
    staffName: async (by) =>
      by.staffId === null ? by.actor : (await staff.findByUsername(by.actor)).name || by.actor,
  });
  // The console's members pages: the member module's profile beside that member's orders and tickets.
  const memberAdmin = createMemberAdminService({
    db,
    clock,
    audit: audit.record,
    rateLimiter,
    resendAfterSeconds: config.notices.codeResendSeconds,
    shopUrl: config.notices.shopUrl,
    codes: memberCodes,
  });
  const memberConsole = createMemberConsoleFlow({
    members: memberAdmin,
    latestOrders: (memberId, limit) => latestMemberOrders(db, memberId, limit),
    latestTickets: (memberId, limit) => latestMemberTickets(db, memberId, limit),
  });
  const memberLevel = createMemberLevelFlow({ db, members: member, messages, audit: audit.record });
  // Tax invoices and fapiao (docs/invoices.md): the order's amounts and GST, the member's business details and
  // the seller settings, each from its own module; issued fapiao PDFs kept private like transfer slips.
  const invoices = createInvoiceService({
    db,
    clock,
    orders,
    members: member,
    seller,
    files: {
      storeFile: (bytes, folder, contentType, ext) => media.storePrivateFile(bytes, folder, contentType, ext),
      readPrivate: (path) => media.readPrivate(path),
      deleteFiles: (paths) => media.deleteFiles(paths),
    },
    audit: audit.record,
    fontPath: config.invoiceFontPath,
  });

  const dailySummary = createDailySummaryFlow({
    db,
    clock,
    overview: () => dashboard.overview(),
    failedNotices: async () => (await notices.counts()).failed ?? 0,
    ownerEmails: () => staff.ownerEmails(),
    enqueue: (executor, list) => notices.enqueue(executor, list),
  });

  return {
    caches,
    servePreOrders,
    afterSales,
    afterSale,
    invoices,
    sessions,
    captcha,
    member,
    audit,
    staff,
    wechat,
    supplier,
    deposits,
    depositAdmin,
    bankAccounts,
    health,
    catalogue,
    content,
    media,
    catalogueAdmin,
    inventory,
    catalogueTaxonomy,
    cataloguePicker,
    catalogueSheets,
    goodsEditor,
    contentAdmin,
    address,
    addressBook,
    rates,
    cart,
    savedLists,
    companies,
    companyAdmin,
    warehouses,
    seller,
    checkout,
    checkoutAdmin,
    orders,
    orderBuyer,
    orderAdmin,
    orderConsole,
    tracking,
    orderBulk,
    dashboard,
    exports,
    payments,
    paymentAdmin,
    orderCreation,
    cancelOrder,
    orderApproval,
    credits,
    payOnAccount,
    settleInvoice,
    quotes,
    acceptQuote,
    repurchase,
    boughtSkus,
    savedListFlow,
    payByDeposit,
    onlinePayment,
    settlePayment,
    paymentRefunds,
    reconciliation,
    refundOrder,
    hub,
    messages,
    notices,
    noticeQueue,
    closeMail: () => smtp?.close(),
    tickets,
    ticketReply,
    memberLevel,
    memberAdmin,
    memberConsole,
    dailySummary,
  };
}

export type Services = ReturnType<typeof createServices>;
