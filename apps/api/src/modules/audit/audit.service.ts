import type { AuditEntry as AuditEntryDto, AuditListRequest } from '@shop/domain';
import type { Database } from '../../db/client';
import { type AuditEntry, SYSTEM_ACTOR } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { ShopDayMessages, shopDayRange } from '../../lib/shop-day';
import * as repo from './audit.repository';

/** The list's date messages are the shop's (lib/shop-day.ts). */
export const AuditMessages = ShopDayMessages;

export interface AuditServiceDeps {
  db: Database;
  clock: Clock;
}

export type AuditService = ReturnType<typeof createAuditService>;

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
     * Whether a person (staff or an operator at the command line, not the shop itself) ever changed `key` of
     * `objectId` by `action`: a choice the shop must not overrule (the payment console's provider choice).
     */
    chosenByPerson(action: string, objectId: string, key: string): Promise<boolean> {
      return repo.changedBy(db, { action, objectId, key, exceptActor: SYSTEM_ACTOR.actor });
    },

    /**
     * The log, newest first. `action` with a dot is one action ('staff.create'); without, every action on that
     * kind of object ('staff' → 'staff.*'). `from`/`to` are shop days, both inclusive.
     */
    async list(input: AuditListRequest) {
      const pageNo = input.pageNo ?? 1;
      const pageSize = input.pageSize ?? 20;
      const { from, until } = shopDayRange(input);
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
