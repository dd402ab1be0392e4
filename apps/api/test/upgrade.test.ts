import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CataloguePaths, MemberPaths, OrderPaths } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { migrationsThrough } from './support/migrations';
import { type EmptyDatabase, envelope, openEmptyDatabase, post, testConfig } from './support/test-app';

/**
 * The first release of the shop is commit 7d606cb ('Payments, deposit balance and recharge …'): the first commit
 * after which the whole selling path ran (catalogue, cart, checkout, orders, payments, deposit), with
 * migrations 0000–0005. Those six files are unchanged since (`git diff 7d606cb HEAD -- apps/api/drizzle/00*.sql`
 * adds files only), so the real ones make its schema. fixtures/first-release/data.sql.gz is that release's
 * data as its own server and operator commands made it (fixtures/first-release/README.md): the demo seed,
 * members, carts, orders, deposit and sandbox payments, recharges, a refund and a cancellation.
 */
const FIRST_RELEASE_LAST_MIGRATION = 5;
const FIXTURE = join(import.meta.dirname, 'fixtures', 'first-release', 'data.sql.gz');

/** The members of the fixture and the passwords they registered with on the first release. */
const OLD_MEMBERS = [
  { username: 'demo', password: 'demo1234' },
  { username: 'alice_wholesale', password: 'Alice2026pw' },
  { username: 'bob_sydney', password: 'Bob2026pass' },
  { username: '李小明', password: 'xiaoming88' },
];

type Rows<T> = { rows: T[] };

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The tables of the public schema, by name. */
async function tableNames(db: Database): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return found.map((r) => r.name);
}

async function rowCounts(db: Database, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = Number(row?.n);
  }
  return counts;
}

/** Each member's balances and the signed sum of their deposit log in each currency, minor units. */
function ledgers(db: Database) {
  return rows<{ username: string; cny: number; aud: number; cny_log: number; aud_log: number }>(
    db,
    sql`select m.username, m.cny_deposit::int as cny, m.aud_deposit::int as aud,
          coalesce(sum(l.amount) filter (where l.currency = 'CNY'), 0)::int as cny_log,
          coalesce(sum(l.amount) filter (where l.currency = 'AUD'), 0)::int as aud_log
        from members m left join deposit_logs l on l.member_id = m.id
        group by m.id order by m.id`,
  );
}

/** Each member's orders as stored: number, currency, status and total (minor units). */
function storedOrders(db: Database) {
  return rows<{ username: string; order_no: string; currency: string; status: number; total: number }>(
    db,
    sql`select m.username, o.order_no, o.currency, o.status, o.total_amount::int as total
        from orders o join members m on m.id = o.member_id order by o.id`,
  );
}

describe('upgrading the shop of the first release (7d606cb, migrations 0000–0005) to this one', () => {
  let empty: EmptyDatabase;
  let app: App;
  let oldTables: string[];
  let oldCounts: Record<string, number>;
  let oldLedgers: Awaited<ReturnType<typeof ledgers>>;
  let oldOrders: Awaited<ReturnType<typeof storedOrders>>;
  let onShelf: number;

  beforeAll(async () => {
    empty = await openEmptyDatabase();
    const { database } = empty;
    const firstRelease = await migrationsThrough(FIRST_RELEASE_LAST_MIGRATION);
    try {
      await database.migrate(firstRelease);
    } finally {
      await rm(firstRelease, { recursive: true, force: true });
    }
    // The dump holds every table's rows as the release left them, the rows its migrations inserted (warehouses,
    // the exchange rate, payment methods) included: they go first, as a restore into the release's schema would.
    oldTables = await tableNames(database.db);
    await empty.exec(`truncate ${oldTables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
    // pg_dump's script empties search_path for its session; PGlite's one session is the app's too.
    await empty.exec(`${gunzipSync(await readFile(FIXTURE)).toString('utf8')}\nreset all;`);
    oldCounts = await rowCounts(database.db, oldTables);
    oldLedgers = await ledgers(database.db);
    oldOrders = await storedOrders(database.db);
    // Listed today: on the shelf with a SKU that is not 不可售 (a product with none left the lists in a later
    // release, on purpose).
    const [shelf] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from goods g
          where g.on_flag and exists (select 1 from skus s where s.goods_id = g.id and s.status <> -1)`,
    );
    onShelf = Number(shelf?.n);

    // The shop opens it as it opens any database: the current migrations at start, then the demo seed's check.
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await empty?.dispose();
  });

  it('had the first release’s data to upgrade', () => {
    expect(oldCounts).toMatchObject({ members: 4, orders: 9, payments: 2, recharges: 3 });
    expect(oldCounts.deposit_logs).toBeGreaterThan(10);
    expect(oldCounts.skus).toBeGreaterThan(1000);
  });

  it('runs every later migration', async () => {
    const [row] = await rows<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(
      await readFile(join(import.meta.dirname, '..', 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(Number(row?.n)).toBe(journal.entries.length);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('keeps every row of every table the first release had', async () => {
    const now = await rowCounts(app.database.db, oldTables);
    // The demo seed's later steps add the supplier pages' two templates beside the first release's three, and
    // migration 0045 the payment method OnAccount (账期支付) beside the first release's six.
    expect({
      ...now,
      templates: (now.templates ?? 0) - 2,
      payment_configs: (now.payment_configs ?? 0) - 1,
    }).toEqual(oldCounts);
    const methods = await rows<{ code: string }>(
      app.database.db,
      sql`select code from payment_configs order by id`,
    );
    expect(methods.map((r) => r.code).at(-1)).toBe('OnAccount');
    const names = await rows<{ name: string }>(
      app.database.db,
      sql`select name from templates order by name`,
    );
    expect(names.map((r) => r.name)).toEqual(['basic', 'goodsSort', 'home', 'supplier', 'supplierEn']);
  });

  it('keeps every balance, and each still adds up to its deposit log', async () => {
    const now = await ledgers(app.database.db);
    expect(now).toEqual(oldLedgers);
    for (const member of now) {
      expect([member.cny, member.aud]).toEqual([member.cny_log, member.aud_log]);
    }
  });

  it('signs the old members in with their passwords and lists their orders with the same totals', async () => {
    for (const { username, password } of OLD_MEMBERS) {
      const login = envelope<{ token: string }>(await post(app, MemberPaths.login, { username, password }));
      expect(login.success, `${username}: ${login.message}`).toBe(true);
      const token = login.data.token;

      const current = envelope<{ username: string; cnyDeposit: number; audDeposit: number }>(
        await post(app, MemberPaths.current, {}, token),
      );
      const ledger = oldLedgers.find((l) => l.username === username);
      expect(current.data).toMatchObject({
        username,
        cnyDeposit: (ledger?.cny ?? -1) / 100,
        audDeposit: (ledger?.aud ?? -1) / 100,
      });

      const list = envelope<{ items: { orderNo: string; currency: string; totalPrice: number }[] }>(
        await post(app, OrderPaths.list, { pageNo: 1, pageSize: 50 }, token),
      );
      expect(list.success, list.message).toBe(true);
      const listed = list.data.items
        .map((o) => ({ orderNo: o.orderNo, currency: o.currency, total: Math.round(o.totalPrice * 100) }))
        .sort((a, b) => a.orderNo.localeCompare(b.orderNo));
      const stored = oldOrders
        .filter((o) => o.username === username)
        .map((o) => ({ orderNo: o.order_no, currency: o.currency, total: o.total }));
      expect(listed).toEqual(stored);
    }
    // Every order of the fixture belongs to one of them.
    expect(new Set(oldOrders.map((o) => o.username))).toEqual(
      new Set(OLD_MEMBERS.map((m) => m.username).filter((u) => oldOrders.some((o) => o.username === u))),
    );
  });

  it('serves the old catalogue', async () => {
    const res = envelope<{ totalCount: number; items: { id: number; skus: unknown[] }[] }>(
      await post(app, CataloguePaths.goodsList, { pageNo: 1, pageSize: 20 }),
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.totalCount).toBe(onShelf);
    const first = res.data.items[0];
    const detail = envelope<{ id: number }>(await post(app, CataloguePaths.goodsDetail, { id: first?.id }));
    expect(detail.success, detail.message).toBe(true);
  });
});
