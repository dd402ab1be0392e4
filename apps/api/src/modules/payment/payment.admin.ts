import { ResultCode } from '@shop/domain';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentConfigs, paymentNotifies } from '../../db/schema';
import { AppError, notFoundError } from '../../lib/app-error';
import { GATEWAY_PROVIDER } from './gateway.provider';
import { SANDBOX_PROVIDER } from './sandbox.provider';

/**
 * The operator's side of the payment methods (commands payment:list, payment:enable, payment:disable,
 * payment:provider, payment:prune-notifies): which methods the payment page offers, which provider collects
 * for each, and how long rejected notifies are kept.
 */

export const PaymentAdminMessages = {
  unknownCode: (code: string) => `未知的支付方式编码：${code}`,
  depositProvider: '余额支付不经过支付渠道，不能更换提供方',
  unknownProvider: (name: string) => `未知的支付渠道提供方：${name}（可选 sandbox、gateway）`,
  badDays: '--days 须为 1-3650 的整数',
  gatewayNotConfigured:
    '未配置真实支付渠道：请先设置 SHOP_PAY_GATEWAY_URL、SHOP_PAY_MERCHANT_ID、SHOP_PAY_SECRET、SHOP_PAY_PUBLIC_URL',
} as const;

export type PaymentConfigRow = typeof paymentConfigs.$inferSelect;
export type PaymentAdminService = ReturnType<typeof createPaymentAdminService>;

export function createPaymentAdminService({
  db,
  gatewayConfigured,
}: {
  db: Database;
  gatewayConfigured: boolean;
}) {
  async function update(code: string, set: Partial<Pick<PaymentConfigRow, 'enabled' | 'provider'>>) {
    const rows = await db.update(paymentConfigs).set(set).where(eq(paymentConfigs.code, code)).returning();
    const row = rows[0];
    if (!row) throw notFoundError(PaymentAdminMessages.unknownCode(code));
    return row;
  }

  return {
    /** Every method, enabled or not, in the page's order. */
    list(): Promise<PaymentConfigRow[]> {
      return db.select().from(paymentConfigs).orderBy(asc(paymentConfigs.sort), asc(paymentConfigs.id));
    },

    /** Offers a method on the payment page again, or stops offering it. */
    setEnabled(code: string, enabled: boolean): Promise<PaymentConfigRow> {
      return update(code, { enabled });
    },

    /** Switches an online method to another provider; the gateway only when its settings are there. */
    async setProvider(code: string, provider: string): Promise<PaymentConfigRow> {
      if (provider !== SANDBOX_PROVIDER && provider !== GATEWAY_PROVIDER)
        throw new AppError(ResultCode.ParamsError, PaymentAdminMessages.unknownProvider(provider));
      if (provider === GATEWAY_PROVIDER && !gatewayConfigured)
        throw new AppError(ResultCode.ParamsError, PaymentAdminMessages.gatewayNotConfigured);
      const current = (
        await db.select().from(paymentConfigs).where(eq(paymentConfigs.code, code)).limit(1)
      )[0];
      if (!current) throw notFoundError(PaymentAdminMessages.unknownCode(code));
      if (current.kind === 'deposit')
        throw new AppError(ResultCode.ParamsError, PaymentAdminMessages.depositProvider);
      return update(code, { provider });
    },

    /**
     * Deletes the rejected notifies (bad signature, unknown trade, mismatch) received more than `days` days
     * ago; the notifies that moved money stay as the payments' audit trail. Returns how many went.
     */
    async pruneRejectedNotifies(days: number): Promise<number> {
      if (!Number.isInteger(days) || days < 1 || days > 3650)
        throw new AppError(ResultCode.ParamsError, PaymentAdminMessages.badDays);
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
