import { LOGIN_EXPIRED_MESSAGE, type Permission, ResultCode, roleCan, type StaffRole } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuditActor } from '../lib/audit';

/**
 * The console's guard (docs/decisions/019). Every console route says what it needs in one line:
 *
 *   app.post(path, { onRequest: app.staffGuard(Permission.orderFulfil), schema: { ..., security: staffSecurity } },
 *     async (request) => ok(await orders.ship(staffActor(request), request.body)));
 *
 * The hook runs before the body is read. It answers, in this order: no live staff token → InvalidToken 401 (a
 * member's token is not a staff token); a password the owner reset → PasswordChangeRequired 403; else a money
 * role without its second factor → TwoFactorSetupRequired 403; a role without the permission → PermissionDenied
 * 403.
 * The staff member's own session calls (current, logout, password, TOTP setup) use `app.staffSession(...)`,
 * which needs no permission and names the gates it stays open through.
 */

/** The staff member of a console call (set by the staff guard). */
export interface StaffContext {
  staffId: number;
  tokenId: number;
  username: string;
  role: StaffRole;
}

/** A live session as the guard sees it: who, and what still holds it back. */
export interface StaffSessionState extends StaffContext {
  /** The owner reset the password (or it was generated): only changing it is allowed. */
  mustChangePassword: boolean;
  /** The role needs a second factor and it is not set up: only setting it up is allowed. */
  totpSetupRequired: boolean;
}

/** What holds a session back until the staff member does it. */
export const StaffGate = { passwordChange: 'passwordChange', totpSetup: 'totpSetup' } as const;
export type StaffGate = (typeof StaffGate)[keyof typeof StaffGate];

export const StaffAuthMessages = {
  permissionDenied: '您的角色没有此操作的权限',
  passwordChangeRequired: '请先修改密码',
  totpSetupRequired: '请先设置两步验证',
} as const;

/** Where every console call lives; a route here without a staff hook refuses to start. */
export const ADMIN_API_PREFIX = '/api/adminService/';

/** The OpenAPI security of console calls (plugins/openapi.ts declares `staffBearer`). */
export const staffSecurity = [{ staffBearer: [] }];

type StaffHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; set by a staff guard, null elsewhere. */
    staff: StaffContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook of a console call that needs `permission` (ROLE_PERMISSIONS in packages/domain). */
    /** With several permissions, any one of them opens the call (the rich-text preview: content or catalogue). */
    staffGuard(permission: Permission | readonly Permission[]): StaffHook;
    /**
     * onRequest hook of the staff member's own session calls: any live staff token, no permission; still held
     * back by every gate not named in `openDuring`.
     */
    staffSession(openDuring?: readonly StaffGate[]): StaffHook;
  }
  interface FastifyContextConfig {
    /** A console route without a staff guard on purpose (the login). */
    staffPublic?: boolean;
  }
}

export interface StaffAuthPluginOptions {
  /** Resolves a bearer token to its live staff session, or null when unknown, expired, revoked or disabled. */
  authenticate: (token: string) => Promise<StaffSessionState | null>;
}

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

export const staffAuthPlugin = fp<StaffAuthPluginOptions>(
  async (app, options) => {
    app.decorateRequest('staff', null);
    const hooks = new WeakSet<StaffHook>();

    const makeHook = (
      permissions: readonly Permission[] | null,
      openDuring: readonly StaffGate[],
    ): StaffHook => {
      const hook: StaffHook = async (request) => {
        const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
        const session = token ? await options.authenticate(token) : null;
        if (!session) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
        request.staff = {
          staffId: session.staffId,
          tokenId: session.tokenId,
          username: session.username,
          role: session.role,
        };
        // One gate at a time, the password first: a new owner changes the one-time password, then sets up the
        // second factor, so only the first gate still shut decides.
        if (session.mustChangePassword) {
          if (!openDuring.includes(StaffGate.passwordChange))
            throw new AppError(ResultCode.PasswordChangeRequired, StaffAuthMessages.passwordChangeRequired);
        } else if (session.totpSetupRequired && !openDuring.includes(StaffGate.totpSetup)) {
          throw new AppError(ResultCode.TwoFactorSetupRequired, StaffAuthMessages.totpSetupRequired);
        }
        if (permissions !== null && !permissions.some((permission) => roleCan(session.role, permission)))
          throw new AppError(ResultCode.PermissionDenied, StaffAuthMessages.permissionDenied);
      };
      hooks.add(hook);
      return hook;
    };

    app.decorate('staffGuard', (permission: Permission | readonly Permission[]) =>
      makeHook(typeof permission === 'string' ? [permission] : permission, []),
    );
    app.decorate('staffSession', (openDuring: readonly StaffGate[] = []) => makeHook(null, openDuring));

    // A console call must check the token before its body is parsed, and no console call may forget the guard.
    app.addHook('onRoute', (route) => {
      const list = (value: unknown) => (Array.isArray(value) ? value : value ? [value] : []);
      for (const name of ['preParsing', 'preValidation', 'preHandler'] as const) {
        if (list(route[name]).some((h) => hooks.has(h)))
          throw new Error(`${route.method} ${route.url}: use onRequest: app.staffGuard(…), not ${name}`);
      }
      if (!route.url.startsWith(ADMIN_API_PREFIX) || route.config?.staffPublic) return;
      if (!list(route.onRequest).some((h) => hooks.has(h)))
        throw new Error(`${route.method} ${route.url}: a console call needs onRequest: app.staffGuard(…)`);
    });
  },
  { name: 'staff-auth' },
);

/** The staff member of a call behind a staff guard (throws InvalidToken if the guard was left out). */
export function requireStaff(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
  return request.staff;
}

/** The audit actor of a console call: the staff member and the address they called from. */
export function staffActor(request: FastifyRequest): AuditActor {
  const staff = requireStaff(request);
  return { staffId: staff.staffId, actor: staff.username, ip: request.ip };
}
