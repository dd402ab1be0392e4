import { DEFAULT_ERROR_MESSAGE, httpStatusFor, NOT_FOUND_STATUS, ResultCode } from '@shop/domain';

/**
 * The one error type of the server (docs/conventions.md): a result code of spec §8, a message a shopper can
 * read, and optional data. The error handler turns it into the envelope with the HTTP status of the code.
 */
export class AppError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** The HTTP status when the code's own does not say it (a missing thing: BadRequest with 404). */
  private readonly status: number | undefined;

  constructor(code: number, message: string, data: unknown = null, status?: number) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
    this.status = status;
  }

  get statusCode(): number {
    return this.status ?? httpStatusFor(this.code);
  }
}

/**
 * A request the rules refuse: a value out of range, a state that does not allow it, a reused request id
 * (ParamsError -1, HTTP 400, spec §8). The one factory for it (docs/conventions.md 'One way to do each thing').
 */
export function paramsError(message: string, data: unknown = null): AppError {
  return new AppError(ResultCode.ParamsError, message, data);
}

/**
 * Something that does not exist, or is not the caller's (answered alike, so other members' ids cannot be
 * probed): BadRequest 400 in the envelope, HTTP 404. The envelope's 404 is ImageVerifyFailed (spec §8).
 */
export function notFoundError(message: string, data: unknown = null): AppError {
  return new AppError(ResultCode.BadRequest, message, data, NOT_FOUND_STATUS);
}
