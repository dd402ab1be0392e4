import { LOW_STOCK, SkuStatus } from '@shop/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, executeNamed } from '../../db/client';
import { goods, skus } from '../catalogue';
import { stockLedger } from './inventory.schema';

/**
 * The inventory's reads and writes outside an order's statement (inventory.take.ts): stock given back and sales
 * taken back when an order is cancelled or refunded, and the hand-made changes of the console's 库存 with their
 * ledger. Every writer of stock locks the SKUs' rows in id order, as an order's take does.
 */

/** `(id, n), …` rows of a VALUES list, typed as integers. */
const idPairs = (pairs: readonly (readonly [number, number])[]) =>
  sql.join(
    pairs.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );

/**
 * Adds to goods' sales counts (`delta` negative takes back, never below 0) in one statement, their rows locked
 * in goods id order first so concurrent orders lock alike.
 */
async function changeGoodsSales(db: Database, delta: ReadonlyMap<number, number>): Promise<void> {
  const pairs = [...delta].filter(([, qty]) => qty !== 0);
  if (pairs.length === 0) return;
  await db.execute(sql`
    with locked as (
      select id from ${goods} where id in ${pairs.map(([id]) => id)} order by id for update
    )
    update ${goods} set sales = greatest(${goods.sales} + v.qty, 0)
    from locked join (values ${idPairs(pairs)}) as v(id, qty) on v.id = locked.id
    where ${goods.id} = locked.id`);
}

/** Takes units back off goods' sales counts (a cancelled order), never below 0. */
export function subtractGoodsSales(db: Database, sold: ReadonlyMap<number, number>): Promise<void> {
  return changeGoodsSales(db, new Map([...sold].map(([id, qty]) => [id, -qty])));
}

/**
 * Gives units back to SKUs' stock (a cancelled order's reservations) in one statement, their rows locked in id order
 * first as an order locks them; the products' listing counts (migration 0021) then follow, after every SKU.
 */
export async function addStock(db: Database, back: ReadonlyMap<number, number>): Promise<void> {
  if (back.size === 0) return;
  const rows = JSON.stringify([...back].map(([id, qty]) => ({ id, qty })));
  await executeNamed(
    db,
    'stock_back',
    sql`
    with back as (select * from json_to_recordset(${rows}::json) as b(id int, qty int)),
    locked as (
      select s.id from ${skus} s where s.id = any(array(select id from back)) order by s.id for no key update
    )
    update ${skus} set stock = ${skus.stock} + b.qty, updated_at = now()
    from locked l join back b on b.id = l.id
    where ${skus.id} = l.id`,
  );
}

/** A SKU's stock, locked until the transaction ends; null when the code is unknown. */
export async function lockSkuStock(
  db: Database,
  code: string,
): Promise<{ id: number; stock: number } | null> {
  const rows = await db
    .select({ id: skus.id, stock: skus.stock })
    .from(skus)
    .where(eq(skus.code, code))
    .for('update');
  return rows[0] ?? null;
}

/** SKUs by id with their codes and stock, locked in id order (as an order's take locks them). */
export async function lockSkusById(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; code: string; stock: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: skus.id, code: skus.code, stock: skus.stock })
    .from(skus)
    .where(inArray(skus.id, [...ids]))
    .orderBy(asc(skus.id))
    .for('update');
}

/** A hand-made stock change already written under this request id, or null. */
export async function findLedgerEntry(db: Database, requestId: string) {
  const rows = await db
    .select({ skuId: stockLedger.skuId, before: stockLedger.before, after: stockLedger.after })
    .from(stockLedger)
    .where(eq(stockLedger.requestId, requestId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLedgerEntry(db: Database, row: typeof stockLedger.$inferInsert): Promise<void> {
  await db.insert(stockLedger).values(row);
}

export async function setSkuStock(db: Database, id: number, stock: number): Promise<void> {
  await db.update(skus).set({ stock, updatedAt: sql`now()` }).where(eq(skus.id, id));
}

export interface StockFilter {
  keyword?: string | undefined;
  location?: number | undefined;
  /** Only SKUs sold by stock at or below their low-stock line, the fewest first. */
  low?: boolean | undefined;
}

/** The low-stock line that applies to a SKU: its own, else the shop's. */
export const lowStockLine = sql<number>`coalesce(${skus.lowStockAt}, ${LOW_STOCK})`;
/** A SKU sold by stock at or below its line. */
const isLow = sql`(${skus.status} = ${SkuStatus.ByStock} and ${skus.stock} <= ${lowStockLine})`;

const stockRow = {
  skuId: skus.id,
  skuCode: skus.code,
  skuName: skus.name,
  property: skus.property,
  status: skus.status,
  stock: skus.stock,
  lowStockAt: skus.lowStockAt,
  lowStockLine: lowStockLine.mapWith(Number),
  low: sql<boolean>`${isLow}`.mapWith(Boolean),
  goodsId: goods.id,
  goodsName: goods.name,
  location: goods.location,
  onShelf: goods.onFlag,
};

/** One page of SKUs with their goods, filtered in SQL, with the total in the same statement. */
export async function pageStock(db: Database, filter: StockFilter, page: { limit: number; offset: number }) {
  const conditions = [
    filter.keyword
      ? sql`(${goods.name} ilike ${`%${filter.keyword}%`} or ${skus.code} ilike ${`%${filter.keyword}%`})`
      : undefined,
    filter.location === undefined ? undefined : eq(goods.location, filter.location),
    filter.low ? isLow : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({ ...stockRow, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...(filter.low ? [skus.stock] : []), goods.id, skus.sort, skus.id)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** One SKU's ledger, newest first, with the total; null when the SKU does not exist. */
export async function pageLedger(db: Database, skuCode: string, page: { limit: number; offset: number }) {
  const [sku] = await db.select({ id: skus.id }).from(skus).where(eq(skus.code, skuCode)).limit(1);
  if (!sku) return null;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.skuId, sku.id))
      .orderBy(desc(stockLedger.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(stockLedger).where(eq(stockLedger.skuId, sku.id)),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Locks SKUs in id order with the lock a stock update takes (`for no key update`, as an order's take: foreign keys
 * of new order lines and cart lines still go by), answering their stock.
 */
export async function lockStockById(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; stock: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: skus.id, stock: skus.stock })
    .from(skus)
    .where(inArray(skus.id, [...ids]))
    .orderBy(asc(skus.id))
    .for('no key update');
}

/** One SKU's stock row, locked when `lock` (the low-stock line's change); null when none has that code. */
export async function stockRowByCode(db: Database, skuCode: string, lock = false) {
  const query = db
    .select(stockRow)
    .from(skus)
    .innerJoin(goods, eq(goods.id, skus.goodsId))
    .where(eq(skus.code, skuCode));
  const [row] = await (lock ? query.for('update', { of: skus }) : query);
  return row ?? null;
}

export async function setLowStockAt(db: Database, skuId: number, lowStockAt: number | null): Promise<void> {
  // A line now below the stock is not yet crossed: the next fall to it is told again.
  await db
    .update(skus)
    .set({
      lowStockAt,
      lowStockAlerted: sql`${skus.lowStockAlerted} and ${skus.stock} <= coalesce(${lowStockAt}::int, ${LOW_STOCK})`,
      updatedAt: sql`now()`,
    })
    .where(eq(skus.id, skuId));
}

/**
 * The low-stock sweep's two statements: SKUs back above their line (or no longer sold by stock) may be told
 * again; SKUs sold by stock that fell to their line and were not told are marked told and returned (fewest
 * first). The caller runs both in one transaction with the notice.
 */
export async function takeNewlyLow(db: Database) {
  await db
    .update(skus)
    .set({ lowStockAlerted: false })
    .where(and(eq(skus.lowStockAlerted, true), sql`not ${isLow}`));
  const rows = (await db.execute(sql`update ${skus} set low_stock_alerted = true
    from ${goods}
    where ${goods.id} = ${skus.goodsId} and not ${skus.lowStockAlerted} and ${isLow}
    returning ${skus.code} as "skuCode", ${goods.name} as "goodsName", ${skus.name} as "skuName",
      ${skus.stock} as "stock", ${lowStockLine} as "line"`)) as unknown as {
    rows: { skuCode: string; goodsName: string; skuName: string; stock: number; line: number }[];
  };
  return rows.rows
    .map((r) => ({ ...r, stock: Number(r.stock), line: Number(r.line) }))
    .sort((a, b) => a.stock - b.stock);
}
