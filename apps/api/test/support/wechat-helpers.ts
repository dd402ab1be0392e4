import { type CheckQrScanResponse, type QrCodeResponse, WechatPaths } from '@shop/domain';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { envelope, post } from './test-app';

let codeAddress = 0;
/**
 * A new QR code, as the login dialog (or, with a token, /member/security) asks for it; from a fresh client address
 * each time, so the limit of QR codes per address stays out of the way.
 */
export async function newQrCode(app: App, options: { purpose?: 'login' | 'bind'; token?: string } = {}) {
  codeAddress += 1;
  const res = await post(
    app,
    WechatPaths.getQrCode,
    options.purpose ? { purpose: options.purpose } : {},
    options.token,
    `10.66.${codeAddress >> 8}.${codeAddress & 255}`,
  );
  const body = envelope<QrCodeResponse>(res);
  expect(body.success, body.message).toBe(true);
  return body.data;
}

/** The scan code a QR code's address ends with. */
export function scanCodeOf(code: QrCodeResponse): string {
  return new URL(code.scanUrl).pathname.split('/').pop() ?? '';
}

/** One poll of the page; a fresh client address each time unless given, so the poll limit stays out of the way. */
let pollAddress = 0;
export async function checkScan(app: App, ticket: string, remoteAddress?: string) {
  pollAddress += 1;
  return envelope<CheckQrScanResponse>(
    await post(
      app,
      WechatPaths.checkQrScan,
      { ticket },
      undefined,
      remoteAddress ?? `10.77.${pollAddress >> 8}.${pollAddress & 255}`,
    ),
  );
}

/** The sandbox phone: opens the scan page (the scan), then posts its form. */
export async function sandboxPhone(app: App, scanCode: string, form: Record<string, string> | 'cancel') {
  const page = await app.inject({ method: 'GET', url: `/sandbox-wechat/scan/${scanCode}` });
  const action = form === 'cancel' ? 'cancel' : 'confirm';
  const answer = await app.inject({
    method: 'POST',
    url: `/sandbox-wechat/scan/${scanCode}/${action}`,
    payload: form === 'cancel' ? '' : new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { page, answer };
}

/** Scans a new QR code and confirms as a typed-in chat-app user; the page's ticket. */
export async function confirmedTicket(app: App, openid: string, nickname = '测试用户', token?: string) {
  const code = await newQrCode(app, token ? { purpose: 'bind', token } : {});
  const { answer } = await sandboxPhone(app, scanCodeOf(code), { user: 'new', openid, nickname });
  expect(answer.statusCode).toBe(303);
  return code.ticket;
}

export function bind(app: App, ticket: string, memberId: number, token?: string) {
  return post(app, WechatPaths.wechatBind, { ticket, memberId }, token);
}
