import {
  AFTER_SALE_OPEN_STATES,
  AFTER_SALE_RELEASED_STATES,
  type AfterSaleState,
  type AfterSaleType,
} from '@shop/domain';
import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { afterSaleEvents, afterSaleLines, afterSaleSettings, afterSales } from './aftersale.schema';

/** The after-sales module's statements (issue #39). Changes run on the caller's executor. */

export type AfterSaleRow = typeof afterSales.$inferSelect;
export type AfterSaleLineRow = typeof afterSaleLines.$inferSelect;
export type AfterSaleEventRow = typeof afterSaleEvents.$inferSelect;
export type AfterSalePatch = Partial<Omit<typeof afterSales.$inferInsert, 'id' | 'version' | 'state'>>;

export async function insertAfterSale(
  tx: Database,
  row: Omit<typeof afterSales.$inferInsert, 'afterSaleNo'> & { noPrefix: string },
  lines: Omit<typeof afterSaleLines.$inferInsert, 'afterSaleId'>[],
): Promise<AfterSaleRow> {
  const { noPrefix, ...fields } = row;
  // The number carries the row's own id, taken first, so it is unique as the id is.
  const taken = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('after_sales', 'id'))::int as id`,
  );
  const id = Number((taken as unknown as { rows: { id: number }[] }).rows[0]?.id);
  const [made] = await tx
    .insert(afterSales)
    .values({ ...fields, id, afterSaleNo: `${noPrefix}${String(id).padStart(6, '0')}` })
    .returning();
  if (!made) throw new Error('after-sale insert returned nothing');
  await tx.insert(afterSaleLines).values(lines.map((line) => ({ ...line, afterSaleId: made.id })));
  return made;
}

export async function findAfterSale(
  db: Database,
  id: number,
  options: { memberId?: number | undefined; lock?: boolean } = {},
): Promise<AfterSaleRow | null> {
  const where = and(
    eq(afterSales.id, id),
    options.memberId === undefined ? undefined : eq(afterSales.memberId, options.memberId),
  );
  const query = db.select().from(afterSales).where(where).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findByRefundNo(db: Database, refundNo: string): Promise<AfterSaleRow | null> {
  const [row] = await db
    .select()
    .from(afterSales)
    .where(eq(afterSales.refundNo, refundNo))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function linesOf(db: Database, ids: readonly number[]): Promise<AfterSaleLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(afterSaleLines)
    .where(inArray(afterSaleLines.afterSaleId, [...ids]))
    .orderBy(asc(afterSaleLines.id));
}

export async function eventsOf(db: Database, id: number): Promise<AfterSaleEventRow[]> {
  return db
    .select()
    .from(afterSaleEvents)
    .where(eq(afterSaleEvents.afterSaleId, id))
    .orderBy(asc(afterSaleEvents.id));
}

export async function insertEvent(tx: Database, row: typeof afterSaleEvents.$inferInsert): Promise<void> {
  await tx.insert(afterSaleEvents).values(row);
}

/**
 * Moves a request from one of `from` to `to` in one conditional update on its state (and the version the actor saw,
 * when given), raising the version: null when it was no longer there (another step, a double click, a race won).
 */
export async function move(
  tx: Database,
  id: number,
  from: readonly AfterSaleState[],
  to: AfterSaleState,
  patch: AfterSalePatch = {},
  version?: number,
): Promise<AfterSaleRow | null> {
  const [row] = await tx
    .update(afterSales)
    .set({ ...patch, state: to, version: sql`${afterSales.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(afterSales.id, id),
        inArray(afterSales.state, [...from]),
        version === undefined ? undefined : eq(afterSales.version, version),
      ),
    )
    .returning();
  return row ?? null;
}

/** Writes what came back of each line (pieces to stock and written off). */
export async function setReceived(
  tx: Database,
  lines: readonly { id: number; restocked: number; writtenOff: number }[],
): Promise<void> {
  for (const line of lines)
    await tx
      .update(afterSaleLines)
      .set({ restocked: line.restocked, writtenOff: line.writtenOff })
      .where(eq(afterSaleLines.id, line.id));
}

/**
 * The pieces of each order line claimed by the order's requests still standing (not rejected or cancelled). Read
 * under the order's lock, which every claim takes first, so two claims never both see the same pieces free.
 */
export async function claimedByItem(db: Database, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ itemId: afterSaleLines.itemId, qty: sql<string>`sum(${afterSaleLines.qty})` })
    .from(afterSaleLines)
    .innerJoin(afterSales, eq(afterSales.id, afterSaleLines.afterSaleId))
    .where(
      and(eq(afterSales.orderId, orderId), notInArray(afterSales.state, [...AFTER_SALE_RELEASED_STATES])),
    )
    .groupBy(afterSaleLines.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.qty)]));
}

/**
 * What the order's other requests' refunds gave back (refunding or refunded): their lines' pieces and whether
 * the freight went with one. The refund split counts from there, so partial refunds add up to the cent.
 */
export async function refundedOfOrder(
  db: Database,
  orderId: number,
  exceptId: number,
): Promise<{ lines: { itemId: number; qty: number }[]; freight: boolean }> {
  const refunded = await db
    .select({ id: afterSales.id, withFreight: afterSales.withFreight })
    .from(afterSales)
    .where(
      and(
        eq(afterSales.orderId, orderId),
        inArray(afterSales.state, ['refunding', 'refunded']),
        ne(afterSales.id, exceptId),
      ),
    );
  const lines = await linesOf(
    db,
    refunded.map((r) => r.id),
  );
  const qty = new Map<number, number>();
  for (const l of lines) qty.set(l.itemId, (qty.get(l.itemId) ?? 0) + l.qty);
  return {
    lines: [...qty].map(([itemId, n]) => ({ itemId, qty: n })),
    freight: refunded.some((r) => r.withFreight),
  };
}

export type AfterSaleStateFilter = 'all' | 'open' | AfterSaleState;

export interface AfterSaleScope {
  memberId?: number | undefined;
  orderId?: number | undefined;
  type?: AfterSaleType | undefined;
  /** The console: part of the after-sale or order number, or these members (matched by username). */
  keyword?: string | undefined;
  memberIds?: readonly number[] | undefined;
}

function stateWhere(state: AfterSaleStateFilter): SQL | undefined {
  if (state === 'all') return undefined;
  if (state === 'open') return inArray(afterSales.state, [...AFTER_SALE_OPEN_STATES]);
  return eq(afterSales.state, state);
}

export async function listAfterSales(
  db: Database,
  scope: AfterSaleScope,
  filter: { state: AfterSaleStateFilter; offset: number; limit: number },
): Promise<{ rows: AfterSaleRow[]; total: number }> {
  const like = scope.keyword === undefined ? null : `%${scope.keyword.replace(/[\\%_]/g, '\\$&')}%`;
  const where = and(
    scope.memberId === undefined ? undefined : eq(afterSales.memberId, scope.memberId),
    scope.orderId === undefined ? undefined : eq(afterSales.orderId, scope.orderId),
    scope.type === undefined ? undefined : eq(afterSales.type, scope.type),
    like === null
      ? undefined
      : or(
          ilike(afterSales.afterSaleNo, like),
          ilike(afterSales.orderNo, like),
          scope.memberIds && scope.memberIds.length > 0
            ? inArray(afterSales.memberId, [...scope.memberIds])
            : undefined,
        ),
    stateWhere(filter.state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(afterSales)
      .where(where)
      .orderBy(desc(afterSales.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: count() }).from(afterSales).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many requests wait in each open state (the console's badges). */
export async function openCounts(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: afterSales.state, n: count() })
    .from(afterSales)
    .where(inArray(afterSales.state, [...AFTER_SALE_OPEN_STATES]))
    .groupBy(afterSales.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

export async function settingsOf(db: Database): Promise<{ windowDays: number; returnAddress: string }> {
  const [row] = await db
    .select({ windowDays: afterSaleSettings.windowDays, returnAddress: afterSaleSettings.returnAddress })
    .from(afterSaleSettings)
    .where(eq(afterSaleSettings.id, 1));
  return row ?? { windowDays: 7, returnAddress: '' };
}

export async function saveSettings(
  tx: Database,
  settings: { windowDays: number; returnAddress: string },
): Promise<{ windowDays: number; returnAddress: string }> {
  const [before] = await tx
    .select({ windowDays: afterSaleSettings.windowDays, returnAddress: afterSaleSettings.returnAddress })
    .from(afterSaleSettings)
    .where(eq(afterSaleSettings.id, 1))
    .for('update');
  await tx
    .insert(afterSaleSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: afterSaleSettings.id, set: { ...settings, updatedAt: sql`now()` } });
  return before ?? { windowDays: 7, returnAddress: '' };
}
