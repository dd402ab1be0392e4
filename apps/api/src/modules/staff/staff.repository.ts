import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staff, staffTokens } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;
export type NewStaffRow = typeof staff.$inferInsert;
export type StaffChanges = Partial<
  Pick<
    NewStaffRow,
    | 'name'
    | 'email'
    | 'role'
    | 'disabled'
    | 'passwordHash'
    | 'mustChangePassword'
    | 'totpSecret'
    | 'totpEnabled'
    | 'totpLastStep'
    | 'lastLoginTime'
  >
>;

const byUsername = (username: string) => sql`lower(${staff.username}) = lower(${username})`;

export async function findStaffByUsername(db: Database, username: string): Promise<StaffRow | null> {
  const rows = await db.select().from(staff).where(byUsername(username)).limit(1);
  return rows[0] ?? null;
}

export async function findStaffById(db: Database, id: number): Promise<StaffRow | null> {
  const rows = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return rows[0] ?? null;
}

export function listStaff(db: Database): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

/** Inserts an account; null when the username is taken (unique index, race-safe). */
export async function insertStaff(db: Database, row: NewStaffRow): Promise<StaffRow | null> {
  const rows = await db.insert(staff).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateStaff(db: Database, id: number, changes: StaffChanges, now: Date) {
  const rows = await db
    .update(staff)
    .set({ ...changes, updatedAt: now })
    .where(eq(staff.id, id))
    .returning();
  return rows[0] ?? null;
}

/**
 * Locks the account and every active owner, in id order (so two changes never wait on each other in a circle),
 * and returns the account and how many active owners there are besides it. A concurrent change of an owner waits
 * here and then sees the committed state, so the last owner cannot be demoted or disabled by two calls at once.
 */
export async function lockForOwnerChange(
  db: Database,
  id: number,
): Promise<{ row: StaffRow; otherOwners: number } | null> {
  const rows = await db
    .select()
    .from(staff)
    .where(or(eq(staff.id, id), and(eq(staff.role, 'owner'), eq(staff.disabled, false))))
    .orderBy(asc(staff.id))
    .for('update');
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const otherOwners = rows.filter((r) => r.id !== id && r.role === 'owner' && !r.disabled).length;
  return { row, otherOwners };
}

/**
 * Accepts a TOTP time step only when it is later than the last one accepted: one atomic update, so a code sent
 * twice at once is still accepted once. False when the step was used already.
 */
export async function acceptTotpStep(db: Database, id: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step, updatedAt: now })
    .where(and(eq(staff.id, id), or(isNull(staff.totpLastStep), sql`${staff.totpLastStep} < ${step}`)))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function insertToken(
  db: Database,
  row: { tokenHash: string; staffId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(staffTokens).values(row);
}

/** The live token with this digest and its account, which must not be disabled. */
export async function findLiveSession(db: Database, tokenHash: string, now: Date) {
  const rows = await db
    .select({ tokenId: staffTokens.id, account: staff })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, tokenHash),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, now),
        eq(staff.disabled, false),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeToken(db: Database, tokenId: number, now: Date): Promise<void> {
  await db
    .update(staffTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffTokens.id, tokenId), isNull(staffTokens.revokedAt)));
}

/** Revokes every live token of the account, except `keepTokenId` when given; how many were revoked. */
export async function revokeTokens(
  db: Database,
  staffId: number,
  now: Date,
  keepTokenId?: number,
): Promise<number> {
  const rows = await db
    .update(staffTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffTokens.staffId, staffId),
        isNull(staffTokens.revokedAt),
        keepTokenId === undefined ? undefined : ne(staffTokens.id, keepTokenId),
      ),
    )
    .returning({ id: staffTokens.id });
  return rows.length;
}

/** The e-mail addresses of active staff of the given roles who have one (notices of their work). */
export async function staffEmails(
  db: Database,
  roles: readonly string[],
): Promise<{ id: number; email: string }[]> {
  if (roles.length === 0) return [];
  return db
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(and(inArray(staff.role, [...roles]), eq(staff.disabled, false), ne(staff.email, '')));
}

/** Every stored TOTP secret (set up or enabled), for a key rotation and the start-up check. */
export function totpSecrets(
  db: Database,
): Promise<{ id: number; totpSecret: string; totpEnabled: boolean }[]> {
  return db
    .select({ id: staff.id, totpSecret: sql<string>`${staff.totpSecret}`, totpEnabled: staff.totpEnabled })
    .from(staff)
    .where(sql`${staff.totpSecret} is not null`)
    .orderBy(asc(staff.id));
}

/** Replaces a TOTP secret by the same secret sealed anew, unless it changed meanwhile. */
export async function resealTotpSecret(
  db: Database,
  id: number,
  before: string,
  after: string,
): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpSecret: after })
    .where(and(eq(staff.id, id), eq(staff.totpSecret, before)))
    .returning({ id: staff.id });
  return rows.length > 0;
}
