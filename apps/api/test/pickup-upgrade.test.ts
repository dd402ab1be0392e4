import { rm } from 'node:fs/promises';
import { TemplateName } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createPglite, pgliteHandle } from '../src/db/client';
import * as schema from '../src/db/schema';
import { articles, seedSteps as seedStepsTable, templates } from '../src/db/schema';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { sanitizeRichText } from '../src/lib/rich-text';
import { SYDNEY_PICKUP } from '../src/seed/data/pickup';
import { demoPickupSeed } from '../src/seed/demo-pickup';
import { runSeed, seedIfFresh } from '../src/seed/seed';
import type { ServiceDeps } from '../src/services';
import { migrationsThrough } from './support/migrations';
import { openTestDatabase, testConfig } from './support/test-app';

const silent = { info: () => {} };

describe('upgrading a shop to pickup desks (migration 0008)', () => {
  it('gives the Sydney warehouse its desk and the pickup orders already placed there its address', async () => {
    const client = await createPglite();
    // The migrations as they stood before pickup desks (0000-0007).
    const old = await migrationsThrough(7);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: old });
      // A shop in use: a pickup order with an AU pack and a CN pack (every warehouse took pickup then), and a
      // delivered AU order.
      await client.exec(`
        insert into members (id, username, password_hash) values (1, 'alice', 'x');
        insert into orders (id, order_no, member_id, request_id, status, currency, is_pickup, location_code,
          goods_amount, shipping_amount, tax_amount, promotions_amount, total_amount)
        values (1, 'SO1', 1, 'r1', 0, 'AUD', true, 'Pickup', 100, 0, 0, 0, 100),
               (2, 'SO2', 1, 'r2', 0, 'AUD', false, '2000', 100, 0, 0, 0, 100);
        insert into order_beans (id, order_id, pack_index, location, status)
        values (1, 1, 0, 1, 0), (2, 1, 1, 2, 0), (3, 2, 0, 1, 0);
      `);

      await pgliteHandle(client).migrate();

      const desks = await client.query<{
        warehouse_id: number;
        enabled: boolean;
        address: string;
        hours: string;
      }>('select warehouse_id, enabled, address, hours from pickup_points order by warehouse_id');
      expect(desks.rows).toEqual([
        { warehouse_id: 1, enabled: true, address: SYDNEY_PICKUP.address, hours: SYDNEY_PICKUP.hours },
      ]);
      const packs = await client.query<{ id: number; pickup: unknown }>(
        'select id, pickup from order_beans order by id',
      );
      expect(packs.rows).toEqual([
        { id: 1, pickup: { ...SYDNEY_PICKUP } },
        { id: 2, pickup: null },
        { id: 3, pickup: null },
      ]);
    } finally {
      await client.close();
      await rm(old, { recursive: true, force: true });
    }
    // A new embedded database and every migration, twice: seconds alone, several times that on a busy machine.
  }, 120_000);
});

describe('upgrading a demo shop seeded before pickup desks', () => {
  it('rewrites the pickup and contact articles and the footer it seeded, and keeps what the operator edited', async () => {
    const { database, dispose } = await openTestDatabase();
    const deps: ServiceDeps = {
      config: testConfig(),
      database,
      clock: () => new Date(),
      rateLimiter: new MemoryRateLimiter(),
    };
    try {
      const { db } = database;
      await runSeed(deps, silent);
      // As an earlier seed left it: its texts and the placeholder street, and no 'demo-pickup' step yet.
      const oldPickup =
        '<h2>自提地点</h2><p>澳大利亚仓的商品可以选择“自提”，地址为悉尼仓库前台（地址见页面底部）。</p><h2>自提流程</h2><ol><li>结算时选择“自提”，无需支付运费。</li><li>收到“待自提”通知后，凭订单号和身份证件在营业时间内取货。</li><li>订单保留 7 天，超时未取将联系您改为快递发货。</li></ol>';
      const edited = '<p>联系我们：请拨打店内电话。</p>';
      await db
        .update(articles)
        .set({ content: sanitizeRichText(oldPickup) })
        .where(eq(articles.title, '门店自提服务'));
      await db.update(articles).set({ content: edited }).where(eq(articles.title, '联系我们'));
      await db
        .update(templates)
        .set({
          templateJson: sql`replace(${templates.templateJson}, ${SYDNEY_PICKUP.address}, 'Unit 5, 12 Example Street, Homebush NSW 2140')`,
        })
        .where(eq(templates.name, TemplateName.basic));
      await db.delete(seedStepsTable).where(eq(seedStepsTable.name, demoPickupSeed.name));

      // The next start finishes the seed with the new step.
      expect(await seedIfFresh(deps, silent)).toBe(true);
      const content = async (title: string) =>
        (await db.select({ content: articles.content }).from(articles).where(eq(articles.title, title)))[0]
          ?.content ?? '';
      expect(await content('门店自提服务')).toContain(SYDNEY_PICKUP.address);
      expect(await content('门店自提服务')).toContain(SYDNEY_PICKUP.hours);
      expect(await content('联系我们')).toBe(edited);
      const [basic] = await db.select().from(templates).where(eq(templates.name, TemplateName.basic));
      expect(JSON.parse(basic?.templateJson ?? '{}').basicInfo.address).toBe(
        `${SYDNEY_PICKUP.address}, Australia`,
      );
    } finally {
      await dispose();
    }
  });
});
