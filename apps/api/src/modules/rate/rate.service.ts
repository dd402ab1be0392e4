import { type RateSetting, ResultCode } from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, cliActor } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { ReadCache } from '../../lib/read-cache';
import * as repo from './rate.repository';

export const RateMessages = {
  badRate: '汇率须为大于0的数字，最多8位整数、4位小数',
  missing: '汇率尚未设置，请联系商城管理员',
} as const;

const AUD_CNY = { base: 'AUD', quote: 'CNY' } as const;
// numeric(12, 4): at most 8 digits before the point and 4 after.
const RATE_TEXT = /^(\d{1,8})(?:\.(\d{1,4}))?$/;

/**
 * An operator's rate text as the stored form with 4 decimals ('4.75' → '4.7500'), or null unless it is a
 * positive decimal with at most 4 decimals (docs/design.md 'Money': the operator sets the rate).
 */
export function normalizeRate(text: string): string | null {
  const match = RATE_TEXT.exec(text.trim());
  if (!match) return null;
  const scaled = BigInt(match[1] ?? '0') * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
  if (scaled <= 0n) return null;
  return `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}`;
}

export interface RateServiceDeps {
  db: Database;
  clock: Clock;
  /** Writes the audit row of each change, in its transaction (docs/decisions/019). */
  audit?: AuditRecorder;
  /**
   * Keeps the rate read outside a transaction in memory until the rates change (ADR 022's checkout settings): the
   * cart reads it on every cart/list/.
   */
  cache?: ReadCache<unknown> | null | undefined;
}

export type RateService = ReturnType<typeof createRateService>;

/** The shop's exchange rate, stored in the database so every API process uses the same one. */
export function createRateService({ db, clock, audit, cache = null }: RateServiceDeps) {
  const read = async (executor: Database): Promise<RateSetting> => {
    const row = await repo.findRate(executor, AUD_CNY.base, AUD_CNY.quote);
    if (!row) throw new AppError(ResultCode.InternalServiceError, RateMessages.missing);
    return { rate: row.rate, updatedAt: row.updatedAt.toISOString() };
  };
  return {
    /** The AUD→CNY rate used for the 'all CNY' totals (spec §5 display totals, §7 ratePrice/). */
    audCny(executor: Database = db): Promise<RateSetting> {
      if (cache && executor === db) return cache.get('rate AUD CNY', () => read(db)) as Promise<RateSetting>;
      return read(executor);
    },

    /**
     * Sets the AUD→CNY rate (operator command rate:set, the console's 汇率; docs/design.md 'Money'); refuses anything
     * but a positive 4-decimal number. The change and its audit row (who, the rate before and after) commit
     * together; the same rate again writes nothing.
     */
    async setAudCny(text: string, by: AuditActor = cliActor()): Promise<RateSetting & { changed: boolean }> {
      const rate = normalizeRate(text);
      if (rate === null) throw paramsError(RateMessages.badRate);
      return db.transaction(async (tx) => {
        const before = await repo.lockRate(tx, AUD_CNY.base, AUD_CNY.quote);
        if (before?.rate === rate)
          return { rate: before.rate, updatedAt: before.updatedAt.toISOString(), changed: false };
        const row = await repo.saveRate(tx, AUD_CNY, rate, clock());
        await audit?.(tx, {
          by,
          action: 'rate.set',
          objectType: 'rate',
          objectId: `${AUD_CNY.base}${AUD_CNY.quote}`,
          before: before ? { rate: before.rate } : null,
          after: { rate: row.rate },
        });
        return { rate: row.rate, updatedAt: row.updatedAt.toISOString(), changed: true };
      });
    },
  };
}
