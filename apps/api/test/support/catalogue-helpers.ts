import { MemberPaths } from '@shop/domain';
import { expect } from 'vitest';
import { insertCatalogueFixture } from './catalogue-fixtures';
import { createTestApp, envelope, post, type TestApp } from './test-app';

/**
 * An app on a fresh database holding only the fixture catalogue (the demo seed is off, so the tests see
 * exactly the fixture), plus a level-38 member's token.
 */
export async function createCatalogueTestApp(env: Record<string, string> = {}) {
  const t: TestApp = await createTestApp({ env: { SEED_DEMO: 'false', ...env } });
  const fixture = await insertCatalogueFixture(t.database.db);
  await t.app.services.member.createMember({ username: 'wholesale38', password: 'secret123', level: 38 });
  const login = envelope<{ token: string }>(
    await post(t.app, MemberPaths.login, { username: 'wholesale38', password: 'secret123' }),
  );
  expect(login.success, login.message).toBe(true);
  return { t, fixture, wholesaleToken: login.data.token };
}
