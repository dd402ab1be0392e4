import { SkuStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * How an order's stock take finds its rows on the demo catalogue (1,350 SKUs, 339 goods): by their ids through
 * the primary keys, never by reading every SKU and every product. A JSON list counts as 100 rows to PostgreSQL's
 * planner, and `id in (select …)` of it was planned as a scan of both tables, on every order.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Scans {
  relname: string;
  seq_scan: number;
  idx_scan: number;
}

describe('the stock take of an order', () => {
  it('reads the SKUs and goods it takes by id, and scans neither table, also when giving stock back', async () => {
    const { db } = t.database;
    const picked = (await db.execute(sql`
      select s.id, s.goods_id from skus s where s.stock > 100 order by s.id limit 6`)) as unknown as {
      rows: { id: number; goods_id: number }[];
    };
    expect(picked.rows).toHaveLength(6);
    const inventory = t.app.services.inventory;
    const rollback = new Error('rollback');
    let scans: Scans[] = [];
    await db
      .transaction(async (tx) => {
        await inventory.reserve(
          picked.rows.map((r) => ({ skuId: r.id, qty: 1, status: SkuStatus.InStock, label: String(r.id) })),
          picked.rows.map((r) => ({ goodsId: r.goods_id, qty: 1 })),
          tx,
        );
        await inventory.returnStock(
          picked.rows.map((r) => ({ skuId: r.id, qty: 1 })),
          tx,
        );
        // This transaction's own counts: the statements above and the triggers they fired.
        const counted = (await tx.execute(sql`
          select relname, seq_scan::int, coalesce(idx_scan, 0)::int as idx_scan from pg_stat_xact_user_tables
          where relname in ('skus', 'goods') order by relname`)) as unknown as { rows: Scans[] };
        scans = counted.rows;
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
    expect(scans.map((s) => [s.relname, s.seq_scan])).toEqual([
      ['goods', 0],
      ['skus', 0],
    ]);
    expect(scans.every((s) => s.idx_scan > 0)).toBe(true);
  });
});
