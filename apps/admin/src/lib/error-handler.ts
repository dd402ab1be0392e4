import { DEFAULT_ERROR_MESSAGE, LOGIN_EXPIRED_MESSAGE, ResultCode } from '@shop/domain';
import { isApiError } from './api-client';
import { setLoginNotice } from './login-notice';
import { notify } from './notify';
import { getStaffToken, setStaffToken } from './token';

/** What the staff member reads when the server refuses a call their role may not make. */
export const PERMISSION_DENIED_MESSAGE = '无权限：你的角色不能进行此操作';

/** The refusal as the staff member reads it, always starting with 无权限. */
export function permissionDeniedText(message: string): string {
  if (!message || message === DEFAULT_ERROR_MESSAGE) return PERMISSION_DENIED_MESSAGE;
  return message.startsWith('无权限') ? message : `无权限：${message}`;
}

export interface ErrorHandlerHooks {
  /** The session's gates (second factor, password change) changed: read the session again. */
  onSessionGate: () => void;
}

/**
 * The console's answer to failures every screen shares: an expired or revoked token goes back to the login
 * page with a message; a refused permission says 无权限; a gate the server enforces (TwoFactorSetupRequired,
 * PasswordChangeRequired) brings up its screen. `quiet` leaves other failures to the screen that made the call.
 */
export function createErrorHandler({ onSessionGate }: ErrorHandlerHooks) {
  return (error: unknown, { quiet = false }: { quiet?: boolean } = {}) => {
    if (!isApiError(error) || error.code === ResultCode.RequestCancel) return;
    switch (error.code) {
      case ResultCode.InvalidToken:
        if (getStaffToken()) {
          setLoginNotice(error.message || LOGIN_EXPIRED_MESSAGE);
          setStaffToken(null);
        }
        return;
      case ResultCode.PermissionDenied:
        notify.error(permissionDeniedText(error.message));
        return;
      case ResultCode.TwoFactorSetupRequired:
      case ResultCode.PasswordChangeRequired:
        onSessionGate();
        return;
      default:
        if (!quiet) notify.error(error.message);
    }
  };
}
