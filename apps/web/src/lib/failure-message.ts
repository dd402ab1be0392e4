import { DEFAULT_ERROR_MESSAGE } from '@shop/domain';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-client';

/**
 * Spec §8 'Custom failure messages': some actions (create order, confirm receipt, cancel order …) have their
 * own '…失败，请检查网络后重试' text for a failure the server did not explain — no connection, a timeout, or an
 * envelope without a message. A refusal the server explains keeps its message, and the error keeps its code,
 * so the shared handler still treats InvalidToken and RequestCancel as usual.
 */
export function withFailureMessage(error: unknown, message: string): ApiError {
  const apiError = toApiError(error);
  const unexplained =
    !(error instanceof ApiError) ||
    apiError.code === NETWORK_ERROR_CODE ||
    apiError.message === DEFAULT_ERROR_MESSAGE;
  return unexplained ? new ApiError(apiError.code, message, apiError.data, apiError.status) : apiError;
}

/** Runs a call and gives its failure the action's own message (spec §8), see withFailureMessage. */
export async function withActionFailure<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw withFailureMessage(error, message);
  }
}
