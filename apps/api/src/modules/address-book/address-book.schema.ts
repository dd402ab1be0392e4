import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { companies } from '../company/company.schema';
import { members } from '../member/member.schema';

/**
 * The address book module's table: members' receivers and senders.
 */

/**
 * Sender and receiver address books in one table (spec §3, §7 'Addresses'): both books have the same fields,
 * and `book` says which one an entry belongs to. A member has at most one default entry per book.
 */
export const addressBook = pgTable(
  'address_book',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    book: varchar('book', { length: 8 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 24 }).notNull(),
    country: varchar('country', { length: 8 }).notNull(),
    province: varchar('province', { length: 40 }).notNull(),
    city: varchar('city', { length: 40 }).notNull().default(''),
    district: varchar('district', { length: 40 }).notNull().default(''),
    detail: varchar('detail', { length: 200 }).notNull(),
    postCode: varchar('post_code', { length: 8 }).notNull().default(''),
    company: varchar('company', { length: 100 }).notNull().default(''),
    idCardNo: varchar('id_card_no', { length: 18 }).notNull().default(''),
    defaultFlag: boolean('default_flag').notNull().default(false),
    /**
     * The company whose book it is in (issue #38): listed and used by all its members, changed by its admins;
     * null for the member's own. `member_id` is who wrote it. A company entry is never a default.
     */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('address_book_member_book_idx').on(t.memberId, t.book, t.createdAt),
    uniqueIndex('address_book_one_default_key').on(t.memberId, t.book).where(sql`${t.defaultFlag}`),
    check('address_book_book', sql`${t.book} in ('sender', 'receiver')`),
    index('address_book_company_book_idx')
      .on(t.companyId, t.book, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    check('address_book_company_no_default', sql`${t.companyId} is null or not ${t.defaultFlag}`),
  ],
);
