import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { settleEvery } from '../src/plugins/db';

/**
 * PGlite has no autovacuum: the shop settles the embedded database itself (DatabaseHandle.settle, every
 * SETTLE_INTERVAL_MS from the db plugin). Without it the statistics stay as they were at the seed, and a plan its
 * one connection keeps, made while a table was nearly empty, scans that table whole however large it grows.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
});
afterAll(async () => {
  await database?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const planOf = async () =>
  (await rows<Record<string, string>>(sql`explain execute find_settle(5)`))
    .map((r) => Object.values(r)[0])
    .join('\n');

describe('settling the embedded database', () => {
  it('runs only after writes, refreshes the statistics, and replans what the connection keeps', async () => {
    await database.db.execute(sql`create table settle_probe (id serial primary key, v int not null)`);
    await database.db.execute(sql`insert into settle_probe (v) values (1)`);
    expect(await database.settle()).toBe(true);
    expect(await database.settle()).toBe(false);

    // A statement kept while the table has one row: its generic plan reads the table's one page.
    await database.db.execute(sql`prepare find_settle(int) as select v from settle_probe where id = $1`);
    for (let i = 0; i < 6; i += 1) await database.db.execute(sql`execute find_settle(1)`);
    expect(await planOf()).toContain('Seq Scan');

    await database.db.execute(sql`insert into settle_probe (v) select g from generate_series(1, 20000) g`);
    const [before] = await rows<{ reltuples: number }>(
      sql`select reltuples::int as reltuples from pg_class where relname = 'settle_probe'`,
    );
    expect(before?.reltuples).toBe(1);
    expect(await planOf()).toContain('Seq Scan');

    expect(await database.settle()).toBe(true);
    const [after] = await rows<{ reltuples: number }>(
      sql`select reltuples::int as reltuples from pg_class where relname = 'settle_probe'`,
    );
    expect(after?.reltuples).toBe(20001);
    expect(await planOf()).toContain('Index Scan');
    // Reads alone leave nothing to settle, whatever their columns are called.
    await database.db.execute(
      sql`select count(*) as deleted_count, max(v) as updated_value from settle_probe`,
    );
    expect(await database.settle()).toBe(false);
  });

  it('settles on a timer, one run at a time, logs what ran and what failed, and stops', async () => {
    const logged: string[] = [];
    const log = {
      info: (_o: object, msg: string) => logged.push(msg),
      warn: (_o: object, msg: string) => logged.push(msg),
    };
    let calls = 0;
    const stop = settleEvery(
      {
        settle: async () => {
          calls += 1;
          await new Promise((r) => setTimeout(r, 40));
          if (calls === 2) throw new Error('busy');
          return calls !== 3;
        },
      },
      10,
      log,
    );
    await new Promise((r) => setTimeout(r, 200));
    stop();
    const seen = calls;
    // Runs of 40 ms every 10 ms: never two at once, so at most one per 40 ms.
    expect(seen).toBeGreaterThanOrEqual(3);
    expect(seen).toBeLessThanOrEqual(5);
    await new Promise((r) => setTimeout(r, 80));
    expect(calls).toBe(seen);
    expect(logged.slice(0, 2)).toEqual(['database settled (vacuum analyze)', 'database settle failed']);
    // Every run is logged but the third, which found nothing to settle.
    expect(logged).toHaveLength(seen - 1);
  });
});
