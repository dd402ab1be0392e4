import { AdminPaths, AdminSettingsPaths, MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTokens } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { randomToken, sha256Hex } from '../src/lib/crypto';
import { newMember } from './support/order-fixtures';
import { staffToken, uniqueStaffUsername } from './support/staff';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The published API document (issue #35 item 12): the console's calls are described to signed-in staff only;
 * anyone else reads the storefront's part. Checked as the tests build the app and with NODE_ENV=production.
 */

type Doc = {
  paths: Record<string, unknown>;
  tags?: { name: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
};

const CONSOLE = '/api/adminService/';

async function documentAs(t: TestApp, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const json = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
  const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml', headers });
  expect(json.statusCode).toBe(200);
  expect(yaml.statusCode).toBe(200);
  // One answer for staff and another for strangers: never kept by a shared cache.
  expect(json.headers['cache-control']).toBe('private, no-store');
  expect(String(json.headers.vary)).toMatch(/authorization/i);
  return { doc: json.json() as Doc, yaml: yaml.body };
}

function expectStorefrontOnly({ doc, yaml }: { doc: Doc; yaml: string }) {
  const paths = Object.keys(doc.paths);
  expect(paths.filter((p) => p.startsWith(CONSOLE))).toEqual([]);
  for (const path of Object.values(MemberPaths)) expect(paths, path).toContain(path);
  expect(doc.tags?.map((tag) => tag.name)).not.toContain('admin');
  expect(Object.keys(doc.components?.securitySchemes ?? {})).not.toContain('staffBearer');
  expect(yaml).not.toContain(CONSOLE);
}

function expectConsole({ doc, yaml }: { doc: Doc; yaml: string }) {
  const paths = Object.keys(doc.paths);
  expect(paths).toContain(AdminPaths.login);
  expect(paths).toContain(AdminSettingsPaths.rateSet);
  expect(paths.filter((p) => p.startsWith(CONSOLE)).length).toBeGreaterThan(50);
  expect(paths).toContain(MemberPaths.login);
  expect(doc.components?.securitySchemes).toHaveProperty('staffBearer');
  expect(yaml).toContain(AdminSettingsPaths.rateSet);
}

describe('the API document as the tests build the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes only the storefront to a stranger, a member and a made-up token', async () => {
    expectStorefrontOnly(await documentAs(t));
    expectStorefrontOnly(await documentAs(t, (await newMember(t.app, 'docs')).token));
    expectStorefrontOnly(await documentAs(t, 'a'.repeat(64)));
  }, 60_000);

  it('describes the console calls to signed-in staff, not to one whose second factor is not set up', async () => {
    expectConsole(await documentAs(t, (await staffToken(t, 'owner')).token));
    expectConsole(await documentAs(t, (await staffToken(t, 'warehouse')).token));
    expectStorefrontOnly(await documentAs(t, (await staffToken(t, 'finance', { withTotp: false })).token));
  }, 60_000);
});

describe('the API document with NODE_ENV=production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', SHOP_TEST_CAPTCHA: '', SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes only the storefront to a stranger, and the console calls to signed-in staff', async () => {
    expectStorefrontOnly(await documentAs(t));
    // Production refuses the tests' captcha: the session is stored as the staff login stores it.
    const account = await t.app.services.staff.create(cliActor('test'), {
      username: uniqueStaffUsername('docs'),
      role: 'content',
      password: 'Staff-pass-2026',
      mustChangePassword: false,
    });
    const token = randomToken(32);
    const now = t.clock.now();
    await t.database.db.insert(staffTokens).values({
      tokenHash: sha256Hex(token),
      staffId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
    });
    expectConsole(await documentAs(t, token));
    await t.app.services.staff.update(cliActor('test'), { id: account.id, disabled: true });
    expectStorefrontOnly(await documentAs(t, token));
  }, 60_000);
});
