import { SAVED_LIST_LIMIT, type SavedListListResponse, SavedListPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutTestApp, createCheckoutTestApp, newMember } from './support/checkout-helpers';
import { envelope, post } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'saved lists under parallel requests on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    let c: CheckoutTestApp;
    beforeAll(async () => {
      c = await createCheckoutTestApp();
    });
    afterAll(async () => {
      await c?.t.close();
    });

    const save = (token: string, listName: string) =>
      post(c.t.app, SavedListPaths.save, { listName, items: [{ skuId: c.sku.aptamil, qty: 1 }] }, token);
    const listsOf = async (token: string) =>
      envelope<SavedListListResponse>(await post(c.t.app, SavedListPaths.list, {}, token)).data.items;

    it('20 parallel saves by a member 5 lists short of the limit make exactly 5 lists', async () => {
      const m = await newMember(c.t);
      for (let i = 0; i < SAVED_LIST_LIMIT - 5; i += 1)
        expect(envelope(await save(m.token, `先有${i}`)).success).toBe(true);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(m.token, `并发${i}`)));
      const answers = results.map((r) => envelope(r));
      expect(answers.filter((a) => a.success)).toHaveLength(5);
      for (const refused of answers.filter((a) => !a.success))
        expect(refused.message).toBe('最多保存50个清单，请先删除不用的清单');
      expect(await listsOf(m.token)).toHaveLength(SAVED_LIST_LIMIT);
    });

    it('parallel saves under one name make one list; the others are told the name is taken', async () => {
      const m = await newMember(c.t);
      const answers = (await Promise.all(Array.from({ length: 10 }, () => save(m.token, '同名')))).map((r) =>
        envelope(r),
      );
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      for (const refused of answers.filter((a) => !a.success))
        expect(refused.message).toBe('已有名为“同名”的清单，请换一个名称');
      expect((await listsOf(m.token)).map((l) => l.name)).toEqual(['同名']);
    });
  },
);
