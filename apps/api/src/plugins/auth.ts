import { LOGIN_EXPIRED_MESSAGE, ResultCode } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Who is calling: the member and the token they presented (set by `app.authenticate`). */
export interface AuthContext {
  memberId: number;
  tokenId: number;
}

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
     * preHandler of public calls that answer members differently (catalogue prices by level): sets
     * `request.member` for a live token and leaves it null otherwise, never refusing the call (spec §6).
     */
    authenticateOptional: (request: FastifyRequest) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  /** Resolves a bearer token to its member, or null when unknown, expired or revoked. */
  authenticate: (token: string) => Promise<AuthContext | null>;
}

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

/** Bearer-token authentication (DESIGN.md 'Auth': `Authorization: Bearer <token>` only, no cookies). */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    app.decorateRequest('member', null);
    const authenticate = async (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const auth = token ? await options.authenticate(token) : null;
      if (!auth) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      request.member = auth;
    };
    app.decorate('authenticate', authenticate);
    // A member-only route that checked the token in a later hook would parse and validate a visitor's body
    // first (and answer with a field message): refuse to start with such a route.
    app.addHook('onRoute', (route) => {
      for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
        const hooks = route[hook];
        if ((Array.isArray(hooks) ? hooks : [hooks]).includes(authenticate)) {
          throw new Error(`${route.method} ${route.url}: use onRequest: app.authenticate, not ${hook}`);
        }
      }
    });
    app.decorate('authenticateOptional', async (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      // A stale token left in the browser must not lock a visitor out of browsing: they see visitor prices.
      request.member = token ? await options.authenticate(token) : null;
    });
  },
  { name: 'auth' },
);

/** The member of a call behind `app.authenticate` (throws InvalidToken if the hook was left out). */
export function requireMember(request: FastifyRequest): AuthContext {
  if (!request.member) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
  return request.member;
}
