import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { skus } from '../catalogue/catalogue.schema';
import { members } from '../member/member.schema';

/**
 * The cart module's table: the members' cart lines.
 */

/**
 * Cart, address book and exchange-rate tables (spec §3 'Cart', 'Sender address / receiver address'; docs/design.md
 * 'Money'). Prices are never stored in the cart: a line is priced from the catalogue when it is listed.
 */

/**
 * A member's server cart: one line per SKU (spec §3 'Cart'). The unique (member, SKU) pair lets an add be a
 * single atomic upsert that adds to the line's quantity.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('cart_lines_member_sku_key').on(t.memberId, t.skuId),
    index('cart_lines_sku_id_idx').on(t.skuId),
    check('cart_lines_qty_range', sql`${t.qty} between 1 and 9999`),
  ],
);
