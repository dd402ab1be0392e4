/**
 * The shop's side of an SMS gateway (docs/design.md 'Outside services'): one small interface, implemented by the
 * sandbox that ships with the shop and by each real gateway's adapter. Chinese gateways send only templates their
 * operator had approved, with the approved sign name; so the shop names a template by its own key and each adapter
 * maps it to the gateway's template (and its parameter names or order).
 */

/** The shop's SMS templates and the parameters each fills, in the order positional gateways (Tencent) take them. */
export const SMS_TEMPLATE_PARAMS = {
  /** A verification code (sign-in, registration, password reset, binding a number). */
  code: ['code'],
  paid: ['orderNo'],
  shipped: ['orderNo', 'courier', 'trackingNo'],
  pickup: ['orderNo', 'address'],
  cancelled: ['orderNo'],
  refunded: ['orderNo', 'amount'],
  ticketAnswered: ['title'],
  rechargeApproved: ['amount'],
  rechargeRefused: ['amount'],
  /** An invite to join a company's purchasing account (issue #38). */
  companyInvite: ['company', 'role'],
  /** A buyer's order waiting for a company admin's approval, and the decision told to the buyer (issue #38). */
  approvalWaiting: ['orderNo', 'amount'],
  approvalDecided: ['orderNo', 'result'],
  /** An account invoice falling due (before, on the day, or overdue; issue #38). */
  invoiceDue: ['invoiceNo', 'amount', 'dueOn'],
  /** A quote answered by staff, or their reply on it (issue #38). */
  quoteAnswered: ['quoteNo'],
  /** An after-sales request changed state (issue #39). */
  afterSale: ['afterSaleNo', 'state'],
  /** Pre-ordered goods arrived and the order's pack can leave (issue #39). */
  preOrderArrived: ['orderNo'],
  /** A parcel's milestone from courier tracking: 已揽收, 派送中, 已签收, 异常, 退回 (docs/decisions/061). */
  parcel: ['orderNo', 'state', 'trackingNo'],
} as const satisfies Record<string, readonly string[]>;

export type SmsTemplateKey = keyof typeof SMS_TEMPLATE_PARAMS;

/**
 * Templates added after a shop first set its gateways' templates: a gateway may have none, and then sends no text
 * of that kind (the notice fails with the reason, shown in the console). Every other template is required.
 */
export const OPTIONAL_SMS_TEMPLATES = [
  'companyInvite',
  'approvalWaiting',
  'approvalDecided',
  'invoiceDue',
  'quoteAnswered',
  'afterSale',
  'preOrderArrived',
  'parcel',
] as const satisfies readonly SmsTemplateKey[];
export type OptionalSmsTemplate = (typeof OPTIONAL_SMS_TEMPLATES)[number];

/** The gateway's template for a kind of text, or the permanent refusal when the shop set none. */
export function gatewayTemplate(
  templates: Partial<Record<SmsTemplateKey, string>>,
  key: SmsTemplateKey,
): string {
  const template = templates[key];
  if (!template) throw new SmsSendError(`未配置短信模板：${key}`, false);
  return template;
}

/** One text message to one number. */
export interface SmsMessage {
  /** E.164, e.g. +8613800000000 or +61412345678. */
  phone: string;
  template: SmsTemplateKey;
  /** Every parameter the template names (SMS_TEMPLATE_PARAMS), as text. */
  params: Record<string, string>;
  /**
   * The same for every attempt of one notice (the outbox's notice id and attempt-independent): passed where the
   * gateway carries a caller's reference (Alibaba OutId, Tencent SessionContext), so a retry can be traced to it.
   */
  reference: string;
}

/** What a gateway answered for an accepted message. */
export interface SmsReceipt {
  /** The gateway's id of the message (Alibaba BizId, Tencent SerialNo, Twilio sid, the sandbox's row id). */
  providerMessageId: string;
}

/**
 * A gateway refused the message or could not be reached. `retryable` is false when sending again cannot help
 * (a number the gateway rejects, a template not approved): the outbox then stops retrying at once.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The gateway's own code (isv.MOBILE_NUMBER_ILLEGAL, FailedOperation.…, 21211), kept for the console. */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsProvider {
  /** 'aliyun' | 'tencent' | 'twilio' | 'sandbox': stored with each sent notice. */
  readonly name: string;
  send(message: SmsMessage): Promise<SmsReceipt>;
}
