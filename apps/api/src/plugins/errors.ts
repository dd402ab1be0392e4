import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { fieldLabel, httpStatusFor, LOGIN_EXPIRED_MESSAGE, NOT_FOUND_STATUS, ResultCode } from '@shop/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from '../lib/app-error';
import { INVALID_JSON_MESSAGE } from './body-parsers';

export const ErrorMessages = {
  notFoundApi: '接口不存在',
  notFound: '页面或文件不存在',
  methodNotAllowed: '请求方法不被允许',
  unsupportedMediaType: '不支持的请求内容类型，请使用 application/json',
  payloadTooLarge: '请求体过大（最多 1 MiB）',
  badRequest: '请求无效',
  internal: '服务器开小差了，请稍后再试',
  invalidToken: LOGIN_EXPIRED_MESSAGE,
  uriTooLong: '请求地址过长',
  badUrl: '请求地址无效',
  headersTooLarge: '请求头或请求地址过长',
  requestTimeout: '请求超时，请重试',
  shuttingDown: '服务器正在重启，请稍后再试',
} as const;

interface EnvelopeError {
  code: number;
  message: string;
  data: unknown;
  /** HTTP status when the code's own does not say it (a missing thing: BadRequest with 404). */
  status?: number;
}

/** A validation issue as a sentence naming the field in Chinese, e.g. '用户名：用户名为3-32位…'. */
export function validationMessage(issue: ZodFastifySchemaValidationError): string {
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params as { keys?: unknown }).keys;
    return `不支持的字段：${Array.isArray(keys) ? keys.join('、') : ''}`;
  }
  const path = issue.instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  return `${fieldLabel(path)}：${issue.message}`;
}

const FASTIFY_CODES: Record<string, EnvelopeError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ResultCode.UnsupportedMediaType,
    message: ErrorMessages.unsupportedMediaType,
    data: null,
  },
  FST_ERR_CTP_INVALID_TYPE: {
    code: ResultCode.UnsupportedMediaType,
    message: ErrorMessages.unsupportedMediaType,
    data: null,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ResultCode.PayloadTooLarge,
    message: ErrorMessages.payloadTooLarge,
    data: null,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ResultCode.BadRequest, message: INVALID_JSON_MESSAGE, data: null },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ResultCode.BadRequest, message: INVALID_JSON_MESSAGE, data: null },
};

/** Maps any thrown value to the envelope's code, message and data (spec §8). */
export function toEnvelopeError(error: unknown): EnvelopeError {
  if (error instanceof AppError)
    return { code: error.code, message: error.message, data: error.data, status: error.statusCode };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    return {
      code: ResultCode.ParamsError,
      message: first ? validationMessage(first) : ErrorMessages.badRequest,
      data: null,
    };
  }
  const e = error as { code?: unknown; statusCode?: unknown } | null;
  const known = typeof e?.code === 'string' ? FASTIFY_CODES[e.code] : undefined;
  if (known) return known;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Other client errors of Fastify and its plugins (bad content length, bad encoding …).
    const code = status === 415 ? ResultCode.UnsupportedMediaType : ResultCode.BadRequest;
    return {
      code,
      message: code === 415 ? ErrorMessages.unsupportedMediaType : ErrorMessages.badRequest,
      data: null,
    };
  }
  return { code: ResultCode.InternalServiceError, message: ErrorMessages.internal, data: null };
}

function sendError(reply: FastifyReply, error: EnvelopeError) {
  return reply.code(error.status ?? httpStatusFor(error.code)).send({
    success: false,
    resultCode: error.code,
    message: error.message,
    data: error.data,
  });
}

/** The envelope of a failure as JSON text, for the paths that answer before Fastify's reply is usable. */
function envelopeText(code: number, message: string): string {
  return JSON.stringify({ success: false, resultCode: code, message, data: null });
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot take (a bad percent-encoding, a path parameter over
 * maxParamLength) is answered before any hook or route, so the envelope is written here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, code, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, ResultCode.BadRequest, ErrorMessages.uriTooLong]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, ResultCode.BadRequest, ErrorMessages.badUrl]
        : [500, ResultCode.InternalServiceError, ErrorMessages.internal];
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ resultCode: code, reason: message }, 'request refused');
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('x-request-id', request.id)
    .send(envelopeText(code, message));
}

/**
 * Node's `clientError`: a request its HTTP parser refuses (headers or request line over 16 KiB, a bad
 * Content-Length, an unknown method, a timeout) never reaches Fastify. The connection gets a minimal envelope
 * and is closed, as the parser cannot tell where the next request would start.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorMessages.requestTimeout]
        : [400, ErrorMessages.badRequest];
  this.log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = envelopeText(ResultCode.BadRequest, message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
// Paths that are files, not storefront pages: a missing one is a 404, never index.html.
const FILE_EXTENSION =
  /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|txt|xml|html|webmanifest|br|gz)$/i;

/** True for a path the storefront's router handles (spec §2 route table), so it gets index.html. */
export function isStorefrontPath(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/') || path === '/healthz' || path === '/readyz') return false;
  if (path.startsWith('/res/') || path.startsWith('/assets/')) return false;
  // The sandboxes' pages stand in for a third party's site: switched off, they are simply not there.
  if (path.startsWith('/sandbox-pay/') || path.startsWith('/sandbox-wechat/')) return false;
  return !FILE_EXTENSION.test(path);
}

export interface ErrorsPluginOptions {
  /** Serve the storefront's index.html for unknown page paths (needs the static web plugin). */
  storefrontFallback: boolean;
}

/**
 * The single error mechanism (docs/conventions.md): one error handler and one not-found handler that answer
 * with the envelope and the HTTP status of its code. 5xx bodies never carry stack traces or SQL; the
 * error is logged with the request id, which the client also gets in `x-request-id`.
 */
export const errorsPlugin = fp<ErrorsPluginOptions>(
  async (app, { storefrontFallback }) => {
    // Fastify answers 404 for a known path called with another method; this router of every route
    // (patterns included) tells the two apart so the client gets 405.
    const routes = FindMyWay();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        try {
          routes.on(method as HTTPMethod, route.url, () => {});
        } catch {
          // Already known (e.g. the HEAD twin of a GET route).
        }
      }
    });

    // While the server drains for a shutdown, requests still arriving on open connections are refused with
    // the envelope (the app turns off Fastify's own 503 body), so a load balancer retries them elsewhere.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (closing) {
        // Sent as text: the route's response schemas do not run for a request it never handled.
        return reply
          .code(503)
          .header('connection', 'close')
          .header('content-type', 'application/json; charset=utf-8')
          .send(envelopeText(ResultCode.InternalServiceError, ErrorMessages.shuttingDown));
      }
    });

    app.setErrorHandler((error, request, reply) => {
      const envelope = toEnvelopeError(error);
      if (envelope.code === ResultCode.InternalServiceError) {
        request.log.error({ err: error, reqId: request.id }, 'request failed');
      } else {
        request.log.info({ resultCode: envelope.code, reason: envelope.message }, 'request refused');
      }
      return sendError(reply, envelope);
    });

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const otherMethods = METHODS.filter((m) => m !== request.method);
      // A route of this very method that sent us here (a missing file under /assets/) is a plain 404.
      const routedHere = routes.find(request.method as HTTPMethod, path) !== null;
      if (!routedHere && otherMethods.some((m) => routes.find(m, path) !== null)) {
        return sendError(reply, {
          code: ResultCode.MethodNotAllowed,
          message: ErrorMessages.methodNotAllowed,
          data: null,
        });
      }
      if (
        storefrontFallback &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        isStorefrontPath(path)
      ) {
        // Client routes such as /member/settings or /product/12 are pages of the single-page storefront.
        return reply.sendStorefrontPage();
      }
      const message = path.startsWith('/api/') ? ErrorMessages.notFoundApi : ErrorMessages.notFound;
      return sendError(reply, { code: ResultCode.BadRequest, message, data: null, status: NOT_FOUND_STATUS });
    });
  },
  { name: 'errors' },
);
