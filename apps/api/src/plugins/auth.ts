import { LOGIN_EXPIRED_MESSAGE, ResultCode } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuthContext } from '../modules/member/member.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member; set by `app.authenticate`, null on public calls. */
    member: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler of member-only calls: a live bearer token or InvalidToken 401 (spec §8). */
    authenticate: (request: FastifyRequest) => Promise<void>;
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
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const auth = token ? await options.authenticate(token) : null;
      if (!auth) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      request.member = auth;
    });
  },
  { name: 'auth' },
);

/** The member of a call behind `app.authenticate` (throws InvalidToken if the preHandler was left out). */
export function requireMember(request: FastifyRequest): AuthContext {
  if (!request.member) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
  return request.member;
}
