import { Permission, ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app';
import { ok, responses } from '../src/lib/envelope';
import { requireStaff, staffActor, staffSecurity } from '../src/plugins/staff-auth';
import { enableTotp, type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/** A console call as the next ones will be written: one permission, the body read only after the guard. */
const SHIP_PATH = '/api/adminService/example/ship/';

function addExampleRoute(app: App) {
  app.post(
    SHIP_PATH,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags: ['admin'],
        security: staffSecurity,
        body: z.strictObject({ orderNo: z.string().min(1) }),
        response: responses(z.object({ staff: z.unknown(), actor: z.unknown(), orderNo: z.string() })),
      },
    },
    async (request) =>
      ok({ staff: requireStaff(request), actor: staffActor(request), orderNo: request.body.orderNo }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' }, extend: addExampleRoute });
});
afterAll(async () => {
  await t?.close();
});

describe('a console route behind app.staffGuard(permission)', () => {
  it('lets the roles with the permission in and gives the handler who they are', async () => {
    for (const role of ['warehouse', 'owner'] as const) {
      const s: StaffLogin = await staffToken(t, role);
      const res = envelope<{ staff: unknown; actor: unknown }>(
        await post(t.app, SHIP_PATH, { orderNo: 'SO1' }, s.token),
      );
      expect(res.success, res.message).toBe(true);
      expect(res.data.staff).toMatchObject({ staffId: s.staffId, username: s.username, role });
      expect(res.data.actor).toEqual({ staffId: s.staffId, actor: s.username, ip: '127.0.0.1' });
    }
  });

  it('refuses the roles without it, and holds a money role until its second factor is set up', async () => {
    for (const role of ['service', 'content'] as const) {
      const s = await staffToken(t, role);
      const res = await post(t.app, SHIP_PATH, { orderNo: 'SO1' }, s.token);
      expect(res.statusCode).toBe(403);
      expect(envelope(res).resultCode).toBe(ResultCode.PermissionDenied);
    }
    const finance = await staffToken(t, 'finance', { withTotp: false });
    const held = await post(t.app, SHIP_PATH, { orderNo: 'SO1' }, finance.token);
    expect(envelope(held).resultCode).toBe(ResultCode.TwoFactorSetupRequired);
    await enableTotp(t, finance.token);
    // Set up, finance is a role without order.fulfil.
    expect(envelope(await post(t.app, SHIP_PATH, { orderNo: 'SO1' }, finance.token)).resultCode).toBe(
      ResultCode.PermissionDenied,
    );
  });

  it('holds a session whose password must be changed, whatever its role may do', async () => {
    const s = await staffToken(t, 'warehouse', { mustChangePassword: true });
    const res = await post(t.app, SHIP_PATH, { orderNo: 'SO1' }, s.token);
    expect(res.statusCode).toBe(403);
    expect(envelope(res).resultCode).toBe(ResultCode.PasswordChangeRequired);
  });
});
