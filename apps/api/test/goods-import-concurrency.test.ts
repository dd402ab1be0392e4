import { type AdminGoodsImportResponse, AdminGoodsSheetPaths } from '@shop/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, ownDatabaseUrl, type TestApp } from './support/test-app';
import { upload } from './support/upload';

/**
 * A dry run of the goods import takes no lock (issue #35 item 3): while another session holds the catalogue's
 * tables against every write (as a real import in progress holds the rows it writes), a dry run still answers,
 * and it never leaves a session waiting on a lock. PostgreSQL only: PGlite runs one statement at a time.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'goods import dry run on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let t: TestApp;
    let content: StaffLogin;
    let url: string;

    beforeAll(async () => {
      t = await createTestApp({ env: { SEED_DEMO: 'false' } });
      content = await staffToken(t, 'content');
      url = await ownDatabaseUrl(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const HEADER = 'goodsCode,name,brand,category,warehouse,skuCode,property,status,stock,AUD@37';
    const sheet = (prefix: string) =>
      [
        HEADER,
        ...Array.from(
          { length: 300 },
          (_, i) => `${prefix}-${i},商品 ${i},牌子,锁/测试,AU,${prefix}-${i}-1,,4,1,9.90`,
        ),
      ].join('\n');
    const send = (csv: string, dryRun: boolean) =>
      upload(t.app, AdminGoodsSheetPaths.import, content.token, Buffer.from(csv), 'file', 'lock.csv', {
        dryRun: String(dryRun),
      });

    /** Sessions of this database waiting for a lock now, other than `except`. */
    async function waiting(client: pg.Client): Promise<number> {
      const result = await client.query(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`,
      );
      return Number(result.rows[0].n);
    }

    it('a dry run answers while the catalogue is locked against writes, and waits on no lock', async () => {
      await send(sheet('LK'), false);
      const holder = new pg.Client({ connectionString: url });
      const watcher = new pg.Client({ connectionString: url });
      await holder.connect();
      await watcher.connect();
      try {
        await holder.query('begin');
        // EXCLUSIVE lets readers in and keeps every writer out until commit, as the rows of an import in progress do.
        await holder.query('lock table goods, skus, sku_prices, brands, categories in exclusive mode');
        let done = false;
        const dryRun = send(`${sheet('LK')}\nLK-NEW,新,新牌子,锁/新分类,AU,LK-NEW-1,,4,1,1.00`, true).finally(
          () => {
            done = true;
          },
        );
        // Either the dry run finishes, or it is seen waiting for the lock (the fault this test catches).
        let blocked = false;
        while (!done && !blocked) {
          blocked = (await waiting(watcher)) > 0;
          if (!blocked) await new Promise((r) => setTimeout(r, 20));
        }
        await holder.query('commit');
        const answer = envelope<AdminGoodsImportResponse>(await dryRun);
        expect(blocked).toBe(false);
        expect(answer.success, answer.message).toBe(true);
        expect(answer.data.summary).toMatchObject({
          dryRun: true,
          goodsCreated: 1,
          goodsUpdated: 300,
          brandsCreated: 1,
          categoriesCreated: 1,
        });
      } finally {
        await holder.end();
        await watcher.end();
      }
    });
  },
);
