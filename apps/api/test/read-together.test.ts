import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, readTogether } from '../src/db/client';
import { openTestDatabase } from './support/test-app';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await dispose();
});

describe('readTogether', () => {
  /** A read that notes when it starts and ends, and takes a moment in the database. */
  const timed = (log: string[], name: string, executor: DatabaseHandle['db'], value: number) => async () => {
    log.push(`${name} start`);
    await executor.execute(sql`select pg_sleep(0.02)`);
    log.push(`${name} end`);
    return value;
  };

  it('starts the reads at once on the database, and answers in their order', async () => {
    const log: string[] = [];
    const { db } = database;
    const answers = await readTogether<[number, number]>(db, [
      timed(log, 'a', db, 1),
      timed(log, 'b', db, 2),
    ]);
    expect(answers).toEqual([1, 2]);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('runs them one after another in a transaction, whose one connection takes one statement at a time', async () => {
    const log: string[] = [];
    const answers = await database.db.transaction((tx) =>
      readTogether<[number, number, number]>(tx, [
        timed(log, 'a', tx, 1),
        timed(log, 'b', tx, 2),
        timed(log, 'c', tx, 3),
      ]),
    );
    expect(answers).toEqual([1, 2, 3]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });
});
