import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, executeNamed, namedText } from '../../db/client';
import { cartLines } from '../../db/schema';

/**
 * Queries of the server cart. Every query names the member, so a line id of another member is simply not
 * found: ownership is part of the WHERE, never a check after the fact.
 */

export interface CartLineRow {
  id: number;
  skuId: number;
  qty: number;
  selected: boolean;
}

const lineColumns = {
  id: cartLines.id,
  skuId: cartLines.skuId,
  qty: cartLines.qty,
  selected: cartLines.selected,
};

/** Rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const listLinesStatement = namedText<{ id: number; sku_id: number; qty: number; selected: boolean }>(
  'cart_lines_list',
  `select id, sku_id, qty, selected from cart_lines where member_id = $1::int
    order by created_at desc, id desc`,
);

/**
 * The member's lines, newest first (spec §4 'Guest cart': new lines go to the front). Written once as SQL text and
 * run as a named statement (db/client.ts namedText): every cart/list/ and summary runs it.
 */
export async function listLines(db: Database, memberId: number): Promise<CartLineRow[]> {
  const rows = await listLinesStatement(db, [memberId]);
  return rows.map((row) => ({ id: row.id, skuId: row.sku_id, qty: row.qty, selected: row.selected }));
}

/**
 * The member's selected lines as a sub-select for a statement of another module (checkout reads the lines and
 * their SKUs in one statement through the catalogue): id, sku_id, qty, selected, and position, 1 for the first
 * line in listLines' order.
 */
export function selectedLinesQuery(memberId: number): SQL {
  return sql`select id, sku_id, qty, selected,
      row_number() over (order by created_at desc, id desc) as position
    from ${cartLines} where member_id = ${memberId}::int and selected`;
}

/** The member's lines among `ids` (another member's ids are not found). */
export function findLines(db: Database, memberId: number, ids: readonly number[]): Promise<CartLineRow[]> {
  return db
    .select(lineColumns)
    .from(cartLines)
    .where(and(eq(cartLines.memberId, memberId), inArray(cartLines.id, [...ids])));
}

/** The member's line of a SKU, or null. */
export async function findLineOfSku(
  db: Database,
  memberId: number,
  skuId: number,
): Promise<CartLineRow | null> {
  const rows = await db
    .select(lineColumns)
    .from(cartLines)
    .where(and(eq(cartLines.memberId, memberId), eq(cartLines.skuId, skuId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Number of lines in the member's cart. */
export async function countLines(db: Database, memberId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(eq(cartLines.memberId, memberId));
  return rows[0]?.n ?? 0;
}

/**
 * Adds `qty` of a SKU in one atomic statement: a new line (only while the cart has fewer than `maxLines`
 * lines), or the existing line's quantity plus `qty` (only while the sum stays within `maxQty` and a whole number
 * of `stepQty` cases, ADR 050), selected again. Concurrent adds of the same SKU serialize on the line's row, so
 * none is lost and together they never pass the maximum. Null when a guard refused the add.
 */
export async function addToLine(
  db: Database,
  input: { memberId: number; skuId: number; qty: number; maxQty: number; stepQty: number; maxLines: number },
): Promise<{ id: number; qty: number } | null> {
  const { memberId, skuId, qty, maxQty, stepQty, maxLines } = input;
  const rows = await rowsOf<{ id: number; qty: number }>(
    db,
    sql`insert into ${cartLines} (member_id, sku_id, qty, selected)
      select ${memberId}::int, ${skuId}::int, ${qty}::int, true
      where exists (select 1 from ${cartLines} where member_id = ${memberId}::int and sku_id = ${skuId}::int)
         or (select count(*) from ${cartLines} where member_id = ${memberId}::int) < ${maxLines}::int
      on conflict (member_id, sku_id) do update
        set qty = cart_lines.qty + excluded.qty, selected = true, updated_at = now()
        where cart_lines.qty + excluded.qty <= ${maxQty}::int
          and (cart_lines.qty + excluded.qty) % ${stepQty}::int = 0
      returning id, qty`,
  );
  const row = rows[0];
  return row ? { id: Number(row.id), qty: Number(row.qty) } : null;
}

/**
 * Adds several SKUs at once (the login sync): new lines, or quantities added to existing lines (selected
 * again) while the sum stays within `maxQty`. Returns the lines written; a SKU missing from the answer hit
 * the limit.
 */
export function addToLines(
  db: Database,
  memberId: number,
  items: readonly { skuId: number; qty: number }[],
  maxQty: number,
): Promise<{ id: number; skuId: number; qty: number }[]> {
  return db
    .insert(cartLines)
    .values(items.map((item) => ({ memberId, skuId: item.skuId, qty: item.qty, selected: true })))
    .onConflictDoUpdate({
      target: [cartLines.memberId, cartLines.skuId],
      set: { qty: sql`${cartLines.qty} + excluded.qty`, selected: true, updatedAt: sql`now()` },
      setWhere: sql`${cartLines.qty} + excluded.qty <= ${maxQty}`,
    })
    .returning({ id: cartLines.id, skuId: cartLines.skuId, qty: cartLines.qty });
}

export interface LinePatch {
  id: number;
  qty?: number | undefined;
  selected?: boolean | undefined;
}

/** Sets quantity and/or selection of the member's lines in one statement; returns the ids changed. */
export async function updateLines(
  db: Database,
  memberId: number,
  patches: readonly LinePatch[],
): Promise<number[]> {
  if (patches.length === 0) return [];
  const values = sql.join(
    patches.map((p) => sql`(${p.id}::int, ${p.qty ?? null}::int, ${p.selected ?? null}::boolean)`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update ${cartLines} as c
      set qty = coalesce(v.qty, c.qty), selected = coalesce(v.selected, c.selected), updated_at = now()
      from (values ${values}) as v(id, qty, selected)
      where c.id = v.id and c.member_id = ${memberId}::int
      returning c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The delete of the member's lines among `ids`, answering the ids deleted: SQL text rather than the query builder,
 * the ids as one JSON parameter, so its text never changes and it runs as a named statement (every order runs it,
 * within the order's own statement: cart.parts.ts orderedLinesRemoval).
 */
export function deleteLinesStatement(memberId: number, ids: readonly number[]): SQL {
  return sql`delete from ${cartLines} where member_id = ${memberId}::int
      and id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))
    returning id`;
}

/** Deletes the member's lines among `ids`; returns the ids deleted. */
export async function deleteLines(db: Database, memberId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executeNamed<{ id: number }>(
    db,
    'cart_lines_delete',
    deleteLinesStatement(memberId, ids),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Lines of several SKUs holding at least the given quantities (repurchase): new lines, or existing lines
 * raised to the quantity when they hold fewer, all selected. Repeating it changes nothing more.
 */
export function raiseLines(
  db: Database,
  memberId: number,
  items: readonly { skuId: number; qty: number }[],
): Promise<{ id: number; skuId: number; qty: number }[]> {
  return db
    .insert(cartLines)
    .values(items.map((item) => ({ memberId, skuId: item.skuId, qty: item.qty, selected: true })))
    .onConflictDoUpdate({
      target: [cartLines.memberId, cartLines.skuId],
      set: { qty: sql`greatest(${cartLines.qty}, excluded.qty)`, selected: true, updatedAt: sql`now()` },
    })
    .returning({ id: cartLines.id, skuId: cartLines.skuId, qty: cartLines.qty });
}
