import { ResultCode, type StaffRole } from '@shop/domain';
import { expect } from 'vitest';
import { newMember } from './order-fixtures';
import { staffToken } from './staff';
import { envelope, post, type TestApp } from './test-app';

/**
 * The refusals every console call answers before it reads its body (docs/decisions/019): no token and a
 * member's token → InvalidToken 401, a staff role without the permission → PermissionDenied 4030 (403), and
 * bad input from an allowed role → ParamsError 400 with the schema's Chinese message.
 */
export async function expectConsoleGuard(
  t: TestApp,
  path: string,
  cases: { body: unknown; denied: StaffRole; allowed: StaffRole; badBody: unknown; badMessage: RegExp },
) {
  const none = await post(t.app, path, cases.body);
  expect(none.statusCode, 'no token').toBe(401);
  expect(envelope(none).resultCode).toBe(ResultCode.InvalidToken);

  const member = await newMember(t.app, 'guard');
  const asMember = await post(t.app, path, cases.body, member.token);
  expect(asMember.statusCode, "a member's token").toBe(401);
  expect(envelope(asMember).resultCode).toBe(ResultCode.InvalidToken);

  const denied = await staffToken(t, cases.denied);
  const refused = await post(t.app, path, cases.body, denied.token);
  expect(refused.statusCode, `role ${cases.denied}`).toBe(403);
  expect(envelope(refused).resultCode).toBe(ResultCode.PermissionDenied);

  const allowed = await staffToken(t, cases.allowed);
  const bad = envelope(await post(t.app, path, cases.badBody, allowed.token));
  expect(bad.resultCode, 'bad input').toBe(ResultCode.ParamsError);
  expect(bad.message).toMatch(cases.badMessage);
}
