import { z } from 'zod';
import '../zod-locale';
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
export const PAYMENT_PROVIDERS = ['sandbox', 'gateway'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Readonly<Record<PaymentProvider, string>> = {
  sandbox: '沙箱（测试，不真实收款）',
  gateway: '真实支付渠道',
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
});
export type AdminPaymentListResponse = z.infer<typeof adminPaymentListResponseSchema>;

export const adminPaymentUpdateRequestSchema = z
  .strictObject({
    code: text({ error: '请指定支付方式', trim: true })
      .min(1, '请指定支付方式')
      .max(32, '支付方式编码最多32个字符'),
    enabled: z.boolean({ error: '启用状态须为 true 或 false' }).optional(),
    provider: z.enum(PAYMENT_PROVIDERS, { error: '渠道提供方须为 sandbox 或 gateway' }).optional(),
  })
  .refine((v) => v.enabled !== undefined || v.provider !== undefined, { error: '请指定要修改的内容' });
export type AdminPaymentUpdateRequest = z.infer<typeof adminPaymentUpdateRequestSchema>;
