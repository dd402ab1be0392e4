/** Result codes of the error catalogue (spec §8). The same numbers travel in every envelope. */
export const ResultCode = {
  Success: 200,
  ParamsError: -1,
  InvalidToken: 401,
  BadRequest: 400,
  MethodNotAllowed: 405,
  UnsupportedMediaType: 415,
  InternalServiceError: 500,
  RequestCancel: 1001,
  WeChatAuthError: 1010,
  PayCancel: 1021,
  PayFailed: 1022,
  WeChatVerifyFailed: 600,
  WeChatNeedRegister: 601,
  SmsNeedImageVerify: 403,
  ImageVerifyFailed: 404,
  WebSocketClose: 1030,
  WebSocketError: 1031,
  WebSocketTokenExpire: 1032,
  /**
   * Codes the catalogue does not name but HTTP needs (spec §8 leaves 'the remaining codes' open): payload too
   * large, too many requests. They reuse the HTTP number so clients can map them. Something that does not exist
   * is BadRequest 400 with HTTP status 404 (NOT_FOUND_STATUS): 404 in the envelope is ImageVerifyFailed.
   */
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  /**
   * The staff console's own codes (docs/design.md 'Staff are not members'); the storefront sees only the last.
   * PermissionDenied: the staff member's role may not do this (HTTP 403).
   * TwoFactorRequired: the login needs the authenticator's code (`totpCode`), or the code was wrong.
   * TwoFactorSetupRequired: a money role signed in without a second factor; only setting it up is allowed.
   * PasswordChangeRequired: the password was reset by the owner (for a member: by staff); only changing it is
   * allowed.
   */
  PermissionDenied: 4030,
  TwoFactorRequired: 4031,
  TwoFactorSetupRequired: 4032,
  PasswordChangeRequired: 4033,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/**
 * A refusal about the picture captcha (spec §8): none was sent where one is needed (SmsNeedImageVerify 403) or
 * the one sent was wrong or used (ImageVerifyFailed 404). Either way the form shows a fresh picture.
 */
export function isCaptchaRefusal(code: number): boolean {
  return code === ResultCode.SmsNeedImageVerify || code === ResultCode.ImageVerifyFailed;
}

/** How the storefront shows an error (spec §8 display modes). */
export const ErrorShowType = {
  Silent: 0,
  WarnMessage: 1,
  ErrorMessage: 2,
  Notification: 4,
  Redirect: 9,
} as const;
export type ErrorShowType = (typeof ErrorShowType)[keyof typeof ErrorShowType];

/** Shown when the server sends an error with an empty message (spec §8). */
export const DEFAULT_ERROR_MESSAGE = '请求失败，请稍后再试';
/** Shown when the request never reached the server or timed out (spec §8). */
export const NETWORK_ERROR_MESSAGE = '网络错误，请检查网络后重试';
/** Toast for InvalidToken when a token was held (spec §8). */
export const LOGIN_EXPIRED_MESSAGE = '未登录或登录已过期';

/** The response envelope every API call returns, success and failure alike. */
export interface Envelope<T = unknown> {
  success: boolean;
  resultCode: number;
  message: string;
  data: T;
}

/** HTTP status of an answer about something that does not exist (or is not the caller's); code BadRequest. */
export const NOT_FOUND_STATUS = 404;

/** HTTP status that goes with a result code, where one fits (docs/design.md 'The API contract'). */
export function httpStatusFor(code: number): number {
  switch (code) {
    case ResultCode.Success:
      return 200;
    case ResultCode.InvalidToken:
      return 401;
    case ResultCode.MethodNotAllowed:
      return 405;
    case ResultCode.PayloadTooLarge:
      return 413;
    case ResultCode.UnsupportedMediaType:
      return 415;
    case ResultCode.TooManyRequests:
      return 429;
    case ResultCode.InternalServiceError:
      return 500;
    case ResultCode.PermissionDenied:
    case ResultCode.TwoFactorSetupRequired:
    case ResultCode.PasswordChangeRequired:
      return 403;
    default:
      // ParamsError, BadRequest and the business codes are client errors.
      return 400;
  }
}
