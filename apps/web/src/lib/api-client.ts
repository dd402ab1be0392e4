import {
  DEFAULT_ERROR_MESSAGE,
  type Envelope,
  LOGIN_EXPIRED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  ResultCode,
} from '@shop/domain';
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

  constructor(code: number, message: string, data?: TData) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
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
 * POSTs JSON to an API path and returns the whole envelope when `success` is true; otherwise throws ApiError
 * (spec §7: a call succeeds only when the response says success true). Use `request` unless the message matters.
 */
export async function requestEnvelope<T>(
  path: string,
  body?: unknown,
  { signal, timeoutMs = REQUEST_TIMEOUT_MS }: RequestOptions = {},
): Promise<Envelope<T>> {
  if (signal?.aborted) throw cancelled();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getToken();
  // Spec §6: every request carries the bearer header built from the stored token.
  if (token) headers.Authorization = `Bearer ${token}`;

  let status: number;
  let payload: unknown;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = response.status;
    payload = await response.json().catch(() => null);
  } catch {
    if (signal?.aborted && !timedOut) throw cancelled();
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (isEnvelope(payload)) {
    if (payload.success) return payload as Envelope<T>;
    // Spec §8: InvalidToken also when only the HTTP status says so.
    const code = status === 401 ? ResultCode.InvalidToken : payload.resultCode;
    throw new ApiError(code, payload.message || DEFAULT_ERROR_MESSAGE, payload.data);
  }
  if (status === 401) throw new ApiError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
  // Not an envelope (a proxy error page, an empty body): the status is the best code there is.
  throw new ApiError(status >= 400 ? status : ResultCode.InternalServiceError, DEFAULT_ERROR_MESSAGE);
}

/** POSTs JSON and returns the envelope's data (spec §7). */
export async function request<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const envelope = await requestEnvelope<T>(path, body, options);
  return envelope.data;
}
