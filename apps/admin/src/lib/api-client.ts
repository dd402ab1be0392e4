import {
  DEFAULT_ERROR_MESSAGE,
  type Envelope,
  LOGIN_EXPIRED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  ResultCode,
} from '@shop/domain';
import { getStaffToken } from './token';

/** Code of a failure that never got an envelope (no connection, timeout); outside the server's catalogue. */
export const NETWORK_ERROR_CODE = 0;

/** The one error type of every console call: the envelope's code and message, and the HTTP status. */
export class ApiError<TData = unknown> extends Error {
  readonly code: number;
  readonly data: TData | undefined;
  readonly status: number;

  constructor(code: number, message: string, data?: TData, status = 0) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
  }
}

export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).success === 'boolean' &&
    typeof (value as Envelope).resultCode === 'number'
  );
}

/** The ApiError of an answer that did not succeed: its envelope's code, or what its HTTP status says. */
export function failure(status: number, payload: unknown): ApiError {
  if (isEnvelope(payload)) {
    const code = status === 401 ? ResultCode.InvalidToken : payload.resultCode;
    return new ApiError(code, payload.message, payload.data, status);
  }
  if (status === 401) return new ApiError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE, undefined, status);
  return new ApiError(ResultCode.InternalServiceError, DEFAULT_ERROR_MESSAGE, undefined, status);
}

/**
 * POSTs JSON to a console path with the staff token and returns the envelope's data; anything but
 * `success: true` throws ApiError. Every console call is POST JSON (packages/domain contracts/staff.ts), an upload
 * POST multipart (give it a FormData).
 */
export async function request<T>(path: string, body: unknown = {}, signal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  // A FormData body (an upload) goes as multipart with the browser's boundary; everything else as JSON.
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = multipart
    ? { Accept: 'application/json' }
    : { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = getStaffToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let status = 0;
  let payload: unknown;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers,
      body: multipart ? body : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = response.status;
    payload = await response.json().catch(() => null);
  } catch {
    if (signal?.aborted) throw new ApiError(ResultCode.RequestCancel, '请求已取消');
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
  if (isEnvelope(payload) && payload.success) return payload.data as T;
  throw failure(status, payload);
}
