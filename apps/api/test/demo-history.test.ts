import { OrderStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHistorySeed } from '../src/seed/demo-history';
import { runSeed } from '../src/seed/seed';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The demo shop's past (seed/demo-history.ts): buyers and their orders replayed through the shop's own services on
 * a clock set to each day, so the 工作台's charts draw from real orders on a new demo shop.
 */

const silent = { info: () => {} };
const DAYS = 21;

let t: TestApp;
let summary = '';

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await runSeed({ ...t.deps, config: { ...t.deps.config, seedDemoHistoryDays: DAYS } }, silent, [
    demoHistorySeed,
  ]);
  summary = (
    await rows<{ summary: string }>(sql`select summary from seed_steps where name = 'demo-history'`)
  )[0]?.summary as string;
  console.info(
    `demo history of ${DAYS} days seeded in ${Math.round(performance.now() - started)} ms: ${summary}`,
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo order history', () => {
  it('has buyers registered over the period and orders on most of its days, in both currencies', async () => {
    expect(summary).toMatch(/^10 buyers, \d+ orders over 21 days/);
    const charts = await t.app.services.dashboard.charts(30);
    const sold = charts.sales.filter((d) => d.orders > 0);
    expect(sold.length).toBeGreaterThanOrEqual(DAYS / 2);
    expect(sold.reduce((n, d) => n + d.aud, 0)).toBeGreaterThan(0);
    expect(sold.reduce((n, d) => n + d.cny, 0)).toBeGreaterThan(0);
    expect(charts.newMembers.reduce((n, d) => n + d.count, 0)).toBeGreaterThanOrEqual(10);
    expect(charts.topSkus.length).toBe(10);
    const statuses = charts.ordersByStatus.map((s) => s.status);
    expect(statuses).toEqual(expect.arrayContaining([OrderStatus.Finished, OrderStatus.Shipped]));
    // The service desk: questions still waiting, of different ages; the answered ones closed by their buyers.
    expect(summary).toMatch(/; 5 questions waiting for the shop$/);
    expect(charts.ticketsByAge.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(3);
    expect(charts.ticketsByAge.reduce((n, b) => n + b.count, 0)).toBe(5);
    const answered = await rows<{ status: string; replies: number }>(
      sql`select t.status, count(r.id)::int as replies from support_tickets t
        join support_ticket_replies r on r.ticket_id = t.id where r.author = 'staff' group by t.id, t.status`,
    );
    expect(answered).toEqual([
      { status: 'closed', replies: 1 },
      { status: 'closed', replies: 1 },
      { status: 'closed', replies: 1 },
    ]);
  });

  it('happened in the past: nothing after now, each step after the one before it', async () => {
    const [times] = await rows<{ late: number; disorder: number; days: number }>(sql`select
        count(*) filter (where created_at > now() or paid_at > now() or finished_at > now())::int as late,
        count(*) filter (where paid_at < created_at or finished_at < paid_at)::int as disorder,
        count(distinct created_at::date)::int as days
      from orders`);
    expect(times).toMatchObject({ late: 0, disorder: 0 });
    expect(times?.days).toBeGreaterThanOrEqual(DAYS / 2);
    const [members] = await rows<{ spread: number }>(
      sql`select count(distinct created_at::date)::int as spread from members where username like 'buyer\\_%'`,
    );
    expect(members?.spread).toBeGreaterThanOrEqual(4);
  });

  it('went through the shop: transfers recorded, parcels shipped with a courier, every step audited, stock kept', async () => {
    const [paid] = await rows<{ unrecorded: number; unshipped: number }>(sql`select
        count(*) filter (where o.paid_at is not null and (o.pay_channel is null or o.paid_amount <> o.total_amount))::int
          as unrecorded,
        count(*) filter (where o.status in (${OrderStatus.Shipped}, ${OrderStatus.Finished}) and exists
          (select 1 from order_beans b where b.order_id = o.id and (b.logistic_code = '' or b.shipped_at is null)))::int
          as unshipped
      from orders o`);
    expect(paid).toEqual({ unrecorded: 0, unshipped: 0 });
    const audited = await rows<{ action: string }>(
      sql`select distinct action from staff_audit_log where object_type = 'order' order by action`,
    );
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['order.markPaid', 'order.ship']));
    const [stock] = await rows<{ low: number }>(sql`select count(*)::int as low from skus where stock < 0`);
    expect(stock?.low).toBe(0);
  });

  it('is seeded once: a second run adds nothing', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from orders`))[0]?.n;
    const before = await count();
    await runSeed({ ...t.deps, config: { ...t.deps.config, seedDemoHistoryDays: DAYS } }, silent, [
      demoHistorySeed,
    ]);
    expect(await count()).toBe(before);
  });
});
