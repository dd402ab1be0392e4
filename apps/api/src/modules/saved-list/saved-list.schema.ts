import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { skus } from '../catalogue/catalogue.schema';
import { members } from '../member/member.schema';

/**
 * The saved-list module's tables: members' named lists of SKUs and quantities (常购清单 '我的清单', issue #37).
 * A list goes with its member; a line goes with its list, and with its SKU when the catalogue deletes the SKU.
 */

export const savedLists = pgTable(
  'saved_lists',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [
    // One name once per member: the list page tells lists apart by name.
    uniqueIndex('saved_lists_member_name_key').on(t.memberId, t.name),
    index('saved_lists_member_updated_idx').on(t.memberId, t.updatedAt),
  ],
);

export const savedListItems = pgTable(
  'saved_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    /** The line's place in the list, as the member arranged it (0 first). */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.skuId], name: 'saved_list_items_pkey' }),
    index('saved_list_items_sku_idx').on(t.skuId),
    check('saved_list_items_qty', sql`${t.qty} between 1 and 9999`),
  ],
);
