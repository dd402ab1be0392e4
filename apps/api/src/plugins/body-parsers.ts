import { ResultCode } from '@shop/domain';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Largest request body accepted (brief: 1 MiB); larger bodies get code 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const INVALID_JSON_MESSAGE = '请求体不是有效的 JSON';

/** Decodes a form body; a repeated key becomes a list, as form posts of several values expect. */
export function parseFormBody(body: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

/**
 * Request bodies the API accepts: JSON (spec §7: every call unless noted) and form-encoded (the deposit log
 * list, spec §7). Anything else, text/plain included, is refused with code 415.
 */
export const bodyParsersPlugin = fp(
  async (app) => {
    const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();

    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // An empty POST body means 'no parameters', as the storefront sends for calls like current/.
      if (typeof body === 'string' && body.trim() === '') return done(null, {});
      defaultJsonParser(request, String(body), (error, value) => {
        if (error) done(new AppError(ResultCode.BadRequest, INVALID_JSON_MESSAGE), undefined);
        else done(null, value);
      });
    });

    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, parseFormBody(String(body))),
    );

    // A POST with no content type and no body has no parser to run: treat it as an empty JSON object too.
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method)) {
        request.body = {};
      }
    });
  },
  { name: 'body-parsers' },
);
