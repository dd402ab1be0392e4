import { and, asc, desc, eq, gt, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courierRules, couriers, promotions } from '../../db/schema';

/** Queries of the checkout module: couriers with their fee rules, and promotions. */

export type PromotionRow = typeof promotions.$inferSelect;
export type CourierRow = typeof couriers.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/** A courier's fee rule from one warehouse in one currency, with the courier's own fields. */
export interface CourierRuleRow {
  courierId: number;
  code: string;
  name: string;
  isPublic: boolean;
  estimatedDays: string;
  location: number;
  currency: 'AUD' | 'CNY';
  firstWeight: number;
  firstFee: number;
  extraWeight: number;
  extraFee: number;
  maxWeight: number | null;
}

const ruleColumns = {
  courierId: couriers.id,
  code: couriers.code,
  name: couriers.name,
  isPublic: couriers.isPublic,
  estimatedDays: couriers.estimatedDays,
  location: courierRules.location,
  currency: sql<'AUD' | 'CNY'>`${courierRules.currency}`,
  firstWeight: courierRules.firstWeight,
  firstFee: courierRules.firstFee,
  extraWeight: courierRules.extraWeight,
  extraFee: courierRules.extraFee,
  maxWeight: courierRules.maxWeight,
};

/** The fee rules in a currency of the active public couriers (spec §3 'Pack': only public ones are offered), courier sort order. */
export function listOfferedRules(db: Database, currency: 'AUD' | 'CNY'): Promise<CourierRuleRow[]> {
  return db
    .select(ruleColumns)
    .from(courierRules)
    .innerJoin(couriers, eq(couriers.id, courierRules.courierId))
    .where(and(eq(courierRules.currency, currency), eq(couriers.active, true), eq(couriers.isPublic, true)))
    .orderBy(asc(couriers.sort), asc(couriers.id), asc(courierRules.location));
}

const runningAt = (now: Date) =>
  and(
    eq(promotions.active, true),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
  );

/** Active promotions in a currency, whatever their dates, oldest first, the order they stack in (`isRunning` picks those running now). */
export function listActivePromotions(db: Database, currency: 'AUD' | 'CNY'): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.currency, currency), eq(promotions.active, true)))
    .orderBy(asc(promotions.id));
}

/** The dates of `runningAt` in code: the promotion has started (or has no start) and not ended (or has no end). */
export function isRunning(row: Pick<PromotionRow, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return (row.startsAt === null || row.startsAt <= now) && (row.endsAt === null || row.endsAt > now);
}

/** Active gift (OnTheHouse) promotions running at `now`, any currency, optionally one id or one gift product. */
export function listRunningGiftPromotions(
  db: Database,
  now: Date,
  filter: { id?: number | undefined; giftGoodsId?: number | undefined },
): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        runningAt(now),
        eq(promotions.method, 2),
        filter.id === undefined ? undefined : eq(promotions.id, filter.id),
        filter.giftGoodsId === undefined ? undefined : eq(promotions.giftGoodsId, filter.giftGoodsId),
      ),
    )
    .orderBy(asc(promotions.id));
}

export async function findPromotion(db: Database, id: number): Promise<PromotionRow | null> {
  const rows = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  return rows[0] ?? null;
}

// Operator queries (checkout.admin.ts).

export async function insertCourier(
  db: Database,
  values: {
    code: string;
    name: string;
    isPublic: boolean;
    estimatedDays: string;
    sort: number;
    trackingCode: string;
  },
): Promise<CourierRow | null> {
  const rows = await db.insert(couriers).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findCourierByCode(db: Database, code: string): Promise<CourierRow | null> {
  const rows = await db.select().from(couriers).where(eq(couriers.code, code)).limit(1);
  return rows[0] ?? null;
}

/** A courier by its code, its row locked until the transaction ends. */
export async function lockCourierByCode(db: Database, code: string): Promise<CourierRow | null> {
  const rows = await db.select().from(couriers).where(eq(couriers.code, code)).for('update');
  return rows[0] ?? null;
}

export async function updateCourier(
  db: Database,
  id: number,
  values: {
    name: string;
    isPublic: boolean;
    estimatedDays: string;
    sort: number;
    active: boolean;
    trackingCode: string;
  },
): Promise<CourierRow> {
  const [row] = await db.update(couriers).set(values).where(eq(couriers.id, id)).returning();
  if (!row) throw new Error('courier update returned nothing');
  return row;
}

/** Deletes a courier's rule for one warehouse and currency; returns it, or null when there was none. */
export async function deleteRule(db: Database, courierId: number, location: number, currency: string) {
  const rows = await db
    .delete(courierRules)
    .where(
      and(
        eq(courierRules.courierId, courierId),
        eq(courierRules.location, location),
        eq(courierRules.currency, currency),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export function listCouriers(db: Database): Promise<CourierRow[]> {
  return db.select().from(couriers).orderBy(asc(couriers.sort), asc(couriers.id));
}

export function listAllRules(db: Database) {
  return db
    .select()
    .from(courierRules)
    .orderBy(asc(courierRules.courierId), asc(courierRules.location), asc(courierRules.currency));
}

export type NewCourierRule = typeof courierRules.$inferInsert;

/** Sets a courier's rule for one warehouse and currency (insert or replace). */
export async function upsertRule(db: Database, rule: NewCourierRule) {
  const { courierId: _c, location: _l, currency: _cur, ...fields } = rule;
  const rows = await db
    .insert(courierRules)
    .values(rule)
    .onConflictDoUpdate({
      target: [courierRules.courierId, courierRules.location, courierRules.currency],
      set: fields,
    })
    .returning();
  return rows[0];
}

export async function countCouriers(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(couriers);
  return rows[0]?.n ?? 0;
}

export async function countPromotions(db: Database): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(promotions);
  return rows[0]?.n ?? 0;
}

export async function insertPromotion(db: Database, values: NewPromotion): Promise<PromotionRow> {
  const rows = await db.insert(promotions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('promotion insert returned nothing');
  return row;
}

export function listPromotions(db: Database): Promise<PromotionRow[]> {
  return db.select().from(promotions).orderBy(desc(promotions.active), asc(promotions.id));
}

export async function setPromotionActive(
  db: Database,
  id: number,
  active: boolean,
): Promise<PromotionRow | null> {
  const rows = await db.update(promotions).set({ active }).where(eq(promotions.id, id)).returning();
  return rows[0] ?? null;
}

/** Where a promotion stands now, as a condition (contracts/admin-promotions.ts promotionState). */
function stateCondition(state: 'running' | 'scheduled' | 'ended' | 'stopped', now: Date) {
  switch (state) {
    case 'stopped':
      return eq(promotions.active, false);
    case 'ended':
      return and(eq(promotions.active, true), lte(promotions.endsAt, now));
    case 'scheduled':
      return and(
        eq(promotions.active, true),
        gt(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      );
    case 'running':
      return and(eq(promotions.active, true), runningAt(now));
  }
}

/** One page of promotions, newest first, with the total in the same statement. */
export async function pagePromotions(
  db: Database,
  filter: { state?: 'running' | 'scheduled' | 'ended' | 'stopped' | undefined; method?: number | undefined },
  now: Date,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({ promotion: promotions, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(promotions)
    .where(
      and(
        filter.state === undefined ? undefined : stateCondition(filter.state, now),
        filter.method === undefined ? undefined : eq(promotions.method, filter.method),
      ),
    )
    .orderBy(desc(promotions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map((r) => r.promotion), total: rows[0]?.total ?? 0 };
}

/** The promotion key of `name` as the unique index promotions_live_name takes it (domain promotionNameKey). */
const nameKey = (name: SQL) => sql`lower(regexp_replace(normalize(${name}, NFKC), '\\s+', '', 'g'))`;

/** A promotion that is not stopped whose name is `name` by the index's key, other than `exceptId`. */
export async function findLivePromotionNamed(
  db: Database,
  name: string,
  exceptId?: number,
): Promise<PromotionRow | null> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.active, true),
        sql`${nameKey(sql`${promotions.name}`)} = ${nameKey(sql`${name}::text`)}`,
        exceptId === undefined ? undefined : ne(promotions.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function lockPromotion(db: Database, id: number): Promise<PromotionRow | null> {
  const rows = await db.select().from(promotions).where(eq(promotions.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updatePromotion(db: Database, id: number, values: NewPromotion): Promise<PromotionRow> {
  const rows = await db.update(promotions).set(values).where(eq(promotions.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`promotion ${id} not updated`);
  return row;
}

/** The active couriers in the shop's order, each with the warehouses it has a fee rule from, in one statement. */
export async function listActiveCouriers(db: Database) {
  const rows = await db
    .select({
      id: couriers.id,
      code: couriers.code,
      name: couriers.name,
      locations: sql<number[] | null>`array_agg(distinct ${courierRules.location})
        filter (where ${courierRules.location} is not null)`,
    })
    .from(couriers)
    .leftJoin(courierRules, eq(courierRules.courierId, couriers.id))
    .where(eq(couriers.active, true))
    .groupBy(couriers.id)
    .orderBy(couriers.sort, couriers.id);
  return rows.map((r) => ({ ...r, locations: (r.locations ?? []).map(Number).sort((a, b) => a - b) }));
}

/** A courier by its code (case-insensitive), or null. */
export async function findCourierByCodeAnyCase(
  db: Database,
  code: string,
): Promise<{ id: number; code: string; name: string } | null> {
  const rows = await db
    .select({ id: couriers.id, code: couriers.code, name: couriers.name })
    .from(couriers)
    .where(sql`lower(${couriers.code}) = lower(${code})`)
    .limit(1);
  return rows[0] ?? null;
}

/** A courier's company code at the tracking service by its id ('' when it has none, null when no such courier). */
export async function findTrackingCode(db: Database, courier: { id: number } | { code: string }) {
  const rows = await db
    .select({ code: couriers.code, trackingCode: couriers.trackingCode })
    .from(couriers)
    .where(
      'id' in courier ? eq(couriers.id, courier.id) : sql`lower(${couriers.code}) = lower(${courier.code})`,
    )
    .limit(1);
  return rows[0] ?? null;
}
