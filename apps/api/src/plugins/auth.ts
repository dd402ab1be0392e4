import { LOGIN_EXPIRED_MESSAGE, ResultCode } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Who is calling: the member and the token they presented (set by `app.authenticate`). */
export interface AuthContext {
  memberId: number;
  tokenId: number;
  /**
   * The member's price level as read with the token (one query for both); absent where a context is made
   * without a token lookup, and then read when needed.
   */
  level?: number | undefined;
}

/** A live token as the hooks see it: who, and whether staff reset the password since. */
export interface MemberSession extends AuthContext {
  /** Staff reset the password: only the member's own session calls are open until they set a new one. */
  mustChangePassword?: boolean | undefined;
}

export const AuthMessages = {
  passwordChangeRequired: '管理员已重置您的密码，请先修改密码',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member; set by `app.authenticate`, null on public calls. */
    member: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of member-only calls: a live bearer token or InvalidToken 401 (spec §8). It runs before
     * the body is read, so a visitor never gets a field message and never costs a body parse.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of the member's own session calls (current/, logout/, updatePwd/): `authenticate`, but open
     * while a password staff reset must be changed, which every other member call answers with
     * PasswordChangeRequired 4033 (HTTP 403).
     */
    authenticateSession: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of public calls that answer members differently (catalogue prices by level): sets
     * `request.member` for a live token and leaves it null otherwise, never refusing the call (spec §6). A member
     * who must change the password first is answered as a visitor.
     */
    authenticateOptional: (request: FastifyRequest) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  /** Resolves a bearer token to its member, or null when unknown, expired or revoked. */
  authenticate: (token: string) => Promise<MemberSession | null>;
}

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/** Bearer-token authentication (docs/design.md 'Auth': `Authorization: Bearer <token>` only, no cookies). */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    app.decorateRequest('member', null);
    const session = async (request: FastifyRequest): Promise<MemberSession | null> => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      return token ? await options.authenticate(token) : null;
    };
    const hook = (openWhilePasswordChange: boolean) => async (request: FastifyRequest) => {
      const found = await session(request);
      if (!found) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      if (found.mustChangePassword && !openWhilePasswordChange)
        throw new AppError(ResultCode.PasswordChangeRequired, AuthMessages.passwordChangeRequired);
      request.member = { memberId: found.memberId, tokenId: found.tokenId, level: found.level };
    };
    const authenticate = hook(false);
    const authenticateSession = hook(true);
    app.decorate('authenticate', authenticate);
    app.decorate('authenticateSession', authenticateSession);
    // A member-only route that checked the token in a later hook would parse and validate a visitor's body
    // first (and answer with a field message): refuse to start with such a route.
    app.addHook('onRoute', (route) => {
      for (const name of ['preParsing', 'preValidation', 'preHandler'] as const) {
        const hooks = route[name];
        const list = Array.isArray(hooks) ? hooks : [hooks];
        if (list.includes(authenticate) || list.includes(authenticateSession)) {
          throw new Error(`${route.method} ${route.url}: use onRequest: app.authenticate, not ${name}`);
        }
      }
    });
    app.decorate('authenticateOptional', async (request: FastifyRequest) => {
      // A stale token left in the browser must not lock a visitor out of browsing: they see visitor prices. So
      // does a member who must change the password first: member prices wait for the new password.
      const found = await session(request);
      request.member =
        found && !found.mustChangePassword
          ? { memberId: found.memberId, tokenId: found.tokenId, level: found.level }
          : null;
    });
  },
  { name: 'auth' },
);

/** The member of a call behind `app.authenticate` (throws InvalidToken if the hook was left out). */
export function requireMember(request: FastifyRequest): AuthContext {
  if (!request.member) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
  return request.member;
}
