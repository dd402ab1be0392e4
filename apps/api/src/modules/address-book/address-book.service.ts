import { ADDRESS_BOOK_LIMIT, type Address, type addressSaveRequestSchema } from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './address-book.repository';

export type { AddressBookKind } from './address-book.repository';

export const AddressBookMessages = {
  saved: '地址已保存',
  deleted: '地址已删除',
  notFound: '地址不存在',
  full: `地址簿最多保存${ADDRESS_BOOK_LIMIT}个地址，请先删除不用的地址`,
  senderIdCard: '寄件地址无需填写身份证号',
} as const;

export type AddressSaveInput = z.output<typeof addressSaveRequestSchema>;

export interface AddressBookServiceDeps {
  db: Database;
  clock: Clock;
}

export type AddressBookService = ReturnType<typeof createAddressBookService>;

/** An entry for the wire (addressSchema). */
export function toAddressDto(row: repo.AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    country: row.country,
    province: row.province,
    city: row.city,
    district: row.district,
    detail: row.detail,
    postCode: row.postCode,
    company: row.company,
    idCardNo: row.idCardNo,
    defaultFlag: row.defaultFlag,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => notFoundError(AddressBookMessages.notFound);

/**
 * The sender and receiver address books (spec §3 'Sender address / receiver address', §4 'Address state',
 * §7 'Addresses'). A book keeps at most one default entry; writes of one member's book are serialized.
 */
export function createAddressBookService({ db, clock }: AddressBookServiceDeps) {
  return {
    /** The member's book, default entry first, then newest first (spec §7 list/: data is an array). */
    async list(auth: AuthContext, book: repo.AddressBookKind): Promise<Address[]> {
      return (await repo.listEntries(db, auth.memberId, book)).map(toAddressDto);
    },

    /**
     * One of the member's entries by id, or null when it is not theirs (an order's receiver and sender, spec
     * §3 'Sender address / receiver address'). Runs on the caller's transaction when given one.
     */
    async entry(
      memberId: number,
      book: repo.AddressBookKind,
      id: number,
      executor: Database = db,
    ): Promise<Address | null> {
      const row = await repo.findEntry(executor, memberId, book, id);
      return row ? toAddressDto(row) : null;
    },

    /**
     * Creates (no id) or updates (own id) an entry (spec §7 saveOrUpdate/). defaultFlag true makes it the
     * only default, in the same transaction that clears the others; the first entry of an empty book is the
     * default; defaultFlag false leaves the entry's default state as it was (a book keeps its default until
     * another is chosen or it is deleted). At most ADDRESS_BOOK_LIMIT entries.
     */
    async save(auth: AuthContext, book: repo.AddressBookKind, input: AddressSaveInput): Promise<Address> {
      const { id, defaultFlag, ...fields } = input;
      if (book === 'sender' && fields.idCardNo !== '') {
        throw paramsError(AddressBookMessages.senderIdCard);
      }
      const { memberId } = auth;
      const row = await db.transaction(async (tx) => {
        await repo.lockBook(tx, memberId, book);
        if (id !== undefined) {
          const existing = await repo.findEntry(tx, memberId, book, id);
          if (!existing) throw notFound();
          const makeDefault = defaultFlag || existing.defaultFlag;
          if (defaultFlag) await repo.clearDefault(tx, memberId, book, id);
          return repo.updateEntry(tx, memberId, book, id, { ...fields, defaultFlag: makeDefault }, clock());
        }
        const count = await repo.countEntries(tx, memberId, book);
        if (count >= ADDRESS_BOOK_LIMIT) throw paramsError(AddressBookMessages.full);
        const makeDefault = defaultFlag || count === 0;
        if (makeDefault && count > 0) await repo.clearDefault(tx, memberId, book);
        return repo.insertEntry(tx, memberId, book, { ...fields, defaultFlag: makeDefault });
      });
      if (!row) throw notFound();
      return toAddressDto(row);
    },

    /**
     * Deletes one of the member's entries (spec §7 delete/); when it was the default, the newest remaining
     * entry becomes the default in the same transaction.
     */
    async delete(auth: AuthContext, book: repo.AddressBookKind, id: number): Promise<void> {
      const { memberId } = auth;
      await db.transaction(async (tx) => {
        await repo.lockBook(tx, memberId, book);
        const deleted = await repo.deleteEntry(tx, memberId, book, id);
        if (!deleted) throw notFound();
        if (deleted.defaultFlag) await repo.promoteNewest(tx, memberId, book);
      });
    },
  };
}
