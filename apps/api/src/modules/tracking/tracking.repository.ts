import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { parcelTrackings, trackingSandboxParcels } from '../../db/schema';

/** Queries of courier tracking: the parcels followed, and the sandbox service's books. */

export type ParcelTrackingRow = typeof parcelTrackings.$inferSelect;
export type TrackingStatus = 'pending' | 'tracking' | 'ended';
export type SandboxParcelRow = typeof trackingSandboxParcels.$inferSelect;

/** Starts following a parcel; a code already followed stays as it is. Answers whether it was new. */
export async function insertParcel(
  db: Database,
  parcel: { logisticCode: string; courierCode: string; phone: string; shippedAt: Date; nextAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(parcelTrackings)
    .values({ ...parcel, phone: parcel.phone.slice(0, 30), status: 'pending' })
    .onConflictDoNothing({ target: parcelTrackings.logisticCode })
    .returning({ id: parcelTrackings.id });
  return rows.length > 0;
}

/**
 * Takes up to `limit` parcels of these statuses whose turn has come, oldest turn first, and moves their turn to
 * `leaseUntil`: another process running the same round skips them (SKIP LOCKED), and one that stops halfway leaves
 * them due again at `leaseUntil`.
 */
export async function claimDue(
  db: Database,
  input: { statuses: readonly TrackingStatus[]; now: Date; leaseUntil: Date; limit: number },
): Promise<ParcelTrackingRow[]> {
  const due = db
    .select({ id: parcelTrackings.id })
    .from(parcelTrackings)
    .where(and(inArray(parcelTrackings.status, [...input.statuses]), lte(parcelTrackings.nextAt, input.now)))
    .orderBy(asc(parcelTrackings.nextAt), asc(parcelTrackings.id))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db
    .update(parcelTrackings)
    .set({ nextAt: input.leaseUntil, updatedAt: sql`now()` })
    .where(inArray(parcelTrackings.id, due))
    .returning();
}

export async function findByCode(db: Database, logisticCode: string): Promise<ParcelTrackingRow | null> {
  const rows = await db
    .select()
    .from(parcelTrackings)
    .where(eq(parcelTrackings.logisticCode, logisticCode))
    .limit(1);
  return rows[0] ?? null;
}

/** A followed parcel by its code, its row locked until the transaction ends: its reports apply one at a time. */
export async function lockByCode(db: Database, logisticCode: string): Promise<ParcelTrackingRow | null> {
  const rows = await db
    .select()
    .from(parcelTrackings)
    .where(eq(parcelTrackings.logisticCode, logisticCode))
    .for('update');
  return rows[0] ?? null;
}

export type ParcelChange = Partial<
  Pick<
    ParcelTrackingRow,
    'status' | 'company' | 'state' | 'stateAt' | 'notified' | 'attempts' | 'nextAt' | 'lastError'
  >
>;

/** Changes a followed parcel; with `onlyIf`, only while it still has that status. */
export async function updateParcel(
  db: Database,
  id: number,
  change: ParcelChange,
  onlyIf?: TrackingStatus,
): Promise<void> {
  await db
    .update(parcelTrackings)
    .set({ ...change, updatedAt: sql`now()` })
    .where(
      onlyIf
        ? and(eq(parcelTrackings.id, id), eq(parcelTrackings.status, onlyIf))
        : eq(parcelTrackings.id, id),
    );
}

/** How many parcels are in each status. */
export async function countByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: parcelTrackings.status, count: sql<number>`count(*)::int` })
    .from(parcelTrackings)
    .groupBy(parcelTrackings.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

// The sandbox service's books.

/** The sandbox's parcel, created at its subscription; answers whether it was new. */
export async function insertSandboxParcel(
  db: Database,
  parcel: { logisticCode: string; company: string },
): Promise<boolean> {
  const rows = await db
    .insert(trackingSandboxParcels)
    .values(parcel)
    .onConflictDoNothing({ target: trackingSandboxParcels.logisticCode })
    .returning({ code: trackingSandboxParcels.logisticCode });
  return rows.length > 0;
}

export async function findSandboxParcel(
  db: Database,
  logisticCode: string,
): Promise<SandboxParcelRow | null> {
  const rows = await db
    .select()
    .from(trackingSandboxParcels)
    .where(eq(trackingSandboxParcels.logisticCode, logisticCode))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockSandboxParcel(
  db: Database,
  logisticCode: string,
): Promise<SandboxParcelRow | null> {
  const rows = await db
    .select()
    .from(trackingSandboxParcels)
    .where(eq(trackingSandboxParcels.logisticCode, logisticCode))
    .for('update');
  return rows[0] ?? null;
}

export async function moveSandboxParcel(
  db: Database,
  logisticCode: string,
  change: { step: number; movedAt: string[] },
): Promise<void> {
  await db
    .update(trackingSandboxParcels)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(trackingSandboxParcels.logisticCode, logisticCode));
}

/** The sandbox's parcels not yet at `lastStep` whose last move (or subscription) was before `before`. */
export async function sandboxParcelsToMove(
  db: Database,
  input: { lastStep: number; before: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ code: trackingSandboxParcels.logisticCode })
    .from(trackingSandboxParcels)
    .where(
      and(
        lt(trackingSandboxParcels.step, input.lastStep),
        lt(trackingSandboxParcels.updatedAt, input.before),
      ),
    )
    .orderBy(asc(trackingSandboxParcels.updatedAt))
    .limit(input.limit);
  return rows.map((r) => r.code);
}
