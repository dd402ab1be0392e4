import { ResultCode, SkuStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { Refusal, refuseUnless } from '../../db/refusal';
import type { StatementAnswer, StatementPart } from '../../db/statement';
import { AppError } from '../../lib/app-error';
import { goods, skus } from '../catalogue';

/** A SKU line whose stock an order takes (spec §4 'SKU stock status'). */
export interface StockTake {
  skuId: number;
  qty: number;
  /** The SKU's status when priced; decides how stock is taken. */
  status: number;
  /** Named in the refusal when stock is short. */
  label: string;
}

export const StockMessages = {
  short: (label: string) => `库存不足：${label}`,
} as const;

/** An order refused because a line sold by stock is over its stock: the caller may count it. */
export class StockShortError extends AppError {
  constructor(label: string, skuId: number) {
    super(ResultCode.ParamsError, StockMessages.short(label), { skuId });
  }
}

/**
 * The step of the stock take that later parts of the statement read: one row per line, `n` (the line's position
 * from 0) and `reserved` (the units the line took).
 */
export const LINE_TAKEN = 'line_take';

/** The stock take's part, with the name of its per-line step. */
export interface StockTakePart extends StatementPart {
  readonly lineTaken: typeof LINE_TAKEN;
}

/**
 * An order's stock and sales as a part of its statement (ADR 028, ADR 044), so the row locks other orders of the
 * same goods queue on are held for that statement and its commit: the SKUs' rows locked in id order (as every
 * writer of stock takes them, so two orders never deadlock) and read as they are now; each SKU's take worked out
 * over all its lines and shared out over its lines, the first line first; the stock taken, then the goods' rows
 * locked in id order (the goods of every line, a gift's too, whose listing counts the stock may change at the
 * statement's end: migration 0021) and their sales counted.
 *
 * A SKU sold by stock (ByStock) on any line must have the units of all its lines: when it is short, or gone, the
 * statement fails as a whole with the refusal StockShort (its detail the first such SKU's id, in id order, as the
 * rows were locked), which this part turns into StockShortError naming the line. ByBook and InStock take what
 * there is, the rest being a pre-order (ByBook) or stock the warehouse holds but has not counted (InStock).
 * `sold` adds to the products' sales counts ('Sales' sort of spec §7 goods/list/).
 *
 * A short line takes nothing, and the stock is only taken from a row that still has it (`stock >= taken`, which
 * PostgreSQL checks again on the row's newest version when a stock adjustment committed while the statement
 * waited for its lock); a line whose take was not written refuses the statement as StockShort too. So a take
 * never drives the stock below zero: a race with an adjustment is the same 库存不足 as any other shortage, never
 * the stock's check constraint failing.
 *
 * The locks are `for no key update`, the lock an update of the stock or the sales takes anyway: it queues the
 * writers of the same rows, and leaves alone the key-share locks that foreign keys take on them (a cart line
 * added, another order's items), which would otherwise wait for this order's commit. The rows are found by
 * `= any(array(…))`, an index lookup of the ids: PostgreSQL counts a JSON list as 100 rows, and `in (select …)`
 * of it was planned as a scan of every SKU and every product, on every order (docs/scaling.md). Both lists are
 * JSON parameters, so the text is the same for every order.
 */
export function stockTakePart(
  lines: readonly StockTake[],
  sold: readonly { goodsId: number; qty: number }[],
): StockTakePart {
  const strict = new Set(lines.filter((l) => l.status === SkuStatus.ByStock).map((l) => l.skuId));
  const byGoods = new Map<number, number>();
  for (const s of sold) byGoods.set(s.goodsId, (byGoods.get(s.goodsId) ?? 0) + s.qty);
  const wanted = JSON.stringify(
    lines.map((l, n) => ({ n, id: l.skuId, qty: l.qty, strict: strict.has(l.skuId) })),
  );
  const sales = JSON.stringify([...byGoods].filter(([, qty]) => qty !== 0).map(([id, qty]) => ({ id, qty })));
  return {
    lineTaken: LINE_TAKEN,
    steps: [
      {
        name: 'line',
        body: sql`select * from json_to_recordset(${wanted}::json) as l(n int, id int, qty int, strict boolean)`,
      },
      {
        name: 'want',
        body: sql`select id, sum(qty)::int as qty, bool_or(strict) as strict from line group by id`,
      },
      {
        name: 'locked',
        body: sql`select s.id, s.goods_id, s.stock from ${skus} s where s.id = any(array(select id from want))
          order by s.id for no key update`,
      },
      {
        name: 'take',
        body: sql`select l.id, l.stock,
            case when w.strict then case when l.stock < w.qty then 0 else w.qty end
              else greatest(0, least(l.stock, w.qty)) end as taken,
            w.strict and l.stock < w.qty as short
          from locked l join want w on w.id = l.id`,
      },
      {
        name: 'refused',
        body: sql`select min(w.id) as id from want w left join take t on t.id = w.id where coalesce(t.short, w.strict)`,
      },
      {
        name: 'enough',
        body: sql`select ${refuseUnless(sql`r.id is null`, Refusal.StockShort, sql`r.id`)} as ok from refused r`,
      },
      {
        name: 'stock_taken',
        body: sql`update ${skus} set stock = ${skus.stock} - t.taken
          from take t, enough
          where ${skus.id} = t.id and enough.ok and t.taken > 0 and ${skus.stock} >= t.taken
          returning ${skus.id}`,
      },
      { name: 'sold', body: sql`select * from json_to_recordset(${sales}::json) as v(id int, qty int)` },
      {
        name: 'goods_locked',
        body: sql`select g.id from ${goods} g
          where g.id = any(array(select goods_id from locked)) and (select ok from enough)
          order by g.id for no key update`,
      },
      {
        name: 'sales_counted',
        body: sql`update ${goods} set sales = greatest(${goods.sales} + v.qty, 0)
          from goods_locked gl join sold v on v.id = gl.id
          where ${goods.id} = gl.id
          returning ${goods.id}`,
      },
      {
        name: LINE_TAKEN,
        body: sql`select l.n, l.id,
            greatest(0, least(l.qty, coalesce(t.taken, 0) - coalesce(sum(l.qty) over (
              partition by l.id order by l.n rows between unbounded preceding and 1 preceding), 0)))::int as reserved
          from line l left join take t on t.id = l.id`,
      },
    ],
    checks: [
      sql`(select ok from enough)`,
      refuseUnless(
        sql`(select count(*) from stock_taken) = (select count(*) from take where taken > 0)`,
        Refusal.StockShort,
        sql`(select min(t.id) from take t where t.taken > 0 and t.id not in (select id from stock_taken))`,
      ),
    ],
    refusals: {
      [Refusal.StockShort]: (detail) => {
        const skuId = Number(detail);
        const line = lines.find((l) => l.skuId === skuId);
        return new StockShortError(line?.label ?? detail, skuId);
      },
    },
  };
}

/** The units each line of a stock take reserved, in the lines' order (the take run as a statement of its own). */
export const linesTaken: StatementAnswer<number> = {
  step: LINE_TAKEN,
  orderBy: sql`n`,
  decode: (row) => Number(row.reserved),
};
