import { randomUUID } from 'node:crypto';
import {
  type AdminQuoteDetail,
  AdminQuotePaths,
  type CreatedOrder,
  type QuoteDetail,
  QuoteMessages,
  QuotePaths,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { addShopDays, shopDay } from '../src/lib/shop-day';
import { type CheckoutTestApp, createCheckoutTestApp, newMember } from './support/checkout-helpers';
import { stockOf } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'quotes accepted in parallel on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let c: CheckoutTestApp;
    let service: StaffLogin;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
      service = await staffToken(c.t, 'service');
    });
    afterAll(async () => {
      await c?.t.close();
    });

    const ok = async <T>(path: string, body: unknown, token: string) => {
      const res = envelope<T>(await post(c.t.app, path, body, token));
      expect(res.success, res.message).toBe(true);
      return res.data;
    };

    it('a quote accepted 10 times at once makes one order and takes the stock once', async () => {
      const m = await newMember(c.t);
      const asked = await ok<QuoteDetail>(
        QuotePaths.request,
        { currency: 'AUD', lines: [{ skuId: c.sku.aptamil, qty: 3 }] },
        m.token,
      );
      const quote = await ok<AdminQuoteDetail>(
        AdminQuotePaths.answer,
        {
          id: asked.id,
          version: 0,
          lines: [{ id: asked.lines[0]?.id, price: 40 }],
          freight: 0,
          validUntil: addShopDays(shopDay(new Date()), 5),
        },
        service.token,
      );
      const stock = await stockOf(c.t.database.db, c.sku.aptamil);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(
            c.t.app,
            QuotePaths.accept,
            { id: quote.id, version: quote.version, requestId: randomUUID(), isPickup: true },
            m.token,
          ).then((r) => envelope<CreatedOrder>(r)),
        ),
      );
      const placed = results.filter((r) => r.success);
      expect(placed).toHaveLength(1);
      expect(results.filter((r) => !r.success).every((r) => r.message === QuoteMessages.accepted)).toBe(true);
      const made = await c.t.database.db.select().from(orders).where(eq(orders.memberId, m.memberId));
      expect(made).toHaveLength(1);
      expect(made[0]?.goodsAmount).toBe(12_000);
      expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(stock - 3);
      const after = await ok<QuoteDetail>(QuotePaths.detail, { id: quote.id }, m.token);
      expect(after).toMatchObject({ state: 'accepted', orderId: placed[0]?.data.orderId });
    });
  },
);
