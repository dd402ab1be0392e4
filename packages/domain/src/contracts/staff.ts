import { z } from 'zod';
import '../zod-locale';
import { SHOP_TIME_ZONES } from '../calendar-day';
import { PERMISSIONS, STAFF_ROLES } from '../staff';
import { captchaAnswerFields, passwordSchema } from './member';
import { text } from './text';

/**
 * The console API's foundation (docs/design.md 'Staff are not members'): staff sign-in with captcha and a second
 * factor, their own session, the owner's management of staff accounts and the audit log. Every console call
 * is POST JSON under /api/adminService/ with the storefront's envelope, and `Authorization: Bearer <staff token>`;
 * a member's token is never a staff token.
 */
export const AdminPaths = {
  /** The picture captcha is the storefront's (MemberPaths.captcha); a staff login always carries one. */
  login: '/api/adminService/staff/login/',
  logout: '/api/adminService/staff/logout/',
  /** Revokes every token of the caller (sign out everywhere). */
  logoutAll: '/api/adminService/staff/logoutAll/',
  current: '/api/adminService/staff/current/',
  changePassword: '/api/adminService/staff/changePassword/',
  /** A new TOTP secret for the caller (not active until totpEnable/ confirms a code from it). */
  totpSetup: '/api/adminService/staff/totp/setup/',
  totpEnable: '/api/adminService/staff/totp/enable/',
  /** Owner only: the staff accounts. */
  staffList: '/api/adminService/staff/list/',
  staffCreate: '/api/adminService/staff/create/',
  staffUpdate: '/api/adminService/staff/update/',
  /** Sets a new password the staff member must change at next sign-in; revokes their tokens. */
  staffResetPassword: '/api/adminService/staff/resetPassword/',
  /** Clears a staff member's second factor (a lost phone); they set it up again at next sign-in. */
  staffResetTotp: '/api/adminService/staff/resetTotp/',
  auditList: '/api/adminService/audit/list/',
} as const;

export const staffRoleSchema = z.enum(STAFF_ROLES as [string, ...string[]], { error: '请选择角色' });
export const permissionSchema = z.enum(PERMISSIONS as [string, ...string[]]);

export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const staffUsernameSchema = text({ error: '请输入用户名', trim: true }).regex(
  STAFF_USERNAME_PATTERN,
  '用户名为3-32位字母、数字、下划线、点或短横线',
);
/** Staff passwords are longer than members': they open the whole shop. */
export const staffPasswordSchema = passwordSchema.min(10, '员工密码至少10位');
const totpCodeSchema = text({ trim: true }).regex(/^[0-9]{6}$/, '请输入6位数字验证码');

export const staffLoginRequestSchema = z.strictObject({
  username: text({ error: '请输入用户名', trim: true }).min(1, '请输入用户名').max(64),
  password: text({ error: '请输入密码' }).min(1, '请输入密码').max(128),
  ...captchaAnswerFields,
  /** Required (TwoFactorRequired otherwise) once the account has a second factor. */
  totpCode: totpCodeSchema.optional(),
  /**
   * The code mailed to the work address: the second factor of a role that moves no money without an authenticator
   * (TwoFactorRequired with data.factor 'email' asks for it).
   */
  emailCode: totpCodeSchema.optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

/** The signed-in staff member as the console needs it to draw its menu. */
export const staffSessionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema),
  totpEnabled: z.boolean(),
  /** The role needs a second factor and it is not set up: the console shows only its setup. */
  totpSetupRequired: z.boolean(),
  /** The owner reset the password: the console shows only the password change. */
  mustChangePassword: z.boolean(),
  /** The shop's time zone (SHOP_TIME_ZONE): the console shows times and counts days in it. */
  timeZone: z.enum(SHOP_TIME_ZONES),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffLoginResponseSchema = z.object({ token: z.string(), staff: staffSessionSchema });
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export const staffChangePasswordRequestSchema = z.strictObject({
  oldPassword: text({ error: '请输入原密码' }).min(1, '请输入原密码').max(128),
  newPassword: staffPasswordSchema,
});

export const totpSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code (data: URL). */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;
export const totpEnableRequestSchema = z.strictObject({ code: totpCodeSchema });

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginTime: z.string().nullable(),
  createTime: z.string(),
  /** Where the notices of the role's work go; '' none. (Optional fields come last: see response-serializer.ts.) */
  email: z.string().optional(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffListResponseSchema = z.object({ items: z.array(staffAccountSchema) });

const staffNameSchema = text({ error: '请输入姓名', trim: true })
  .min(1, '请输入姓名')
  .max(50, '姓名最多50个字符');

/** A staff member's work e-mail for notices; '' clears it. */
export const staffEmailSchema = text({ trim: true })
  .max(120, '邮箱最多120个字符')
  .regex(new RegExp(`^$|${z.regexes.email.source}`), '邮箱格式不正确')
  .transform((v) => v.toLowerCase());

export const staffCreateRequestSchema = z.strictObject({
  username: staffUsernameSchema,
  name: staffNameSchema,
  role: staffRoleSchema,
  /** The first password; the new staff member must change it at first sign-in. */
  password: staffPasswordSchema,
  email: staffEmailSchema.optional(),
});
export const staffUpdateRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  name: staffNameSchema.optional(),
  role: staffRoleSchema.optional(),
  /** A disabled account cannot sign in and its tokens are revoked. */
  disabled: z.boolean().optional(),
  email: staffEmailSchema.optional(),
});
export const staffResetPasswordRequestSchema = z.strictObject({
  id: z.number().int().positive(),
  password: staffPasswordSchema,
});
export const staffIdRequestSchema = z.strictObject({ id: z.number().int().positive() });

/** One audit row: who did what to which object, with the values before and after (never edited). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for the operator command line. */
  staffId: z.number().int().nullable(),
  /** The staff username, or 'cli:<--by>' for the command line. */
  actor: z.string(),
  /** e.g. 'order.ship', 'staff.create', 'deposit.cash'. */
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListRequestSchema = z.strictObject({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  staffId: z.number().int().positive().optional(),
  action: text({ trim: true }).max(64).optional(),
  objectType: text({ trim: true }).max(64).optional(),
  objectId: text({ trim: true }).max(64).optional(),
  /** 'yyyy-MM-dd', inclusive, shop time. */
  from: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd')
    .optional(),
  to: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd')
    .optional(),
});
export type AuditListRequest = z.input<typeof auditListRequestSchema>;
export const auditListResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  totalCount: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
