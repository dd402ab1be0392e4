import { z } from 'zod';
import '../zod-locale';
import { isValidAbn } from '../checkout/gst';
import { TaxNoMessages, taxNoProblem } from '../invoice';
import { text } from './text';

/** Member calls of spec §7 'Member' (request and response shapes, shared by API and storefront). */

export const USERNAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5]{3,32}$/;

export const usernameSchema = text({ error: '请输入用户名', trim: true }).regex(
  USERNAME_PATTERN,
  '用户名为3-32位字母、数字、下划线或汉字',
);

export const passwordSchema = text({ error: '请输入密码' })
  .min(8, '密码至少8位')
  .max(64, '密码最多64位')
  .regex(/[A-Za-z]/, '密码须包含字母')
  .regex(/[0-9]/, '密码须包含数字');

// The address test of zod's z.email(), or nothing.
const EMAIL_OR_EMPTY = new RegExp(`^$|${z.regexes.email.source}`);

/** Profile fields a member may set at registration and later on /member/settings. */
export const profileFieldsSchema = z.strictObject({
  name: text({ trim: true }).max(50, '姓名最多50个字符').optional(),
  // Empty clears the field.
  email: text().regex(EMAIL_OR_EMPTY, '邮箱格式不正确').max(120, '邮箱最多120个字符').optional(),
  mobile: text()
    .regex(/^$|^\+?[0-9][0-9 -]{5,19}$/, '手机号格式不正确')
    .optional(),
  company: text({ trim: true }).max(100, '公司名称最多100个字符').optional(),
  wechat: text({ trim: true }).max(50, '微信号最多50个字符').optional(),
  /** The business's ABN for Australian tax invoices: 11 digits with a valid checksum (spaces allowed); '' clears. */
  abn: text({ trim: true })
    .max(20, 'ABN 须为11位数字')
    .regex(/^(?:(?:\d\s*){10}\d)?$/, 'ABN 须为11位数字且校验正确，请核对')
    .refine((v) => v === '' || isValidAbn(v), 'ABN 须为11位数字且校验正确，请核对')
    .transform((v) => v.replace(/\s+/g, ''))
    .optional(),
  /** 纳税人识别号 for fapiao: 15, 18 or 20 uppercase letters or digits (18: check character); '' clears. */
  taxNo: text({ trim: true })
    .regex(/^(?:[0-9A-Za-z]{15}|[0-9A-Za-z]{18}|[0-9A-Za-z]{20})?$/, TaxNoMessages.format)
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : taxNoProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
    })
    .optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const emptyRequestSchema = z.strictObject({});
/** The data of a call that answers nothing but its envelope (logout/, updatePwd/, an address delete/). */
export const emptyResponseSchema = z.null();

export const captchaResponseSchema = z.object({
  captchaId: z.string(),
  /** An SVG image as a data URL, ready for <img src>. */
  image: z.string(),
  /** Seconds until the captcha expires. */
  expiresIn: z.number().int(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/**
 * The picture captcha's answer in every request that takes one (login, registration, the staff login, the
 * supplier application). Optional on the wire so the server tells a missing answer (SmsNeedImageVerify 403)
 * from a wrong one (ImageVerifyFailed 404) by one rule (spec §8; captcha.service.ts `check`).
 */
export const captchaAnswerFields = {
  captchaId: text().max(64).optional(),
  captchaCode: text({ trim: true }).max(16).optional(),
};
/** The answer field of a form that shows the picture: asked for before the form is sent. */
export const captchaCodeInputSchema = text({ error: '请输入验证码', trim: true })
  .min(1, '请输入验证码')
  .max(16);

export const registerRequestSchema = profileFieldsSchema.extend({
  username: usernameSchema,
  password: passwordSchema,
  ...captchaAnswerFields,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * Password login (spec §7 login/). After a few failures for the account or the address the server also asks for
 * the picture captcha (SmsNeedImageVerify 403 with `needCaptcha`); then `captchaId` and `captchaCode` come along.
 */
export const loginRequestSchema = z.strictObject({
  username: text({ error: '请输入用户名', trim: true }).min(1, '请输入用户名').max(64),
  password: text({ error: '请输入密码' }).min(1, '请输入密码').max(128),
  ...captchaAnswerFields,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The data of a refused login: whether the next attempt must carry the picture captcha. */
export const loginRefusalSchema = z.object({ needCaptcha: z.boolean() });
export type LoginRefusal = z.infer<typeof loginRefusalSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  level: z.number().int(),
  /** Deposit balances in major units with 2 decimals (e.g. 12.5 = ¥12.50). */
  cnyDeposit: z.number(),
  audDeposit: z.number(),
  email: z.string(),
  mobile: z.string(),
  company: z.string(),
  wechat: z.string(),
  /** Business details that prefill tax invoices and fapiao requests; '' when not given. */
  abn: z.string(),
  taxNo: z.string(),
  createdAt: z.string(),
  /**
   * Staff reset the password: until the member sets a new one (updatePwd/) every other member call answers
   * PasswordChangeRequired 4033. Added to the spec's member; absent means false.
   */
  mustChangePassword: z.boolean().optional(),
  /** The verified phone number, masked (+86 138****0000), '' when none; sign-in and reset by SMS use it. */
  phone: z.string().optional(),
  phoneVerified: z.boolean().optional(),
  /** Whether `email` (masked: t***@example.com) was proved by a code; reset by e-mail needs it. */
  emailVerified: z.boolean().optional(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * A mobile number the shop can text: mainland China (+86 1…, 11 digits) or Australia (+61 4…, 9 digits), in E.164.
 * Spaces and dashes are dropped; a leading 0 of an Australian number is taken as +61.
 */
export const phoneSchema = text({ error: '请输入手机号', trim: true })
  // The shape of a mainland or Australian mobile as typed (spaces and dashes allowed); the exact check follows.
  .regex(
    /^(?:(?:\+?86[ -]?)?1[3-9][0-9 -]{9,13}|(?:\+?61[ -]?|0)4[0-9 -]{8,12})$/,
    '手机号须为中国大陆（+86）或澳大利亚（+61）手机号',
  )
  .transform((v) =>
    v
      .replace(/[\s-]/g, '')
      .replace(/^04(\d{8})$/, '+614$1')
      .replace(/^1(\d{10})$/, '+861$1'),
  )
  .refine(
    (v) => /^(\+861[3-9]\d{9}|\+614\d{8})$/.test(v),
    '手机号须为中国大陆（+86）或澳大利亚（+61）手机号',
  );

export const contactEmailSchema = text({ error: '请输入邮箱', trim: true })
  .max(120, '邮箱最多120个字符')
  .regex(z.regexes.email, '邮箱格式不正确')
  .transform((v) => v.toLowerCase());

/** A code sent by sendCode/: 6 digits. */
export const smsCodeSchema = text({ error: '请输入验证码', trim: true }).regex(/^\d{6}$/, '验证码为6位数字');

export const CodeScene = { Login: 'login', Register: 'register', Reset: 'reset', Bind: 'bind' } as const;
export type CodeScene = (typeof CodeScene)[keyof typeof CodeScene];

const oneContact = <T extends { phone?: string | undefined; email?: string | undefined }>(v: T) =>
  (v.phone === undefined) !== (v.email === undefined);
const oneContactIssue = { message: '请填写手机号或邮箱（二选一）', path: ['phone'] };

/** sendCode/ (#31): a code to a phone or an e-mail address, after the picture captcha. */
export const sendCodeRequestSchema = z
  .strictObject({
    scene: z.enum(['login', 'register', 'reset', 'bind'], {
      error: '用途须为 login、register、reset 或 bind',
    }),
    phone: phoneSchema.optional(),
    email: contactEmailSchema.optional(),
    ...captchaAnswerFields,
  })
  .refine(oneContact, oneContactIssue)
  .refine((v) => v.scene !== 'login' || v.phone !== undefined, {
    message: '短信登录须填写手机号',
    path: ['phone'],
  });
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

/** The answer of sendCode/: the same whether or not the number or address belongs to a member. */
export const sendCodeResponseSchema = z.object({
  /** Seconds before another code may be asked for the same number or address. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

export const smsLoginRequestSchema = z.strictObject({ phone: phoneSchema, code: smsCodeSchema });
export type SmsLoginRequest = z.infer<typeof smsLoginRequestSchema>;

export const resetPasswordRequestSchema = z
  .strictObject({
    phone: phoneSchema.optional(),
    email: contactEmailSchema.optional(),
    code: smsCodeSchema,
    password: passwordSchema,
  })
  .refine(oneContact, oneContactIssue);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The secret of a one-time reset link (the part after '#'): 32 random bytes in base64url. */
export const resetLinkTokenSchema = text({ error: '链接不完整，请复制完整的链接' }).regex(
  /^[A-Za-z0-9_-]{43}$/,
  '链接不完整，请复制完整的链接',
);
/** resetLinkStatus/: whether a one-time reset link can still be used; refused when used or expired. */
export const resetLinkStatusRequestSchema = z.strictObject({ token: resetLinkTokenSchema });
export type ResetLinkStatusRequest = z.infer<typeof resetLinkStatusRequestSchema>;
export const resetLinkStatusResponseSchema = z.object({
  /** The member's username, so they know which account they are setting a password for. */
  username: z.string(),
  expiresAt: z.string(),
});
export type ResetLinkStatusResponse = z.infer<typeof resetLinkStatusResponseSchema>;
/** resetPwdByLink/: the member's new password, with the one-time link's secret (used once). */
export const resetPasswordByLinkRequestSchema = z.strictObject({
  token: resetLinkTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordByLinkRequest = z.infer<typeof resetPasswordByLinkRequestSchema>;

export const bindContactRequestSchema = z
  .strictObject({
    phone: phoneSchema.optional(),
    email: contactEmailSchema.optional(),
    code: smsCodeSchema,
  })
  .refine(oneContact, oneContactIssue);
export type BindContactRequest = z.infer<typeof bindContactRequestSchema>;

/** The notices a member can be sent outside the shop (#31), each of which they choose per channel. */
export const MEMBER_NOTICE_KINDS = [
  'paid',
  'shipped',
  'pickup',
  'cancelled',
  'refunded',
  'ticketAnswered',
  'rechargeApproved',
  'rechargeRefused',
  'approvalWaiting',
  'approvalDecided',
  'invoiceDue',
  'quoteAnswered',
  'afterSale',
  'preOrderArrived',
  'parcel',
] as const;
export type MemberNoticeKind = (typeof MEMBER_NOTICE_KINDS)[number];

export const MEMBER_NOTICE_LABELS: Record<MemberNoticeKind, string> = {
  paid: '订单付款成功',
  shipped: '订单发货（含快递单号）',
  pickup: '订单可自提',
  cancelled: '订单取消',
  refunded: '退款到账',
  ticketAnswered: '客服回复工单',
  rechargeApproved: '充值审核通过',
  rechargeRefused: '充值未通过',
  approvalWaiting: '订单待我审批（公司管理员）',
  approvalDecided: '订单审批结果（采购员）',
  invoiceDue: '账期账单到期提醒（公司）',
  quoteAnswered: '询价已报价或有新回复',
  afterSale: '售后进度（审核、退款、换货）',
  preOrderArrived: '预订商品到货',
  parcel: '包裹物流进展（揽收、派送、签收、异常）',
};

const kindSwitches = z.strictObject(
  Object.fromEntries(MEMBER_NOTICE_KINDS.map((k) => [k, z.boolean()])) as Record<
    MemberNoticeKind,
    z.ZodBoolean
  >,
);

/** Which notices go by e-mail and by SMS, and their language (/member/settings). */
export const noticePrefsSchema = z.strictObject({
  locale: z.enum(['zh-CN', 'en'], { error: '语言须为 zh-CN 或 en' }),
  email: kindSwitches,
  sms: kindSwitches,
});
export type NoticePrefs = z.infer<typeof noticePrefsSchema>;

/** A member who chose nothing yet: every notice by e-mail, the ones worth a text message by SMS. */
export const DEFAULT_NOTICE_PREFS: NoticePrefs = {
  locale: 'zh-CN',
  email: Object.fromEntries(MEMBER_NOTICE_KINDS.map((k) => [k, true])) as Record<MemberNoticeKind, boolean>,
  sms: Object.fromEntries(
    MEMBER_NOTICE_KINDS.map((k) => [k, k === 'shipped' || k === 'pickup' || k === 'refunded']),
  ) as Record<MemberNoticeKind, boolean>,
};

export const updateProfileRequestSchema = profileFieldsSchema;
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const updatePasswordRequestSchema = z
  .strictObject({
    oldPassword: text({ error: '请输入原密码' }).min(1, '请输入原密码').max(128),
    newPassword: passwordSchema,
  })
  .refine((v) => v.oldPassword !== v.newPassword, {
    message: '新密码不能与原密码相同',
    path: ['newPassword'],
  });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/** A member's stored choices read leniently: anything missing or unknown falls back to the defaults. */
export function readNoticePrefs(stored: unknown): NoticePrefs {
  const merged = {
    ...DEFAULT_NOTICE_PREFS,
    ...(typeof stored === 'object' && stored ? stored : {}),
  } as Record<string, unknown>;
  const withKinds = {
    locale: merged.locale,
    email: { ...DEFAULT_NOTICE_PREFS.email, ...(merged.email as object | undefined) },
    sms: { ...DEFAULT_NOTICE_PREFS.sms, ...(merged.sms as object | undefined) },
  };
  const parsed = noticePrefsSchema.safeParse(withKinds);
  return parsed.success ? parsed.data : DEFAULT_NOTICE_PREFS;
}
