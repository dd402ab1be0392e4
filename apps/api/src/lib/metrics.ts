import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle, DatabaseUsage } from '../db/client';

/**
 * What the shop counts for Prometheus (GET /metrics, plugins/metrics.ts). Each app has a registry of its own,
 * never prom-client's global one: tests build many apps in one process, and each app's numbers are its own.
 */

/** Request latency buckets in seconds: a cached catalogue answer (5 ms) to a stuck one (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: one label, not one per probed address. */
export const UNMATCHED_ROUTE = 'unmatched';

export type LoginKind = 'member' | 'staff';
/** Why a payment notify was turned away: its signature, or the channel's callback was refused. */
export type NotifyRejection = 'signature' | 'refused';
/** How a payment was settled: a channel's notify (order or recharge), or an order paid from the deposit. */
export type SettledVia = 'online' | 'deposit' | 'account';
/** Where goods were refused for lack of stock: placing an order, or putting them in the cart. */
export type StockRefusalPlace = 'order' | 'cart';

/** The business events the modules and workflows count, each once it has really happened (after its commit). */
export interface ShopCounters {
  orderCreated(): void;
  paymentSettled(via: SettledVia): void;
  notifyRejected(reason: NotifyRejection): void;
  loginRefused(kind: LoginKind): void;
  stockRefused(place: StockRefusalPlace): void;
  /** A notice's send attempt (#31): sent, failed for good, or to be tried again. */
  noticeSent(channel: NoticeChannelLabel, outcome: NoticeOutcome): void;
}

export type NoticeChannelLabel = 'email' | 'sms';
export type NoticeOutcome = 'sent' | 'failed' | 'retry';

export interface ShopMetricsOptions {
  /** prom-client's process metrics (event loop lag, memory, CPU, GC): the server's apps only. */
  processMetrics: boolean;
}

/** One app's metrics: its registry, the HTTP histogram, the business counters. */
export function createShopMetrics(options: ShopMetricsOptions) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their latency',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const ordersCreated = counter('shop_orders_created_total', 'Orders created (committed)');
  const paymentsSettled = counter(
    'shop_payments_settled_total',
    'Payments settled (committed): a paid notify of a channel, or an order paid from the deposit',
    ['via'],
  );
  const notifiesRejected = counter(
    'shop_payment_notifies_rejected_total',
    'Payment notifies turned away: a signature that does not verify, or a notify the shop refused',
    ['reason'],
  );
  const loginsRefused = counter(
    'shop_logins_refused_total',
    'Logins refused for a wrong name or password (staff also: disabled account, wrong second-factor code)',
    ['kind'],
  );
  const stockRefusals = counter(
    'shop_stock_refusals_total',
    'An order or a cart change refused for lack of stock',
    ['place'],
  );
  const noticeAttempts = counter(
    'shop_notices_total',
    'Notice send attempts by channel and outcome: sent, failed for good, or to be tried again',
    ['channel', 'outcome'],
  );
  for (const channel of ['email', 'sms'] as const)
    for (const outcome of ['sent', 'failed', 'retry'] as const) noticeAttempts.labels(channel, outcome);
  // The labelled series exist from the start at 0, so a rate() sees the first one.
  for (const reason of ['signature', 'refused'] as const) notifiesRejected.labels(reason);
  for (const kind of ['member', 'staff'] as const) loginsRefused.labels(kind);
  for (const via of ['online', 'deposit'] as const) paymentsSettled.labels(via);
  for (const place of ['order', 'cart'] as const) stockRefusals.labels(place);

  const counters: ShopCounters = {
    orderCreated: () => ordersCreated.inc(),
    paymentSettled: (via) => paymentsSettled.labels(via).inc(),
    notifyRejected: (reason) => notifiesRejected.labels(reason).inc(),
    loginRefused: (kind) => loginsRefused.labels(kind).inc(),
    stockRefused: (place) => stockRefusals.labels(place).inc(),
    noticeSent: (channel, outcome) => noticeAttempts.labels(channel, outcome).inc(),
  };

  return {
    registry,
    counters,
    /** Records one answered request; `route` is the route's pattern (or UNMATCHED_ROUTE), never its URL. */
    observeRequest(route: string, method: string, status: number, seconds: number) {
      httpDuration.labels(route, method, String(status)).observe(seconds);
    },
    /**
     * The database's connections, read at each scrape (a gauge set on every query would cost the hot path). On
     * the embedded database: its one connection, busy or not, and the statements queued behind the running one.
     */
    watchDatabase(database: DatabaseHandle) {
      const gauge = (name: string, help: string, read: (usage: DatabaseUsage) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['driver'] as const,
          registers: [registry],
          collect() {
            this.labels(database.driver).set(read(database.usage()));
          },
        });
      gauge(
        'shop_db_connections',
        "Database connections open (the pool's, or the embedded one)",
        (u) => u.total,
      );
      gauge('shop_db_idle_connections', 'Database connections not running a statement', (u) => u.idle);
      gauge('shop_db_waiting_queries', 'Statements waiting for a free connection', (u) => u.waiting);
    },
    /**
     * Notices in the outbox by status (waiting, sending, sent, failed, discarded), counted at a scrape. A scrape
     * waits at most 250 ms for the count and otherwise shows the last one, and counts nothing while the database
     * has no idle connection: a busy database must neither stop /metrics from answering nor get busier for it.
     */
    watchNotices(counts: () => Promise<Record<string, number>>, database: DatabaseHandle) {
      let last: Record<string, number> = {};
      let counting: Promise<void> | null = null;
      new Gauge({
        name: 'shop_notices',
        help: 'Notices in the outbox by status: waiting, sending, sent, failed, discarded',
        labelNames: ['status'] as const,
        registers: [registry],
        async collect() {
          if (!counting && database.usage().idle > 0)
            counting = counts()
              .then((byStatus) => {
                last = byStatus;
              })
              .catch(() => {})
              .finally(() => {
                counting = null;
              });
          if (counting) await Promise.race([counting, new Promise((r) => setTimeout(r, 250).unref())]);
          for (const status of ['waiting', 'sending', 'sent', 'failed', 'discarded'])
            this.labels(status).set(last[status] ?? 0);
        },
      });
    },
  };
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;

/** Counters that count nothing: for code run outside the server (the command line). */
export const NO_COUNTERS: ShopCounters = {
  orderCreated: () => {},
  paymentSettled: () => {},
  notifyRejected: () => {},
  loginRefused: () => {},
  stockRefused: () => {},
  noticeSent: () => {},
};
