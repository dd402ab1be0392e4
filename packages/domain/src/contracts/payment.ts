import { z } from 'zod';
import '../zod-locale';
import { InvalidAmountError, toMinor } from '../money';
import { MAX_RECHARGE } from '../payment';
import { text } from './text';

/**
 * Payment, deposit and recharge calls (spec §3 'Payment', 'Deposit log'; §4 'Payment by channel'; §7 'Payment'
 * and the deposit calls of 'Member'). Amounts on the wire are major units with at most 2 decimals.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');
export const currencySchema = z.enum(['AUD', 'CNY'], { error: '币种须为 AUD 或 CNY' });

/** A positive amount in major units with at most 2 decimals (e.g. 100 or 99.5). */
/** Whether a number is a whole number of cents (at most 2 decimals), as toMinor takes it. */
export function isCents(value: number): boolean {
  try {
    toMinor(value);
    return true;
  } catch (error) {
    if (error instanceof InvalidAmountError) return false;
    throw error;
  }
}

export const moneySchema = z
  .number({ error: '金额须为数字' })
  .positive('金额须大于0')
  .refine(isCents, '金额最多两位小数');

const rechargeMoneySchema = moneySchema.refine((v) => v <= MAX_RECHARGE, `单笔充值最多${MAX_RECHARGE}`);

export const paymentKindSchema = z.enum(['deposit', 'syb', 'supay', 'supay_proxy', 'account']);

export const paymentConfigListRequestSchema = z.strictObject({
  supportWebsite: z.boolean().default(true),
  websiteId: id.optional(),
});
/** A payment method (spec §3 'Payment' paymentItem: id, name, code). `currency` is what it charges. */
export const paymentConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind: paymentKindSchema,
  currency: currencySchema,
  description: z.string(),
  forRecharge: z.boolean(),
  /**
   * On account only (kind 'account', issue #38): the company's credit available per currency and its terms. The
   * method charges the order's own currency, whatever `currency` says.
   */
  credit: z
    .array(z.object({ currency: currencySchema, available: z.number(), termsDays: z.number().int() }))
    .optional(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
export const paymentConfigListResponseSchema = z.array(paymentConfigSchema);

/** ratePrice/ with an order: the amount due in the chosen currency, converted with the stored rate. */
export const ratePriceRequestSchema = z.strictObject({
  orderId: id.optional(),
  currency: currencySchema.optional(),
});
export const orderPriceSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  orderCurrency: currencySchema,
  orderPrice: z.number(),
  /** The chosen currency (the order's own when none was chosen) and the amount due in it. */
  currency: currencySchema,
  price: z.number(),
});
/** The order's amount due in one currency, converted by the server with the stored rate. */
export type OrderPrice = z.infer<typeof orderPriceSchema>;

export const payBySybRequestSchema = z.strictObject({
  orderId: id,
  type: z.enum(['A01', 'W01'], { error: '支付方式须为 A01 或 W01' }),
  /** How the cashier is shown: PC (a page with a QR code) or H5 (a phone's browser). */
  paymentType: z.enum(['PC', 'H5'], { error: '支付场景须为 PC 或 H5' }).default('PC'),
});
export type PayBySybRequest = z.input<typeof payBySybRequestSchema>;

/**
 * What the storefront does next with an online payment: open `action` (GET), post the hidden form `fields`
 * to `action` (POST, the supay bridge), GET `action` as a proxy and open the `url` it answers with when
 * its result is SUCCESS (the chat-app variant), or show the QR code `qrImage` and wait for the payment (QR).
 */
export const payStartSchema = z.object({
  tradeNo: z.string(),
  kind: paymentKindSchema,
  /** QR: the channel's QR code is shown on the payment page (`action` its content, `qrImage` the picture). */
  method: z.enum(['GET', 'POST', 'PROXY', 'QR']),
  action: z.string(),
  fields: z.record(z.string(), z.string()),
  currency: currencySchema,
  amount: z.number(),
  /** QR only: the code drawn by the shop, a data:image/svg+xml URL; the page polls findPayStatus/ meanwhile. */
  qrImage: z.string().optional(),
  /** The payment method's code (A01, W01 …): the QR page names the app to scan with. */
  channel: z.string().optional(),
});
export type PayStart = z.infer<typeof payStartSchema>;

/** supayParam/: an order (orderId) or a recharge of the deposit (type 'recharge' with money). */
export const supayParamRequestSchema = z
  .strictObject({
    orderId: id.optional(),
    type: z.enum(['order', 'recharge'], { error: '类型须为 order 或 recharge' }).optional(),
    money: rechargeMoneySchema.optional(),
    methodId: id,
  })
  .superRefine((v, ctx) => {
    const recharge = v.type === 'recharge';
    if (!recharge && v.orderId === undefined)
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: '请提供订单编号' });
    if (recharge && v.money === undefined)
      ctx.addIssue({ code: 'custom', path: ['money'], message: '请填写充值金额' });
    if (recharge && v.orderId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: '充值不能指定订单' });
  });
export type SupayParamRequest = z.input<typeof supayParamRequestSchema>;

export const findPayStatusRequestSchema = z
  .strictObject({
    tradeNo: text()
      .regex(/^[A-Z0-9]{8,32}$/, '交易号格式不正确')
      .optional(),
    orderId: id.optional(),
  })
  .refine((v) => v.tradeNo !== undefined || v.orderId !== undefined, {
    message: '请提供交易号或订单编号',
    path: ['tradeNo'],
  });
/**
 * Where a payment stands. A cancelled or failed payment is an expected outcome, not a failed call: it answers
 * success with status cancelled or failed and `failure` carrying PayCancel 1021 or PayFailed 1022 (spec §8).
 */
export const payStatusSchema = z.object({
  status: z.enum(['pending', 'paid', 'cancelled', 'failed']),
  purpose: z.enum(['order', 'recharge']),
  tradeNo: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  rechargeNo: z.string().nullable(),
  currency: currencySchema,
  amount: z.number(),
  paidAt: z.string().nullable(),
  /**
   * Where a paid amount went: 'order' (the order became Paid), 'recharge' (the deposit), 'deposit' (the order
   * was no longer payable, so the money went to the member's deposit). Absent or null while not paid.
   */
  settlement: z.enum(['order', 'recharge', 'deposit']).nullable().optional(),
  /** Cancelled or failed: the catalogue code (PayCancel 1021, PayFailed 1022) and what to tell the shopper. */
  failure: z.object({ resultCode: z.number().int(), message: z.string() }).nullable().optional(),
});
export type PayStatusResult = z.infer<typeof payStatusSchema>;

export const payByDepositRequestSchema = z.strictObject({
  orderId: id,
  currency: currencySchema,
  /** The amount the shopper agreed to pay, which must still be the amount due (the rate may have moved). */
  deposit: moneySchema,
});
export const payByDepositResponseSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  currency: currencySchema,
  paid: z.number(),
  /** The deposit left in that currency. */
  balance: z.number(),
});
export type PayByDepositRequest = z.infer<typeof payByDepositRequestSchema>;
export type PayByDepositResponse = z.infer<typeof payByDepositResponseSchema>;

/** Form-encoded paging (spec §7 memberDepositLog/list/: defaults 1 and 15). */
export const depositLogListRequestSchema = z.object({
  pageNo: z.coerce.number({ error: '页码须为数字' }).int('页码须为整数').min(1, '页码须大于0').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数须为数字' })
    .int()
    .min(1, '每页至少1条')
    .max(50, '每页最多50条')
    .default(15),
});
export const depositLogItemSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  typeLabel: z.string(),
  currency: currencySchema,
  /** Signed: positive credits, negative debits. */
  amount: z.number(),
  balanceAfter: z.number(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type DepositLogItem = z.infer<typeof depositLogItemSchema>;
export const depositLogListResponseSchema = z.object({
  items: z.array(depositLogItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type DepositLogListResponse = z.infer<typeof depositLogListResponseSchema>;

export const bankTransferRequestSchema = z.strictObject({
  currency: currencySchema,
  money: rechargeMoneySchema,
  /** The payer's name or the bank's reference, so the operator can match the statement. */
  reference: text({ trim: true })
    .min(2, '请填写付款人或转账流水号（至少2个字符）')
    .max(100, '付款人或流水号最多100个字符'),
  note: text({ trim: true, multiline: true }).max(200, '备注最多200个字符').default(''),
});
export type BankTransferRequest = z.input<typeof bankTransferRequestSchema>;

/** Withdraws a pending bank-transfer registration by its number. */
export const cancelBankTransferRequestSchema = z.strictObject({
  rechargeNo: text({ error: '请提供充值单号', trim: true }).regex(/^R\d{20}$/, '充值单号格式不正确'),
});
export type CancelBankTransferRequest = z.input<typeof cancelBankTransferRequestSchema>;

/** The text fields of uploadSlip/ (multipart, beside the `image` file) and the body of slip/. */
export const rechargeSlipFieldsSchema = cancelBankTransferRequestSchema;

export const rechargeStatusSchema = z.enum(['pending', 'credited', 'rejected', 'cancelled']);
export const RECHARGE_STATUS_LABELS: Readonly<Record<z.infer<typeof rechargeStatusSchema>, string>> = {
  pending: '待确认',
  credited: '已到账',
  rejected: '已驳回',
  cancelled: '已取消',
};
export const rechargeSchema = z.object({
  rechargeNo: z.string(),
  type: z.number().int(),
  typeLabel: z.string(),
  currency: currencySchema,
  amount: z.number(),
  status: rechargeStatusSchema,
  statusLabel: z.string(),
  reference: z.string(),
  note: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** What was credited to the deposit (major units); null until credited. May differ from `amount` asked. */
  creditedAmount: z.number().nullable(),
  /** A bank transfer's slip is attached (read it with memberdeposit/slip/ or the console's recharge/slip/). */
  hasSlip: z.boolean(),
});
export type Recharge = z.infer<typeof rechargeSchema>;
export const rechargeListRequestSchema = z.strictObject({
  pageNo: z.number().int('页码须为整数').min(1, '页码须大于0').default(1),
  pageSize: z.number().int().min(1).max(50, '每页最多50条').default(10),
});
export const rechargeListResponseSchema = z.object({
  items: z.array(rechargeSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type RechargeListResponse = z.infer<typeof rechargeListResponseSchema>;
