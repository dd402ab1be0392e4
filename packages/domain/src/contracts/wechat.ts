import { z } from 'zod';
import '../zod-locale';
import { text } from './text';

/**
 * QR sign-in with the chat app (spec §4 'QR scan check', §7 'Member' wechat/); its plain values are in
 * wechat-constants.ts.
 */

/** The page's secret for one QR code: 32 random bytes, base64url. */
export const QR_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const ticketSchema = text({ error: '缺少二维码票据' }).regex(QR_TICKET_PATTERN, '二维码票据无效');

/** What a QR code is for: signing in (the login dialog) or binding to the member who asks (/member/security). */
export const QR_PURPOSES = ['login', 'bind'] as const;
export type QrPurpose = (typeof QR_PURPOSES)[number];

export const qrCodeRequestSchema = z.strictObject({
  purpose: z.enum(QR_PURPOSES, { error: '用途应为 login 或 bind' }).optional(),
});
export type QrCodeRequest = z.infer<typeof qrCodeRequestSchema>;

/** The providers of the chat app's website login: the shop's own sandbox, or the open platform. */
export const WECHAT_PROVIDERS = ['sandbox', 'open'] as const;
export type WechatProviderName = (typeof WECHAT_PROVIDERS)[number];

export const qrCodeResponseSchema = z.object({
  /** The page's secret for checkQrScan/ and wechatBind/ (never in the QR code itself). */
  ticket: z.string(),
  provider: z.enum(WECHAT_PROVIDERS),
  /** The QR code as an SVG data URL (the sandbox's scan page); empty for the open platform. */
  qrImage: z.string(),
  /** The address the QR code carries (sandbox) or the open platform's login page to open (open). */
  scanUrl: z.string(),
  /** Seconds until the code expires. */
  expiresIn: z.number().int(),
});
export type QrCodeResponse = z.infer<typeof qrCodeResponseSchema>;

export const checkQrScanRequestSchema = z.strictObject({ ticket: ticketSchema });
export type CheckQrScanRequest = z.infer<typeof checkQrScanRequestSchema>;

/**
 * The states a polled QR code reports. `invalid` covers expired, used and unknown tickets; `needBind` is a
 * confirmed scan by a chat-app user bound to no member; `success` carries the member's token.
 */
export const QR_SCAN_STATUSES = [
  'waiting',
  'scanned',
  'cancelled',
  'invalid',
  'needBind',
  'success',
] as const;
export type QrScanStatus = (typeof QR_SCAN_STATUSES)[number];

/** The message of each state: needBind's speaks of binding, invalid's of invalidity (spec §4 'QR scan check'). */
export const QrScanMessages: Readonly<Record<QrScanStatus, string>> = {
  waiting: '请使用微信扫描二维码',
  scanned: '已扫码，请在手机上确认登录',
  cancelled: '已取消登录，请刷新二维码',
  invalid: '二维码已失效，请刷新',
  needBind: '该微信尚未绑定账号',
  success: '登录成功',
};

export const checkQrScanResponseSchema = z.object({
  status: z.enum(QR_SCAN_STATUSES),
  /** success: the member's login token, as login/ answers. */
  token: z.string().optional(),
  /** needBind: who scanned, for the dialog. */
  nickname: z.string().optional(),
  avatar: z.string().optional(),
});
export type CheckQrScanResponse = z.infer<typeof checkQrScanResponseSchema>;

export const wechatBindRequestSchema = z.strictObject({
  ticket: ticketSchema,
  /** The current member's id (spec §7 wechatBind/); another member's id is refused. */
  memberId: z.number({ error: '缺少会员编号' }).int().positive(),
});
export type WechatBindRequest = z.infer<typeof wechatBindRequestSchema>;

export const wechatBindingSchema = z.object({
  nickname: z.string(),
  avatar: z.string(),
  /** ISO time of the binding. */
  boundAt: z.string(),
});
export type WechatBinding = z.infer<typeof wechatBindingSchema>;

/** The member's binding, or null when their account has none. */
export const wechatBindingResponseSchema = wechatBindingSchema.nullable();

export const wechatUnbindRequestSchema = z.strictObject({
  password: text({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(128),
});
export type WechatUnbindRequest = z.infer<typeof wechatUnbindRequestSchema>;
