import {
  DEFAULT_ERROR_MESSAGE,
  type Envelope,
  LOGIN_EXPIRED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  NOT_FOUND_STATUS,
  REQUEST_TIMEOUT_MS,
  ResultCode,
} from '@shop/domain';
import { takePreloaded } from './page-preload';
import { getToken } from './storage';

/**
 * Code of an error raised before any envelope arrived (no connection, timeout). Spec §8 gives such
 * errors only a message, not a number; 0 is outside the catalogue so it never collides with a server code.
 */
export const NETWORK_ERROR_CODE = 0;

/** The one error type of every call (spec §8: code, message, optional data). */
export class ApiError<TData = unknown> extends Error {
  readonly code: number;
  readonly data: TData | undefined;
  /** The HTTP status of the answer (0 when none arrived). */
  readonly status: number;

  constructor(code: number, message: string, data?: TData, status = 0) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * True when the server said the thing asked for does not exist (or is not the caller's): HTTP 404. The code in
 * the envelope is then BadRequest; code 404 itself means ImageVerifyFailed (spec §8).
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === NOT_FOUND_STATUS;
}

/** Any thrown value as an ApiError, so every caller can show `message`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(ResultCode.InternalServiceError, DEFAULT_ERROR_MESSAGE);
}

export interface RequestOptions {
  /** Aborting it rejects with RequestCancel (1001), which the shared handler ignores. */
  signal?: AbortSignal;
  /** Spec §7/§9: 60 s by default. */
  timeoutMs?: number;
  /** Spec §7: every call is POST unless noted; the template reads are GET without a body. */
  method?: 'GET' | 'POST';
  /**
   * Send the body form-encoded (application/x-www-form-urlencoded) instead of JSON: spec §7 notes it for
   * memberDepositLog/list/. Only flat fields make sense; null and undefined fields are left out.
   */
  form?: boolean;
}

/** A flat object as an application/x-www-form-urlencoded body ('pageNo=1&pageSize=15'). */
export function toFormBody(body: unknown): string {
  const params = new URLSearchParams();
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  return params.toString();
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).success === 'boolean' &&
    typeof (value as Envelope).resultCode === 'number'
  );
}

const cancelled = () => new ApiError(ResultCode.RequestCancel, '请求已取消');

/**
 * Sends one call with the timeout, cancellation and bearer header every call shares, and hands the response
 * to `read` while the timeout still runs (a slow body counts against it too).
 */
async function send<R>(
  path: string,
  body: unknown,
  { signal, timeoutMs = REQUEST_TIMEOUT_MS, method = 'POST', form = false }: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  if (signal?.aborted) throw cancelled();
  const token = getToken();
  // The page may already carry this call's answer (ADR 016): the first render needs no round trip.
  const preloaded = takePreloaded(method, path, form ? toFormBody(body) : body, token !== null);
  if (preloaded) {
    const headers = { 'Content-Type': 'application/json' };
    return read(new Response(JSON.stringify(preloaded.payload), { status: preloaded.status, headers }));
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: accept };
  if (method === 'POST') {
    headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  // Spec §6: every request carries the bearer header built from the stored token.
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    const response = await fetch(path, {
      method,
      headers,
      ...(method === 'POST' ? { body: form ? toFormBody(body) : JSON.stringify(body ?? {}) } : {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted && !timedOut) throw cancelled();
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The ApiError of a response that did not succeed (spec §8), from its envelope or, failing that, its status. */
function failure(status: number, payload: unknown): ApiError {
  if (isEnvelope(payload)) {
    // Spec §8: InvalidToken also when only the HTTP status says so.
    const code = status === 401 ? ResultCode.InvalidToken : payload.resultCode;
    return new ApiError(code, payload.message || DEFAULT_ERROR_MESSAGE, payload.data, status);
  }
  if (status === 401) return new ApiError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE, undefined, status);
  // Not an envelope (a proxy error page, an empty body): the status is the best code there is.
  return new ApiError(
    status >= 400 ? status : ResultCode.InternalServiceError,
    DEFAULT_ERROR_MESSAGE,
    undefined,
    status,
  );
}

/**
 * POSTs JSON (or a form, with `form: true`) to an API path and returns the whole envelope when `success` is true; otherwise throws ApiError
 * (spec §7: a call succeeds only when the response says success true). Use `request` unless the message matters.
 */
export async function requestEnvelope<T>(
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const { status, payload } = await send(path, body, options, 'application/json', async (response) => ({
    status: response.status,
    payload: (await response.json().catch(() => null)) as unknown,
  }));
  if (isEnvelope(payload) && payload.success) return payload as Envelope<T>;
  throw failure(status, payload);
}

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

export interface BlobRequestOptions extends RequestOptions {
  /** Share of the body received so far (0-1), when the server sends Content-Length. */
  onProgress?: (fraction: number) => void;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form (filename*=UTF-8''…). */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Badly encoded: fall back to the plain form below.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

async function readBody(response: Response, onProgress?: (fraction: number) => void): Promise<Blob> {
  const total = Number(response.headers.get('Content-Length'));
  const type = response.headers.get('Content-Type') ?? '';
  if (!onProgress || !response.body || !(total > 0)) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(Math.min(1, received / total));
  }
  return new Blob(parts as BlobPart[], { type });
}

/**
 * POSTs JSON and returns the file the server answers with (the xlsx exports of spec §7). A JSON answer is
 * the error envelope and becomes an ApiError, so exports fail the same way as every other call.
 */
export async function requestBlob(
  path: string,
  body?: unknown,
  { onProgress, ...options }: BlobRequestOptions = {},
): Promise<DownloadedFile> {
  return send(path, body, options, '*/*', async (response) => {
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      throw failure(response.status, await response.json().catch(() => null));
    }
    const blob = await readBody(response, onProgress);
    return { blob, fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) };
  });
}

/**
 * GETs a static JSON file that is not wrapped in the envelope (spec §7 'GET /res/static/address.json'), with the
 * same timeout and cancellation as every call. A failed status becomes an ApiError like any other failure.
 */
export async function requestStaticJson<T>(
  path: string,
  options: Omit<RequestOptions, 'method'> = {},
): Promise<T> {
  return send(path, undefined, { ...options, method: 'GET' }, 'application/json', async (response) => {
    const payload = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok || payload === undefined) throw failure(response.status, payload);
    return payload as T;
  });
}

/** POSTs JSON and returns the envelope's data (spec §7). */
export async function request<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const envelope = await requestEnvelope<T>(path, body, options);
  return envelope.data;
}
