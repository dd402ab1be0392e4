import { DEFAULT_ERROR_MESSAGE, httpStatusFor } from '@shop/domain';

/**
 * The one error type of the server (CONVENTIONS.md): a result code of spec §8, a message a shopper can
 * read, and optional data. The error handler turns it into the envelope with the HTTP status of the code.
 */
export class AppError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data: unknown = null) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
  }

  get statusCode(): number {
    return httpStatusFor(this.code);
  }
}
