import { sql } from 'drizzle-orm';
import { Refusal, refuseUnless } from '../../db/refusal';
import type { StatementPart } from '../../db/statement';
import { paramsError } from '../../lib/app-error';
import { deleteLinesStatement, selectedLinesQuery } from './cart.repository';

/** The cart's parts of statements other modules compose (db/statement.ts, ADR 044). */

export const CartPartMessages = {
  cartChanged: '购物车已变化，请刷新结算页后重试',
} as const;

/** The step of selectedLinesPart that later parts read. */
export const SELECTED_LINES = 'cart_of_member';

/** The cart's part giving the member's selected lines, with the name of its step. */
export interface SelectedLinesPart extends StatementPart {
  readonly selectedLines: typeof SELECTED_LINES;
}

/**
 * The member's selected lines (checkout reads them with their SKUs in one statement): the step `cart_of_member`
 * with id, sku_id, qty, selected and position, 1 for the first line in the cart's own order (newest first).
 */
export function selectedLinesPart(memberId: number): SelectedLinesPart {
  return {
    selectedLines: SELECTED_LINES,
    steps: [{ name: SELECTED_LINES, body: selectedLinesQuery(memberId) }],
  };
}

/**
 * The removal of the member's ordered lines as a part of the order's statement (spec §4 'Order actions': create):
 * the lines among `ids` that are the member's are deleted, and the statement is refused with CartChanged unless
 * every one of them was still there (another checkout of the same lines won meanwhile: refused rather than sold
 * twice).
 */
export function orderedLinesRemoval(memberId: number, ids: readonly number[]): StatementPart {
  const distinct = [...new Set(ids)];
  return {
    steps: [{ name: 'cart_removed', body: deleteLinesStatement(memberId, distinct) }],
    checks: [
      refuseUnless(
        sql`(select count(*) from cart_removed) = ${distinct.length}::bigint`,
        Refusal.CartChanged,
      ),
    ],
    refusals: {
      [Refusal.CartChanged]: () => paramsError(CartPartMessages.cartChanged),
    },
  };
}
