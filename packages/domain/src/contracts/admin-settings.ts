import { z } from 'zod';
import '../zod-locale';
import { isValidAbn } from '../checkout/gst';
import { Warehouse } from '../warehouse';
import { bankAccountSchema, MAX_BANK_ACCOUNTS } from './catalogue';
import { currencySchema, paymentKindSchema } from './payment';
import { text } from './text';

/**
 * The console's money settings (issue 'Staff console' part 2, permission settings.money: owner and finance): the
 * AUD→CNY exchange rate with who set which rate when, and the payment methods the payment page offers. The same
 * functions as the command line's rate:set and payment:enable / payment:disable / payment:provider.
 */
export const AdminSettingsPaths = {
  /** The rate now and its history (from the audit log), newest first. */
  rate: '/api/adminService/settings/rate/',
  rateSet: '/api/adminService/settings/rate/set/',
  paymentList: '/api/adminService/settings/payment/list/',
  /** Enables or disables a method, and/or switches its provider. */
  paymentUpdate: '/api/adminService/settings/payment/update/',
  /** The couriers with their fee rules (warehouse × currency). */
  courierList: '/api/adminService/settings/courier/list/',
  courierCreate: '/api/adminService/settings/courier/create/',
  courierUpdate: '/api/adminService/settings/courier/update/',
  /** Sets one fee rule (a courier from a warehouse in a currency), insert or replace. */
  courierRuleSave: '/api/adminService/settings/courier/rule/save/',
  courierRuleDelete: '/api/adminService/settings/courier/rule/delete/',
} as const;

/** The rate as the operator types it: a positive number with at most 8 digits before the point and 4 after. */
export const rateTextSchema = text({ error: '请输入汇率', trim: true }).regex(
  /^(?!0+(?:\.0+)?$)\d{1,8}(?:\.\d{1,4})?$/,
  '汇率须为大于0的数字，最多8位整数、4位小数',
);

export const rateSetRequestSchema = z.strictObject({ audCny: rateTextSchema });
export type RateSetRequest = z.infer<typeof rateSetRequestSchema>;

export const rateChangeSchema = z.object({
  /** 4 decimals, as stored. */
  rate: z.string(),
  /** The rate it replaced; null when unknown (set before changes were logged). */
  previous: z.string().nullable(),
  /** The staff username, or 'cli' / 'cli:<--by>'. */
  actor: z.string(),
  time: z.string(),
});
export type RateChange = z.infer<typeof rateChangeSchema>;

export const adminRateResponseSchema = z.object({
  rate: z.string(),
  updatedAt: z.string(),
  /** The latest 20 changes, newest first. */
  history: z.array(rateChangeSchema),
});
export type AdminRateResponse = z.infer<typeof adminRateResponseSchema>;

export const rateSetResponseSchema = z.object({
  rate: z.string(),
  updatedAt: z.string(),
  /** False when the rate was already this (nothing written). */
  changed: z.boolean(),
});
export type RateSetResponse = z.infer<typeof rateSetResponseSchema>;

/** The providers an online method can be collected by (the deposit has none). */
export const PAYMENT_PROVIDERS = ['sandbox', 'gateway', 'wechatpay', 'alipay', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Readonly<Record<PaymentProvider, string>> = {
  sandbox: '沙箱（测试，不真实收款）',
  gateway: '真实支付渠道',
  wechatpay: '微信支付（API v3）',
  alipay: '支付宝（开放平台）',
  stripe: 'Stripe（澳币支付宝、微信）',
};

export const adminPaymentMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: paymentKindSchema,
  currency: currencySchema,
  provider: z.string(),
  enabled: z.boolean(),
  forRecharge: z.boolean(),
  description: z.string(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;
export const adminPaymentListResponseSchema = z.object({
  items: z.array(adminPaymentMethodSchema),
  /** Whether the real channel's settings are there (SHOP_PAY_GATEWAY_URL …); without them only the sandbox. */
  gatewayConfigured: z.boolean(),
  /** Whether WeChat Pay's settings are there (SHOP_WECHATPAY_* and SHOP_PUBLIC_URL). */
  wechatPayConfigured: z.boolean().default(false),
  /** Whether Stripe's settings are there (SHOP_STRIPE_SECRET_KEY, SHOP_STRIPE_WEBHOOK_SECRET, SHOP_PUBLIC_URL). */
  stripeConfigured: z.boolean().default(false),
  /** Whether Alipay's settings are there (SHOP_ALIPAY_* and SHOP_PUBLIC_URL). */
  alipayConfigured: z.boolean().default(false),
});
export type AdminPaymentListResponse = z.infer<typeof adminPaymentListResponseSchema>;

export const adminPaymentUpdateRequestSchema = z
  .strictObject({
    code: text({ error: '请指定支付方式', trim: true })
      .min(1, '请指定支付方式')
      .max(32, '支付方式编码最多32个字符'),
    enabled: z.boolean({ error: '启用状态须为 true 或 false' }).optional(),
    provider: z
      .enum(PAYMENT_PROVIDERS, { error: '渠道提供方须为 sandbox、gateway、wechatpay、alipay 或 stripe' })
      .optional(),
  })
  .refine((v) => v.enabled !== undefined || v.provider !== undefined, { error: '请指定要修改的内容' });
export type AdminPaymentUpdateRequest = z.infer<typeof adminPaymentUpdateRequestSchema>;

// ---- Couriers and their fee rules ----

const warehouseIds = Object.values(Warehouse) as number[];
const courierCodeSchema = text({ error: '请填写快递编码', trim: true }).regex(
  /^[A-Za-z0-9_-]{1,32}$/,
  '快递编码须为1-32位字母、数字、-或_',
);
const gramsSchema = (label: string) =>
  z
    .number({ error: `${label}须为整数克数` })
    .int(`${label}须为整数克数`)
    .min(1, `${label}须大于0`)
    .max(1_000_000, `${label}过大`);
/** A fee in major units as typed ('12.00'). */
const feeSchema = (label: string) =>
  text({ error: `请填写${label}`, trim: true }).regex(
    /^\d{1,7}(?:\.\d{1,2})?$/,
    `${label}须为最多两位小数的金额`,
  );

export const courierRuleSchema = z.object({
  location: z.number().int(),
  warehouseName: z.string(),
  currency: currencySchema,
  firstWeight: z.number().int(),
  /** Major units. */
  firstFee: z.number(),
  extraWeight: z.number().int(),
  extraFee: z.number(),
  maxWeight: z.number().int().nullable(),
});
export type CourierRule = z.infer<typeof courierRuleSchema>;

export const adminCourierRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Offered to shoppers; a private courier only ships what the shop chooses. */
  isPublic: z.boolean(),
  active: z.boolean(),
  estimatedDays: z.string(),
  sort: z.number().int(),
  /** The courier's company code at the tracking service (Kuaidi100's, e.g. shunfeng); '' when not tracked. */
  trackingCode: z.string(),
  rules: z.array(courierRuleSchema),
});
export type AdminCourierRow = z.infer<typeof adminCourierRowSchema>;
export const adminCourierTableResponseSchema = z.object({ items: z.array(adminCourierRowSchema) });
export type AdminCourierTableResponse = z.infer<typeof adminCourierTableResponseSchema>;

const courierFields = {
  name: text({ error: '请填写快递名称', trim: true })
    .min(1, '请填写快递名称')
    .max(60, '快递名称最多60个字符'),
  isPublic: z.boolean({ error: '是否公开须为 true 或 false' }),
  estimatedDays: text({ trim: true }).max(40, '时效说明最多40个字符').default(''),
  sort: z.number({ error: '排序须为整数' }).int('排序须为整数').min(-9999).max(9999).default(0),
  /**
   * Kuaidi100's company code, lower case (docs/decisions/061); '' leaves its parcels untracked. Absent: a new courier
   * gets the one its code suggests, a changed one keeps its own.
   */
  trackingCode: text({ trim: true })
    .regex(/^[a-z0-9_-]{0,32}$/, '快递100编码须为最多32位小写字母、数字、-或_，如 shunfeng')
    .optional(),
};
export const adminCourierCreateRequestSchema = z.strictObject({ code: courierCodeSchema, ...courierFields });
export type AdminCourierCreateRequest = z.input<typeof adminCourierCreateRequestSchema>;
export const adminCourierUpdateRequestSchema = z.strictObject({
  code: courierCodeSchema,
  ...courierFields,
  active: z.boolean({ error: '是否启用须为 true 或 false' }),
});
export type AdminCourierUpdateRequest = z.input<typeof adminCourierUpdateRequestSchema>;

const ruleKey = {
  code: courierCodeSchema,
  location: z
    .number({ error: '请选择仓库' })
    .int('请选择仓库')
    .refine((v) => warehouseIds.includes(v), '未知的仓库'),
  currency: currencySchema,
};
export const adminCourierRuleSaveRequestSchema = z
  .strictObject({
    ...ruleKey,
    firstWeight: gramsSchema('首重'),
    firstFee: feeSchema('首重运费'),
    extraWeight: gramsSchema('续重'),
    extraFee: feeSchema('续重运费'),
    maxWeight: gramsSchema('最大重量').nullable().default(null),
  })
  .refine((v) => v.maxWeight === null || v.maxWeight >= v.firstWeight, {
    error: '最大重量不能小于首重',
    path: ['maxWeight'],
  });
export type AdminCourierRuleSaveRequest = z.input<typeof adminCourierRuleSaveRequestSchema>;
export const adminCourierRuleDeleteRequestSchema = z.strictObject(ruleKey);
export type AdminCourierRuleDeleteRequest = z.infer<typeof adminCourierRuleDeleteRequestSchema>;

// ---- The shop as a seller: legal name, ABN, address, GST (ADR 038) ----

/** The seller details' path (permission settings.seller: the owner). */
export const AdminSellerPaths = {
  get: '/api/adminService/settings/seller/',
  save: '/api/adminService/settings/seller/save/',
} as const;

export const SellerMessages = {
  badAbn: 'ABN 须为11位数字且校验正确（可含空格），请核对',
  legalNameRequired: '已登记GST时须填写商家法定名称',
  abnRequired: '已登记GST时须填写ABN',
} as const;

export const sellerDetailsSchema = z.object({
  legalName: z.string(),
  /** 11 digits, or '' when not set. */
  abn: z.string(),
  address: z.string(),
  gstRegistered: z.boolean(),
  /** AUD prices include GST (the usual case in Australia); otherwise GST is added on top. */
  pricesIncludeGst: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SellerDetails = z.infer<typeof sellerDetailsSchema>;

export const sellerSaveRequestSchema = z
  .strictObject({
    legalName: text({ error: '请填写商家法定名称', trim: true }).max(200, '商家法定名称最多200个字符'),
    abn: text({ error: 'ABN 须为文字', trim: true })
      .regex(/^(?:(?:\d\s*){10}\d)?$/, SellerMessages.badAbn)
      .refine((v) => v === '' || isValidAbn(v), SellerMessages.badAbn)
      .transform((v) => v.replace(/\s+/g, '')),
    address: text({ error: '请填写商家地址', trim: true }).max(300, '商家地址最多300个字符'),
    gstRegistered: z.boolean({ error: '是否登记GST须为 true 或 false' }),
    pricesIncludeGst: z.boolean({ error: '价格是否含GST须为 true 或 false' }),
  })
  .superRefine((v, ctx) => {
    if (!v.gstRegistered) return;
    if (v.legalName === '')
      ctx.addIssue({ code: 'custom', message: SellerMessages.legalNameRequired, path: ['legalName'] });
    if (v.abn === '') ctx.addIssue({ code: 'custom', message: SellerMessages.abnRequired, path: ['abn'] });
  });
export type SellerSaveRequest = z.input<typeof sellerSaveRequestSchema>;

// ---- The accounts members transfer money to (permission settings.money: owner and finance, with two-factor) ----

/** The receiving bank accounts of bank-transfer recharges; the storefront reads them in the basic template. */
export const AdminBankAccountPaths = {
  /** The accounts now and their change history (from the audit log), newest first. */
  get: '/api/adminService/settings/bankAccounts/',
  save: '/api/adminService/settings/bankAccounts/save/',
} as const;

const optionalText = (label: string, max: number) =>
  text({ error: `${label}须为文字`, trim: true })
    .max(max, `${label}最多${max}个字符`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** One account as finance or the owner types it. */
export const bankAccountInputSchema = z.strictObject({
  currency: z.enum(['CNY', 'AUD'], { error: '币种须为 CNY 或 AUD' }),
  bankName: text({ error: '请输入银行', trim: true }).min(1, '请输入银行').max(100, '银行最多100个字符'),
  accountName: text({ error: '请输入户名', trim: true }).min(1, '请输入户名').max(100, '户名最多100个字符'),
  accountNo: text({ error: '请输入账号', trim: true }).min(1, '请输入账号').max(64, '账号最多64个字符'),
  branch: optionalText('开户行 / BSB ', 100),
  swift: optionalText('SWIFT ', 20),
});

export const bankAccountsSaveRequestSchema = z.strictObject({
  items: z.array(bankAccountInputSchema).max(MAX_BANK_ACCOUNTS, `收款账户最多${MAX_BANK_ACCOUNTS}个`),
});
export type BankAccountsSaveRequest = z.input<typeof bankAccountsSaveRequestSchema>;

/** One change of the accounts: who, when, and the accounts before and after. */
export const bankAccountsChangeSchema = z.object({
  /** The staff username, or 'cli' / 'cli:<--by>'. */
  actor: z.string(),
  time: z.string(),
  /** Null when the audit row holds no list this release reads. */
  before: z.array(bankAccountSchema).nullable(),
  after: z.array(bankAccountSchema),
});
export type BankAccountsChange = z.infer<typeof bankAccountsChangeSchema>;

export const adminBankAccountsResponseSchema = z.object({
  items: z.array(bankAccountSchema),
  /** Null when never changed. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
  /** The latest 20 changes, newest first. */
  history: z.array(bankAccountsChangeSchema),
});
export type AdminBankAccountsResponse = z.infer<typeof adminBankAccountsResponseSchema>;

export const bankAccountsSaveResponseSchema = z.object({
  items: z.array(bankAccountSchema),
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
  /** False when the accounts were already these (nothing written, nobody told). */
  changed: z.boolean(),
});
export type BankAccountsSaveResponse = z.infer<typeof bankAccountsSaveResponseSchema>;
