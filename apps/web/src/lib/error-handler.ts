import { LOGIN_EXPIRED_MESSAGE, ResultCode } from '@shop/domain';
import { CancelledError } from '@tanstack/react-query';
import { toApiError } from './api-client';
import { notify } from './notify';

export interface ErrorHandlerDeps {
  /** Whether a member token is held right now (spec §6). */
  hasToken: () => boolean;
  /** Ends the local session after the server refused the token (spec §8 'a logout is dispatched'). */
  onInvalidToken: () => void;
  /**
   * Staff reset the member's password (PasswordChangeRequired 4033): the member is taken to /member/security,
   * which says why, so no toast.
   */
  onPasswordChangeRequired?: () => void;
}

/**
 * The one shared error handler every failed call goes through (spec §8 'Behaviour').
 * InvalidToken: toast and logout only while a token is held; RequestCancel: silent; PasswordChangeRequired: off to
 * the password change; anything else: the server message as an error toast.
 */
export function createErrorHandler({ hasToken, onInvalidToken, onPasswordChangeRequired }: ErrorHandlerDeps) {
  return function handleError(error: unknown): void {
    if (error instanceof CancelledError) return;
    const apiError = toApiError(error);
    switch (apiError.code) {
      case ResultCode.RequestCancel:
        return;
      case ResultCode.InvalidToken:
        if (hasToken()) {
          notify.warn(LOGIN_EXPIRED_MESSAGE);
          onInvalidToken();
        }
        return;
      case ResultCode.PasswordChangeRequired:
        if (onPasswordChangeRequired) {
          onPasswordChangeRequired();
          return;
        }
        notify.error(apiError.message);
        return;
      default:
        notify.error(apiError.message);
    }
  };
}
