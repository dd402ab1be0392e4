import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay } from '../calendar-day';
import { consolePageNo, consolePageSize } from './paging';
import { currencySchema, isCents, moneySchema } from './payment';
import { text } from './text';

/**
 * Pay on account (账期, issue #38 part 3, docs/decisions/055): finance grant a company a credit limit per currency
 * and terms; an order paid on account ships at once and makes an account invoice (账单) due at the terms; the
 * company's statement lists its invoices; finance record the payments received and allocate them to invoices.
 * Amounts on the wire are major units with at most 2 decimals; days are the shop's (Beijing) 'yyyy-MM-dd'.
 */

const id = z.number({ error: '编号须为数字' }).int('编号须为整数').positive('编号须为正整数');

/** The payment method's code in paymentConfigList/ (issue #38 Contract). */
export const ON_ACCOUNT_CODE = 'OnAccount';

/** The terms finance may grant: the invoice falls due this many days after the order is placed on account. */
export const CREDIT_TERMS = [7, 14, 30, 60] as const;
export type CreditTerms = (typeof CREDIT_TERMS)[number];

/** The reminder before the due date goes out this many days before it; another goes out on the day. */
export const INVOICE_REMIND_DAYS = 3;

/** The largest credit limit finance may grant, major units. */
export const CREDIT_LIMIT_MAX = 100_000_000;

/**
 * An invoice's state on the statement: open (not due yet), due (falls due today), overdue (past its due day and
 * not paid in full) and paid. Overdue invoices block new on-account orders.
 */
export const ACCOUNT_INVOICE_STATES = ['open', 'due', 'overdue', 'paid'] as const;
export type AccountInvoiceState = (typeof ACCOUNT_INVOICE_STATES)[number];

export const ACCOUNT_INVOICE_STATE_LABELS: Record<AccountInvoiceState, string> = {
  open: '未到期',
  due: '今日到期',
  overdue: '已逾期',
  paid: '已结清',
};

/** The state of an invoice owing `owed` (minor units) due on `dueOn`, on the shop day `today`. */
export function accountInvoiceState(owed: number, dueOn: string, today: string): AccountInvoiceState {
  if (owed <= 0) return 'paid';
  if (dueOn < today) return 'overdue';
  return dueOn === today ? 'due' : 'open';
}

export const CreditMessages = {
  noCompany: '您尚未加入公司，不能使用账期支付',
  viewerCannotPay: '只读成员不能下单或付款',
  noCredit: '贵公司尚未开通账期，请选择其他支付方式',
  notEnough: '贵公司可用账期额度不足，请选择其他支付方式',
  overdue: '贵公司有逾期未付的账单，暂不能使用账期支付，请先结清',
  methodOff: '账期支付暂不可用，请选择其他支付方式',
  orderNotFound: '订单不存在',
  orderPaid: '订单已支付，请勿重复付款',
  orderCancelled: '订单已取消，不能付款',
  orderNotPayable: '当前订单状态不能付款',
  limitBelowUsed: (used: string) => `额度不能低于已用额度 ${used}`,
  companyNotFound: '公司不存在',
  invoiceNotFound: '账单不存在或不属于您的公司',
  invoicePaid: '该账单已结清',
  allocateTooMuch: (owed: string) => `分配金额超过账单未付金额 ${owed}`,
  allocateOverPayment: (left: string) => `分配金额合计超过该笔收款未分配的 ${left}`,
  allocateCurrency: '账单币种与收款币种不一致',
  paymentNotFound: '收款记录不存在',
  duplicateReference: '该公司已登记过此银行流水号',
  depositShort: '余额不足',
  adminOnlyDeposit: '只有公司管理员可以用余额还款',
  payTooMuch: (owed: string) => `还款金额超过账单未付金额 ${owed}`,
  paidChanged: '该账单的已付金额已变化（可能是重复提交），本次未扣款，请刷新后核对',
  otherCompanyOrder: '该订单不是为贵公司下的，不能用账期支付',
  allocatedChanged: '该笔收款的分配已变化（可能是重复提交），本次未分配，请刷新后核对',
} as const;

/** A company's credit in one currency, major units: available = limit − used (never below 0). */
export const companyCreditSchema = z.object({
  currency: currencySchema,
  limit: z.number(),
  used: z.number(),
  available: z.number(),
  termsDays: z.number().int(),
});
export type CompanyCredit = z.infer<typeof companyCreditSchema>;

/** An account invoice (账单): the money an order paid on account owes, due on `dueOn`. */
export const accountInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  /** Who placed the order: name or username. */
  buyer: z.string(),
  currency: currencySchema,
  /** What the order charged, less any refund (credit note). */
  amount: z.number(),
  paid: z.number(),
  owed: z.number(),
  state: z.enum(ACCOUNT_INVOICE_STATES),
  issuedOn: z.string(),
  dueOn: z.string(),
  paidAt: z.string().nullable(),
});
export type AccountInvoice = z.infer<typeof accountInvoiceSchema>;

/** Which invoices to list: one state, the unpaid ones (open, due and overdue), or all. */
export const statementStateFilterSchema = z
  .enum(['all', 'unpaid', ...ACCOUNT_INVOICE_STATES], { error: '状态无效' })
  .default('all');

export const statementListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  state: statementStateFilterSchema,
  currency: currencySchema.optional(),
  websiteId: id.optional(),
});
export type StatementListRequest = z.input<typeof statementListRequestSchema>;

/** What the company owes in one currency, major units. */
export const statementTotalSchema = z.object({
  currency: currencySchema,
  owed: z.number(),
  overdue: z.number(),
});

/**
 * statement/list/: the company's invoices, newest first (an admin or a viewer sees all, a buyer those of their own
 * orders), its credit per currency, and what it owes.
 */
export const statementListResponseSchema = z.object({
  items: z.array(accountInvoiceSchema),
  totalCount: z.number().int(),
  credit: z.array(companyCreditSchema),
  totals: z.array(statementTotalSchema),
  /** True while an overdue invoice blocks new on-account orders. */
  blocked: z.boolean(),
  /** The shop day the states are counted on. */
  today: z.string(),
});
export type StatementListResponse = z.infer<typeof statementListResponseSchema>;

export const statementExportRequestSchema = z.strictObject({
  format: z.enum(['pdf', 'xlsx'], { error: '格式须为 pdf 或 xlsx' }),
  state: statementStateFilterSchema,
  currency: currencySchema.optional(),
  websiteId: id.optional(),
});
export type StatementExportRequest = z.input<typeof statementExportRequestSchema>;

/** statement/payByDeposit/: a company admin settles an invoice, in part or in full, from their own deposit. */
export const statementPayByDepositRequestSchema = z.strictObject({
  invoiceId: id,
  amount: moneySchema,
  /**
   * What the page showed as paid on the invoice (major units): a repeated submission finds it moved and pays
   * nothing twice.
   */
  paidBefore: z.number().min(0, '已付金额不能小于0').refine(isCents, '已付金额最多两位小数').optional(),
  websiteId: id.optional(),
});
export type StatementPayByDepositRequest = z.input<typeof statementPayByDepositRequestSchema>;

export const statementPayByDepositResponseSchema = z.object({
  invoice: accountInvoiceSchema,
  /** The admin's deposit in the invoice's currency afterwards. */
  balance: z.number(),
});
export type StatementPayByDepositResponse = z.infer<typeof statementPayByDepositResponseSchema>;

/** payOnAccount/ (issue #38 Contract): the order is paid on account and ships; an invoice falls due at the terms. */
export const payOnAccountRequestSchema = z.strictObject({ orderId: id, websiteId: id.optional() });
export type PayOnAccountRequest = z.input<typeof payOnAccountRequestSchema>;

export const payOnAccountResponseSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  currency: currencySchema,
  amount: z.number(),
  invoiceNo: z.string(),
  dueOn: z.string(),
  /** The company's credit left in the order's currency. */
  available: z.number(),
});
export type PayOnAccountResponse = z.infer<typeof payOnAccountResponseSchema>;

/**
 * The console's 账期 (finance): a company's credit, invoices and payments received. Reading needs member.read;
 * granting credit and recording payments need credit.manage. POST JSON under /api/adminService/ with a staff token.
 */
export const AdminCreditPaths = {
  detail: '/api/adminService/credit/detail/',
  grant: '/api/adminService/credit/grant/',
  invoices: '/api/adminService/credit/invoices/',
  payments: '/api/adminService/credit/payments/',
  recordPayment: '/api/adminService/credit/recordPayment/',
  allocate: '/api/adminService/credit/allocate/',
} as const;

export const adminCreditCompanyRequestSchema = z.strictObject({ companyId: id });
export type AdminCreditCompanyRequest = z.input<typeof adminCreditCompanyRequestSchema>;

/** A line of the credit ledger: every change of a company's credit, with what was used after it. */
export const creditEntrySchema = z.object({
  id: z.number().int(),
  currency: currencySchema,
  kind: z.enum(['limit', 'charge', 'allocation', 'creditNote']),
  /** The change of used credit (charge +, allocation and credit note −), or the new limit for 'limit'. */
  amount: z.number(),
  usedAfter: z.number(),
  limitAfter: z.number(),
  note: z.string(),
  by: z.string(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const adminCreditDetailSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  taxNo: z.string(),
  credit: z.array(companyCreditSchema),
  totals: z.array(statementTotalSchema),
  blocked: z.boolean(),
  today: z.string(),
  /** The newest ledger lines. */
  entries: z.array(creditEntrySchema),
});
export type AdminCreditDetail = z.infer<typeof adminCreditDetailSchema>;

export const adminCreditGrantRequestSchema = z.strictObject({
  companyId: id,
  currency: currencySchema,
  /** 0 ends new on-account orders in that currency; never below what is used. */
  limit: z
    .number({ error: '额度须为数字' })
    .min(0, '额度不能为负')
    .max(CREDIT_LIMIT_MAX, `额度最多 ${CREDIT_LIMIT_MAX.toLocaleString('en')}`)
    .refine(isCents, '额度最多两位小数'),
  termsDays: z.union(
    CREDIT_TERMS.map((d) => z.literal(d)),
    { error: `账期须为 ${CREDIT_TERMS.join('、')} 天之一` },
  ),
});
export type AdminCreditGrantRequest = z.input<typeof adminCreditGrantRequestSchema>;

export const adminCreditInvoicesRequestSchema = z.strictObject({
  companyId: id.optional(),
  state: statementStateFilterSchema,
  currency: currencySchema.optional(),
  pageNo: consolePageNo,
  pageSize: consolePageSize,
});
export type AdminCreditInvoicesRequest = z.input<typeof adminCreditInvoicesRequestSchema>;

export const adminAccountInvoiceSchema = accountInvoiceSchema.extend({
  companyId: z.number().int(),
  companyName: z.string(),
});
export type AdminAccountInvoice = z.infer<typeof adminAccountInvoiceSchema>;

export const adminCreditInvoicesResponseSchema = z.object({
  items: z.array(adminAccountInvoiceSchema),
  totalCount: z.number().int(),
  today: z.string(),
});
export type AdminCreditInvoicesResponse = z.infer<typeof adminCreditInvoicesResponseSchema>;

export const allocationInputSchema = z.strictObject({ invoiceId: id, amount: moneySchema });
export type AllocationInput = z.input<typeof allocationInputSchema>;

const allocationsSchema = z
  .array(allocationInputSchema)
  .max(100, '一次最多分配100张账单')
  .refine((list) => new Set(list.map((a) => a.invoiceId)).size === list.length, '同一账单只能出现一次');

export const adminCreditRecordPaymentRequestSchema = z.strictObject({
  companyId: id,
  currency: currencySchema,
  amount: moneySchema.refine((n) => n <= CREDIT_LIMIT_MAX, '金额过大'),
  /** The bank transfer's reference: recorded once per company. */
  reference: text({ error: '请填写银行流水号', trim: true })
    .min(1, '请填写银行流水号')
    .max(64, '银行流水号最多64个字符'),
  /** The day the money arrived, 'yyyy-MM-dd'. */
  receivedOn: text({ error: '请填写到账日期' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '到账日期格式须为 yyyy-MM-dd')
    .refine(isCalendarDay, '到账日期须为有效日期（yyyy-MM-dd）'),
  allocations: allocationsSchema.default([]),
  note: text({ trim: true, multiline: true }).max(200, '备注最多200个字符').default(''),
});
export type AdminCreditRecordPaymentRequest = z.input<typeof adminCreditRecordPaymentRequestSchema>;

export const adminCreditAllocateRequestSchema = z.strictObject({
  paymentId: id,
  allocations: allocationsSchema.refine((list) => list.length > 0, '请选择要分配的账单'),
  /**
   * What the console showed as allocated already (major units): a repeated submission finds it moved and
   * allocates nothing twice.
   */
  allocatedBefore: z
    .number({ error: '缺少已分配金额' })
    .min(0, '已分配金额不能小于0')
    .refine(isCents, '已分配金额最多两位小数')
    .optional(),
});
export type AdminCreditAllocateRequest = z.input<typeof adminCreditAllocateRequestSchema>;

/** A payment received: by bank transfer (recorded by finance) or from a member's deposit. */
export const accountPaymentSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  currency: currencySchema,
  amount: z.number(),
  allocated: z.number(),
  unallocated: z.number(),
  method: z.enum(['bank', 'deposit']),
  reference: z.string(),
  receivedOn: z.string(),
  note: z.string(),
  by: z.string(),
  createdAt: z.string(),
  /** Where it went: invoice numbers and amounts. */
  allocations: z.array(z.object({ invoiceId: z.number().int(), invoiceNo: z.string(), amount: z.number() })),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;

export const adminCreditPaymentsRequestSchema = z.strictObject({
  companyId: id,
  pageNo: consolePageNo,
  pageSize: consolePageSize,
});
export type AdminCreditPaymentsRequest = z.input<typeof adminCreditPaymentsRequestSchema>;

export const adminCreditPaymentsResponseSchema = z.object({
  items: z.array(accountPaymentSchema),
  totalCount: z.number().int(),
});
export type AdminCreditPaymentsResponse = z.infer<typeof adminCreditPaymentsResponseSchema>;
