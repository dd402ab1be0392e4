/**
 * Orders while the outbox is busy (#31): the p99 of createdOrder/ placing BENCH_ORDERS orders (default 200), once
 * on its own and once while 1,000 notices are queued by another process and sent by the shop's workers to an SMTP
 * server in this process. The outbox must never slow an order: the second p99 within 10 % of the first.
 * Usage: BENCH_DATABASE_URL=postgres://… npm run bench:notices   (PostgreSQL: a second process writes the notices,
 * as another API process would; the embedded database admits one process)
 * BENCH_NOTICES sets the number of notices (default 1000).
 */
import { postgresHandle } from '../apps/api/src/db/client';
import { createNoticeQueue } from '../apps/api/src/modules/notices/notice-queue';
import { createNoticeService } from '../apps/api/src/modules/notices/notices.service';
import { startSmtpServer } from '../apps/api/test/support/smtp-server';
import { orderBuyers } from './order-buyers';
import { percentile, report, runConcurrently, settings, settleStatistics, startBenchShop } from './support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const NOTICES = Number(process.env.BENCH_NOTICES ?? 1000);
/** Orders placed first and not timed: the plans and statistics of a shop in business. */
const WARMUP = Number(process.env.BENCH_WARMUP_ORDERS ?? 400);

if (!settings.databaseUrl) {
  console.error('bench:notices needs BENCH_DATABASE_URL: the notices are written by a second process');
  process.exit(2);
}

const smtp = await startSmtpServer();
const shop = await startBenchShop({
  SHOP_SMTP_URL: smtp.url,
  SHOP_MAIL_FROM: 'bench@example.test',
  SHOP_NOTICE_WORKERS: '2',
});
// The other process: the notices module on its own connections, writing as an API process of the shop would.
const writer = postgresHandle(settings.databaseUrl);
const queue = createNoticeQueue(writer, { retryLimit: 8, retryDelaySeconds: 20, sendTimeoutSeconds: 120 });
const notices = createNoticeService({
  db: writer.db,
  clock: () => new Date(),
  queue,
  mail: { name: 'unused', send: () => Promise.reject(new Error('this process only writes')) },
  shop: { name: '澳中批发商城', url: 'http://127.0.0.1' },
});

const rows: Record<string, unknown>[] = [];
const runId = Date.now().toString(36).slice(-5);
try {
  const buyers = await orderBuyers(shop, `bn${runId}`);
  const members = await buyers.register(WARMUP + 2 * ORDERS);
  await buyers.prepare(members);
  const warm = await buyers.placeOrders(members.slice(0, WARMUP));
  if (warm.results.some((r) => !r.success)) throw new Error('warm-up orders refused');
  await settleStatistics();

  const timed = async (label: string, batch: readonly string[]) => {
    const orders = await buyers.placeOrders(batch);
    const failed = orders.results.filter((r) => !r.success);
    if (failed.length > 0) throw new Error(`orders refused: ${failed[0]?.message}`);
    const sorted = [...orders.latencies].sort((a, b) => a - b);
    return { label, seconds: orders.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };

  const alone = await timed('createdOrder/ alone', members.slice(WARMUP, WARMUP + ORDERS));

  // 1,000 notices, each in a transaction of its own (as 1,000 events would), 4 at a time, while the orders run.
  const sentBefore = smtp.received.length;
  const queuedAt = Date.now();
  const queuing = runConcurrently(
    Array.from(
      { length: NOTICES },
      (_, n) => () =>
        writer.db.transaction((tx) =>
          notices.enqueue(tx, [
            {
              kind: 'shipped',
              channel: 'email',
              recipient: `buyer${n}@example.test`,
              params: { orderNo: `SO${runId}${n}`, courier: '顺丰速运', trackingNo: `SF${1_000_000 + n}` },
            },
          ]),
        ),
    ),
    4,
  );
  const busy = await timed(`createdOrder/ with ${NOTICES} notices`, members.slice(WARMUP + ORDERS));
  await queuing;
  const queuedSeconds = (Date.now() - queuedAt) / 1000;
  // How long the shop's workers took to send them all.
  while (smtp.received.length - sentBefore < NOTICES) {
    if (Date.now() - queuedAt > 600_000) throw new Error('the notices were not all sent within 10 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const drainedSeconds = (Date.now() - queuedAt) / 1000;

  for (const run of [alone, busy])
    rows.push({
      call: run.label,
      database: settings.database,
      orders: ORDERS,
      'req/s': Math.round(ORDERS / run.seconds),
      'p50 ms': run.p50,
      'p99 ms': run.p99,
    });
  rows.push({
    call: 'p99 with notices ÷ alone (budget 1.10)',
    database: settings.database,
    ratio: Number((busy.p99 / alone.p99).toFixed(2)),
    'notices queued in s': Number(queuedSeconds.toFixed(1)),
    'all sent in s': Number(drainedSeconds.toFixed(1)),
  });
} finally {
  await shop.stop();
  await writer.close();
  await smtp.close();
}
await report('notice-load', rows);
