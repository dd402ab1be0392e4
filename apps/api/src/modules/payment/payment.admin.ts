import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentConfigs, paymentNotifies } from '../../db/schema';
import { notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, SYSTEM_ACTOR } from '../../lib/audit';
import { ALIPAY_METHOD_CODES, ALIPAY_PROVIDER } from './alipay.provider';
import { GATEWAY_PROVIDER } from './gateway.provider';
import { SANDBOX_PROVIDER } from './sandbox.provider';
import { STRIPE_METHOD_CODES, STRIPE_PROVIDER } from './stripe.provider';
import { WECHATPAY_METHOD_CODES, WECHATPAY_PROVIDER } from './wechatpay.provider';

/** The start's own provider changes are audited as this actor; staff's choices are anyone else's. */

/** The providers a method may be moved from when a real channel is configured: those the system sets. */
const ADOPTABLE_FROM: readonly string[] = [
  SANDBOX_PROVIDER,
  WECHATPAY_PROVIDER,
  ALIPAY_PROVIDER,
  STRIPE_PROVIDER,
];

/** The providers a method can be switched to. */
const PROVIDERS: readonly string[] = [
  SANDBOX_PROVIDER,
  GATEWAY_PROVIDER,
  WECHATPAY_PROVIDER,
  ALIPAY_PROVIDER,
  STRIPE_PROVIDER,
];

/**
 * The operator's side of the payment methods (commands payment:list, payment:enable, payment:disable,
 * payment:provider, payment:prune-notifies): which methods the payment page offers, which provider collects
 * for each, and how long rejected notifies are kept.
 */

export const PaymentAdminMessages = {
  unknownCode: (code: string) => `未知的支付方式编码：${code}`,
  depositProvider: '余额支付和账期支付不经过支付渠道，不能更换提供方',
  unknownProvider: (name: string) =>
    `未知的支付渠道提供方：${name}（可选 sandbox、gateway、wechatpay、alipay、stripe）`,
  badDays: '--days 须为 1-3650 的整数',
  gatewayNotConfigured:
    '未配置真实支付渠道：请先设置 SHOP_PAY_GATEWAY_URL、SHOP_PAY_MERCHANT_ID、SHOP_PAY_SECRET、SHOP_PAY_PUBLIC_URL',
  wechatPayNotConfigured: '未配置微信支付：请先设置 SHOP_WECHATPAY_* 的七个变量和 SHOP_PUBLIC_URL',
  stripeNotConfigured:
    '未配置 Stripe：请先设置 SHOP_STRIPE_SECRET_KEY、SHOP_STRIPE_WEBHOOK_SECRET 和 SHOP_PUBLIC_URL',
  alipayNotConfigured:
    '未配置支付宝：请先设置 SHOP_ALIPAY_APP_ID、SHOP_ALIPAY_PRIVATE_KEY_FILE、SHOP_ALIPAY_PUBLIC_KEY_FILE 和 SHOP_PUBLIC_URL',
  alipayCnyOnly: '支付宝只收人民币：只有人民币的支付方式可以改由支付宝收款',
} as const;

export type PaymentConfigRow = typeof paymentConfigs.$inferSelect;
export type PaymentAdminService = ReturnType<typeof createPaymentAdminService>;

export function createPaymentAdminService({
  db,
  gatewayConfigured,
  wechatPayConfigured = false,
  stripeConfigured = false,
  alipayConfigured = false,
  audit,
  providerChosen,
}: {
  db: Database;
  /** Whether a person chose the method's provider (an audited payment.update of it; the audit module). */
  providerChosen: (code: string) => Promise<boolean>;
  gatewayConfigured: boolean;
  /** Whether WeChat Pay's settings are there (SHOP_WECHATPAY_*). */
  wechatPayConfigured?: boolean;
  /** Whether Stripe's settings are there (SHOP_STRIPE_*). */
  stripeConfigured?: boolean;
  /** Whether Alipay's settings are there (SHOP_ALIPAY_* and SHOP_PUBLIC_URL). */
  alipayConfigured?: boolean;
  /** Writes the audit row of each change, in its transaction (docs/decisions/019). */
  audit?: AuditRecorder;
}) {
  /**
   * Enables or disables a method and/or switches its provider, the row locked so two changes at once do not
   * mix; the change and its audit row commit together, and a change to what is already there writes nothing.
   */
  async function change(
    by: AuditActor,
    code: string,
    wanted: { enabled?: boolean | undefined; provider?: string | undefined },
  ): Promise<PaymentConfigRow> {
    const { provider } = wanted;
    if (provider !== undefined && !PROVIDERS.includes(provider))
      throw paramsError(PaymentAdminMessages.unknownProvider(provider));
    if (provider === GATEWAY_PROVIDER && !gatewayConfigured)
      throw paramsError(PaymentAdminMessages.gatewayNotConfigured);
    if (provider === WECHATPAY_PROVIDER && !wechatPayConfigured)
      throw paramsError(PaymentAdminMessages.wechatPayNotConfigured);
    if (provider === STRIPE_PROVIDER && !stripeConfigured)
      throw paramsError(PaymentAdminMessages.stripeNotConfigured);
    if (provider === ALIPAY_PROVIDER && !alipayConfigured)
      throw paramsError(PaymentAdminMessages.alipayNotConfigured);
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(paymentConfigs)
        .where(eq(paymentConfigs.code, code))
        .for('update');
      if (!current) throw notFoundError(PaymentAdminMessages.unknownCode(code));
      if (provider !== undefined && (current.kind === 'deposit' || current.kind === 'account'))
        throw paramsError(PaymentAdminMessages.depositProvider);
      if (provider === ALIPAY_PROVIDER && current.currency !== 'CNY')
        throw paramsError(PaymentAdminMessages.alipayCnyOnly);
      const set: Partial<Pick<PaymentConfigRow, 'enabled' | 'provider'>> = {};
      if (wanted.enabled !== undefined && wanted.enabled !== current.enabled) set.enabled = wanted.enabled;
      if (provider !== undefined && provider !== current.provider) set.provider = provider;
      if (Object.keys(set).length === 0) return current;
      const [row] = await tx
        .update(paymentConfigs)
        .set(set)
        .where(eq(paymentConfigs.id, current.id))
        .returning();
      if (!row) throw new Error('payment method update returned nothing');
      const before = Object.fromEntries(Object.keys(set).map((k) => [k, current[k as keyof typeof set]]));
      await audit?.(tx, {
        by,
        action: 'payment.update',
        objectType: 'payment',
        objectId: code,
        before,
        after: set,
      });
      return row;
    });
  }

  return {
    /** Whether the real channel's settings are there; without them only the sandbox can collect. */
    gatewayConfigured,
    /** Whether WeChat Pay's settings are there. */
    wechatPayConfigured,
    /** Whether Stripe's settings are there. */
    stripeConfigured,
    /** Whether Alipay's settings are there. */
    alipayConfigured,

    /** Every method, enabled or not, in the page's order. */
    list(): Promise<PaymentConfigRow[]> {
      return db.select().from(paymentConfigs).orderBy(asc(paymentConfigs.sort), asc(paymentConfigs.id));
    },

    change,

    /** Offers a method on the payment page again, or stops offering it. */
    setEnabled(by: AuditActor, code: string, enabled: boolean): Promise<PaymentConfigRow> {
      return change(by, code, { enabled });
    },

    /** Switches an online method to another provider; the gateway only when its settings are there. */
    setProvider(by: AuditActor, code: string, provider: string): Promise<PaymentConfigRow> {
      return change(by, code, { provider });
    },

    /**
     * Deletes the rejected notifies (bad signature, unknown trade, mismatch) received more than `days` days
     * ago; the notifies that moved money stay as the payments' audit trail. Returns how many went.
     */
    async pruneRejectedNotifies(days: number): Promise<number> {
      if (!Number.isInteger(days) || days < 1 || days > 3650) throw paramsError(PaymentAdminMessages.badDays);
      const gone = await db
        .delete(paymentNotifies)
        .where(
          and(
            eq(paymentNotifies.outcome, 'rejected'),
            lt(paymentNotifies.receivedAt, sql`now() - make_interval(days => ${days})`),
          ),
        )
        .returning({ id: paymentNotifies.id });
      return gone.length;
    },

    /**
     * Which provider collects for each method once a real channel is configured (docs/decisions/032, 034): the
     * staff's choice (an audited provider change in the console or with payment:provider) always stands; else
     * Stripe takes the AUD wallet methods (SupayAlipay, SupayWechat), Alipay takes A01 (docs/decisions/033), and WeChat Pay takes W01 and SupayWechat
     * where Stripe is not configured. Only a method on the sandbox, or on a provider the system itself chose,
     * moves (never one on the gateway); each move is audited as the system's change. Returns the moves.
     */
    async adoptConfiguredProviders(): Promise<{ provider: string; codes: string[] }[]> {
      const wanted = new Map<string, string>();
      if (wechatPayConfigured)
        for (const code of WECHATPAY_METHOD_CODES) wanted.set(code, WECHATPAY_PROVIDER);
      if (alipayConfigured) for (const code of ALIPAY_METHOD_CODES) wanted.set(code, ALIPAY_PROVIDER);
      if (stripeConfigured) for (const code of STRIPE_METHOD_CODES) wanted.set(code, STRIPE_PROVIDER);
      const moves = new Map<string, string[]>();
      for (const [code, provider] of wanted) {
        if (await providerChosen(code)) continue;
        const [current] = await db
          .select()
          .from(paymentConfigs)
          .where(eq(paymentConfigs.code, code))
          .limit(1);
        if (!current || current.provider === provider || !ADOPTABLE_FROM.includes(current.provider)) continue;
        await change(SYSTEM_ACTOR, code, { provider });
        moves.set(provider, [...(moves.get(provider) ?? []), code]);
      }
      return [...moves].map(([provider, codes]) => ({ provider, codes }));
    },

    /** Whether the method with this code is offered now. */
    async isEnabled(code: string): Promise<boolean> {
      const rows = await db
        .select({ enabled: paymentConfigs.enabled })
        .from(paymentConfigs)
        .where(eq(paymentConfigs.code, code))
        .limit(1);
      return rows[0]?.enabled === true;
    },
  };
}
