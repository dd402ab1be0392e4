import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_MESSAGE,
  ErrorShowType,
  httpStatusFor,
  LOGIN_EXPIRED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  ResultCode,
} from '../src';

describe('ResultCode (spec §8 error catalogue)', () => {
  it.each([
    ['Success', 200],
    ['ParamsError', -1],
    ['InvalidToken', 401],
    ['BadRequest', 400],
    ['MethodNotAllowed', 405],
    ['UnsupportedMediaType', 415],
    ['InternalServiceError', 500],
    ['RequestCancel', 1001],
    ['WeChatAuthError', 1010],
    ['PayCancel', 1021],
    ['PayFailed', 1022],
    ['WeChatVerifyFailed', 600],
    ['WeChatNeedRegister', 601],
    ['SmsNeedImageVerify', 403],
    ['ImageVerifyFailed', 404],
    ['WebSocketClose', 1030],
    ['WebSocketError', 1031],
    ['WebSocketTokenExpire', 1032],
    ['PayloadTooLarge', 413],
    ['TooManyRequests', 429],
  ] as const)('%s is %i', (name, code) => {
    expect(ResultCode[name]).toBe(code);
  });
});

describe('httpStatusFor', () => {
  it.each([
    [ResultCode.Success, 200],
    [ResultCode.InvalidToken, 401],
    // 404 in the envelope is ImageVerifyFailed (a wrong captcha): a client error, not a missing thing.
    [ResultCode.ImageVerifyFailed, 400],
    [ResultCode.MethodNotAllowed, 405],
    [ResultCode.PayloadTooLarge, 413],
    [ResultCode.UnsupportedMediaType, 415],
    [ResultCode.TooManyRequests, 429],
    [ResultCode.InternalServiceError, 500],
    [ResultCode.ParamsError, 400],
    [ResultCode.BadRequest, 400],
    [ResultCode.RequestCancel, 400],
    [ResultCode.WeChatAuthError, 400],
    [ResultCode.PayCancel, 400],
    [ResultCode.PayFailed, 400],
    [ResultCode.WeChatVerifyFailed, 400],
    [ResultCode.WeChatNeedRegister, 400],
    [ResultCode.SmsNeedImageVerify, 400],
    [ResultCode.WebSocketClose, 400],
    [ResultCode.WebSocketError, 400],
    [ResultCode.WebSocketTokenExpire, 400],
    // The staff console's codes: a role without the permission, and a session held to its setup.
    [ResultCode.PermissionDenied, 403],
    [ResultCode.TwoFactorSetupRequired, 403],
    [ResultCode.PasswordChangeRequired, 403],
    [ResultCode.TwoFactorRequired, 400],
    [12345, 400],
  ])('code %i → HTTP %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });
});

describe('error display modes and messages (spec §8)', () => {
  it.each([
    ['Silent', 0],
    ['WarnMessage', 1],
    ['ErrorMessage', 2],
    ['Notification', 4],
    ['Redirect', 9],
  ] as const)('ErrorShowType.%s is %i', (name, value) => {
    expect(ErrorShowType[name]).toBe(value);
  });

  it.each([
    ['default error', DEFAULT_ERROR_MESSAGE, '请求失败，请稍后再试'],
    ['network error', NETWORK_ERROR_MESSAGE, '网络错误，请检查网络后重试'],
    ['login expired', LOGIN_EXPIRED_MESSAGE, '未登录或登录已过期'],
  ])('%s message is Chinese', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
