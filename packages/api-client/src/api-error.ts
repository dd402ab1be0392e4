import {
  DEFAULT_ERROR_MESSAGE,
  type Envelope,
  LOGIN_EXPIRED_MESSAGE,
  NOT_FOUND_STATUS,
  ResultCode,
} from '@shop/domain';

/**
 * Code of an error raised before any envelope arrived (no connection, timeout). Spec §8 gives such errors only a
 * message, not a number; 0 is outside the catalogue so it never collides with a server code.
 */
export const NETWORK_ERROR_CODE = 0;

/** The one error type of every call, storefront and console alike (spec §8: code, message, optional data). */
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

/** True for an ApiError, and when `code` is given, one with that code. */
export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
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

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).success === 'boolean' &&
    typeof (value as Envelope).resultCode === 'number'
  );
}

/** The ApiError of an answer that did not succeed (spec §8): its envelope's code, or what its HTTP status says. */
export function failure(status: number, payload: unknown): ApiError {
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
