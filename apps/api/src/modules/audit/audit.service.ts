import { type AuditEntry as AuditEntryDto, type AuditListRequest, ResultCode } from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import * as repo from './audit.repository';

/** The shop's own time zone (Beijing), in which the console's 'yyyy-MM-dd' dates are days. */
export const SHOP_TIME_ZONE = '+08:00';
const DAY_MS = 24 * 60 * 60 * 1000;

export const AuditMessages = {
  badDate: '日期无效',
  badRange: '开始日期不能晚于结束日期',
} as const;

export interface AuditServiceDeps {
  db: Database;
  clock: Clock;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Midnight at the start of a shop day; null for a date that does not exist (2025-02-30). */
function shopDayStart(day: string): Date | null {
  const date = new Date(`${day}T00:00:00${SHOP_TIME_ZONE}`);
  if (Number.isNaN(date.getTime())) return null;
  const back = new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return back === day ? date : null;
}

function toDto(row: repo.AuditRow): AuditEntryDto {
  return {
    id: row.id,
    staffId: row.staffId,
    actor: row.actor,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    createTime: row.createdAt.toISOString(),
  };
}

/** The audit module: the append-only log of staff and operator actions (docs/decisions/019). */
export function createAuditService({ db, clock }: AuditServiceDeps) {
  return {
    /**
     * Writes one audit row on the caller's executor (its transaction), so the row exists exactly when the change
     * it records commits. `before`/`after` are stored as given: callers leave secrets and hashes out.
     */
    async record(executor: Database, entry: AuditEntry): Promise<void> {
      await repo.insertAuditRow(executor, {
        staffId: entry.by.staffId,
        actor: entry.by.actor.slice(0, 100),
        ip: entry.by.ip?.slice(0, 64) ?? null,
        action: entry.action,
        objectType: entry.objectType,
        objectId: String(entry.objectId),
        before: entry.before ?? null,
        after: entry.after ?? null,
        createdAt: clock(),
      });
    },

    /**
     * The log, newest first. `action` with a dot is one action ('staff.create'); without, every action on that
     * kind of object ('staff' → 'staff.*'). `from`/`to` are shop days, both inclusive.
     */
    async list(input: AuditListRequest) {
      const pageNo = input.pageNo ?? 1;
      const pageSize = input.pageSize ?? 20;
      const from = input.from === undefined ? undefined : shopDayStart(input.from);
      const toStart = input.to === undefined ? undefined : shopDayStart(input.to);
      if (from === null || toStart === null)
        throw new AppError(ResultCode.ParamsError, AuditMessages.badDate);
      const until = toStart ? new Date(toStart.getTime() + DAY_MS) : undefined;
      if (from && until && from >= until) throw new AppError(ResultCode.ParamsError, AuditMessages.badRange);
      const action = input.action || undefined;
      const { rows, total } = await repo.listAuditRows(
        db,
        {
          staffId: input.staffId,
          action,
          actionPrefix: action !== undefined && !action.includes('.'),
          objectType: input.objectType || undefined,
          objectId: input.objectId || undefined,
          from,
          until,
        },
        { offset: (pageNo - 1) * pageSize, limit: pageSize },
      );
      return { items: rows.map(toDto), totalCount: total };
    },
  };
}
