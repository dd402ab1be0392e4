import { and, count, desc, eq, gte, like, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAuditLog } from '../../db/schema';

export type AuditRow = typeof staffAuditLog.$inferSelect;
export type NewAuditRow = typeof staffAuditLog.$inferInsert;

export interface AuditFilters {
  staffId?: number | undefined;
  /** An exact action ('staff.create'), or with `actionPrefix` every action starting with it. */
  action?: string | undefined;
  actionPrefix?: boolean;
  objectType?: string | undefined;
  objectId?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

/** Whether anyone but `exceptActor` recorded `action` on `objectId` with `key` in the state after. */
export async function changedBy(
  db: Database,
  change: { action: string; objectId: string; key: string; exceptActor: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: staffAuditLog.id })
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.action, change.action),
        eq(staffAuditLog.objectId, change.objectId),
        ne(staffAuditLog.actor, change.exceptActor),
        sql`${staffAuditLog.after} ? ${change.key}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertAuditRow(db: Database, row: NewAuditRow): Promise<void> {
  await db.insert(staffAuditLog).values(row);
}

function where(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.staffId !== undefined) conditions.push(eq(staffAuditLog.staffId, filters.staffId));
  if (filters.action !== undefined)
    conditions.push(
      filters.actionPrefix
        ? like(staffAuditLog.action, `${filters.action.replace(/[\\%_]/g, '\\$&')}.%`)
        : eq(staffAuditLog.action, filters.action),
    );
  if (filters.objectType !== undefined) conditions.push(eq(staffAuditLog.objectType, filters.objectType));
  if (filters.objectId !== undefined) conditions.push(eq(staffAuditLog.objectId, filters.objectId));
  if (filters.from) conditions.push(gte(staffAuditLog.createdAt, filters.from));
  if (filters.until) conditions.push(lt(staffAuditLog.createdAt, filters.until));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of rows, newest first, and how many match. */
export async function listAuditRows(
  db: Database,
  filters: AuditFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const condition = where(filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(staffAuditLog)
      .where(condition)
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(staffAuditLog).where(condition),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
