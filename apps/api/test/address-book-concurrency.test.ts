import { type Address, AddressPaths, MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'address book concurrency on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SEED_DEMO: 'false' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('10 concurrent saves with defaultFlag true leave exactly one default', async () => {
      await t.app.services.member.createMember({ username: 'addr_race', password: 'secret123' });
      const token = envelope<{ token: string }>(
        await post(t.app, MemberPaths.login, { username: 'addr_race', password: 'secret123' }),
      ).data.token;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(
            t.app,
            AddressPaths.receiverSave,
            {
              name: `收件人${i}`,
              phone: '13800138000',
              province: '广东省',
              city: '深圳市',
              detail: `科技园${i}栋`,
              defaultFlag: true,
            },
            token,
          ),
        ),
      );
      for (const res of results) expect(envelope(res).success, envelope(res).message).toBe(true);
      const book = envelope<Address[]>(await post(t.app, AddressPaths.receiverList, {}, token)).data;
      expect(book).toHaveLength(10);
      expect(book.filter((a) => a.defaultFlag)).toHaveLength(1);
    });
  },
);
