import { ResultCode, SupportTicketPaths, type TicketImage } from '@shop/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, supportTicketImages } from '../src/db/schema';
import { UPLOAD_RATE } from '../src/modules/tickets/tickets.service';
import { newMember } from './support/order-fixtures';
import { createTestApp, envelope, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

/**
 * The cap of 30 loose ticket pictures per member (issue #35 item 6) under parallel uploads: counted and kept in
 * one step, so 40 at once leave exactly 30, and the refused ones leave no stored file. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (a DATABASE_SUITES file).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

describe('ticket uploads racing against the loose-picture cap', () => {
  it('40 parallel uploads: 30 kept, 10 refused, no file left of the refused', async () => {
    const m = await newMember(t.app, 'uploader');
    const image = await testImage('jpeg');
    const filesBefore = (await t.database.db.select().from(mediaFiles)).length;
    const results = await Promise.all(
      Array.from({ length: 40 }, () => upload(t.app, SupportTicketPaths.uploadImage, m.token, image)),
    );

    const kept = results.filter((r) => envelope<TicketImage>(r).success);
    expect(kept).toHaveLength(UPLOAD_RATE.maxLoose);
    for (const r of results.filter((r) => !envelope(r).success))
      expect(envelope(r).resultCode).toBe(ResultCode.TooManyRequests);
    const loose = await t.database.db
      .select()
      .from(supportTicketImages)
      .where(and(eq(supportTicketImages.memberId, m.id), isNull(supportTicketImages.replyId)));
    expect(loose).toHaveLength(UPLOAD_RATE.maxLoose);
    expect((await t.database.db.select().from(mediaFiles)).length - filesBefore).toBe(UPLOAD_RATE.maxLoose);
  }, 120_000);
});
