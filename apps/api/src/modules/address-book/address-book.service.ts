import { ADDRESS_BOOK_LIMIT, type Address, type addressSaveRequestSchema, ResultCode } from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
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
  companyAdminOnly: '只有公司管理员可以新增、修改或删除公司的地址',
  noCompany: '您还没有加入公司，不能保存公司地址',
} as const;

/** saveOrUpdate/'s fields as parsed; `shared` may be left out by callers other than the route (false). */
export type AddressSaveInput = Omit<z.output<typeof addressSaveRequestSchema>, 'shared'> & {
  shared?: boolean;
};

/** The caller's company and role (the company module, wired in services.ts); null when they have none. */
export type CompanyOf = (memberId: number) => Promise<{ companyId: number; role: string } | null>;

export interface AddressBookServiceDeps {
  db: Database;
  clock: Clock;
  /** Company members share their company's entries (issue #38); without it every book is the member's own. */
  companyOf?: CompanyOf;
}

export type AddressBookService = ReturnType<typeof createAddressBookService>;

/**
 * An entry for the wire (addressSchema). A company member's entries say whether they are the company's and
 * whether the caller may change them (their own, or a company entry for its admins); a member in no company's
 * entries are as spec §7 gives them.
 */
export function toAddressDto(row: repo.AddressRow, company?: { admin: boolean }): Address {
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
    ...(company ? { shared: row.companyId !== null, editable: row.companyId === null || company.admin } : {}),
  };
}

const notFound = () => notFoundError(AddressBookMessages.notFound);

/**
 * The sender and receiver address books (spec §3 'Sender address / receiver address', §4 'Address state',
 * §7 'Addresses'). A book keeps at most one default entry; writes of one member's book are serialized.
 */
export function createAddressBookService({
  db,
  clock,
  companyOf = async () => null,
}: AddressBookServiceDeps) {
  const adminOnly = () => new AppError(ResultCode.PermissionDenied, AddressBookMessages.companyAdminOnly);

  /** The book an existing entry is in, for a change by the caller: their own, or their company's as its admin. */
  async function ownerOfEntry(
    memberId: number,
    company: Awaited<ReturnType<CompanyOf>>,
    book: repo.AddressBookKind,
    id: number,
  ): Promise<repo.BookOwner> {
    const row = await repo.findSeenEntry(db, memberId, book, id, company?.companyId ?? null);
    if (!row) throw notFound();
    if (row.companyId === null) return { memberId, companyId: null };
    if (company?.role !== 'admin') throw adminOnly();
    return { memberId, companyId: row.companyId };
  }

  return {
    /**
     * The member's book, default entry first, then newest first (spec §7 list/: data is an array); a company
     * member's includes the company's entries.
     */
    async list(auth: AuthContext, book: repo.AddressBookKind): Promise<Address[]> {
      const company = await companyOf(auth.memberId);
      const rows = await repo.listEntries(db, auth.memberId, book, company?.companyId ?? null);
      return rows.map((row) => toAddressDto(row, company ? { admin: company.role === 'admin' } : undefined));
    },

    /**
     * One entry the member may use by id (their own or their company's), or null when it is not theirs (an
     * order's receiver and sender, spec §3 'Sender address / receiver address'). Runs on the caller's
     * transaction when given one.
     */
    async entry(
      memberId: number,
      book: repo.AddressBookKind,
      id: number,
      executor: Database = db,
    ): Promise<Address | null> {
      const company = await companyOf(memberId);
      const row = await repo.findSeenEntry(executor, memberId, book, id, company?.companyId ?? null);
      return row ? toAddressDto(row, company ? { admin: company.role === 'admin' } : undefined) : null;
    },

    /**
     * Creates (no id) or updates (an id the member may change) an entry (spec §7 saveOrUpdate/). defaultFlag true
     * makes it the only default, in the same transaction that clears the others; the first entry of an empty book
     * is the default; defaultFlag false leaves the entry's default state as it was (a book keeps its default until
     * another is chosen or it is deleted). At most ADDRESS_BOOK_LIMIT entries. `shared` puts a new entry in the
     * company's book (its admins only); a company entry is changed by the company's admins and is never a default.
     */
    async save(auth: AuthContext, book: repo.AddressBookKind, input: AddressSaveInput): Promise<Address> {
      const { id, defaultFlag, shared, ...fields } = input;
      if (book === 'sender' && fields.idCardNo !== '') {
        throw paramsError(AddressBookMessages.senderIdCard);
      }
      const { memberId } = auth;
      const company = await companyOf(memberId);
      let owner: repo.BookOwner = { memberId, companyId: null };
      if (id !== undefined) owner = await ownerOfEntry(memberId, company, book, id);
      else if (shared) {
        if (!company) throw paramsError(AddressBookMessages.noCompany);
        if (company.role !== 'admin') throw adminOnly();
        owner = { memberId, companyId: company.companyId };
      }
      const companyBook = owner.companyId !== null;
      const row = await db.transaction(async (tx) => {
        await repo.lockBook(tx, owner, book);
        if (id !== undefined) {
          const existing = await repo.findEntry(tx, owner, book, id);
          if (!existing) throw notFound();
          const makeDefault = !companyBook && (defaultFlag || existing.defaultFlag);
          if (defaultFlag && !companyBook) await repo.clearDefault(tx, memberId, book, id);
          return repo.updateEntry(tx, owner, book, id, { ...fields, defaultFlag: makeDefault }, clock());
        }
        const count = await repo.countEntries(tx, owner, book);
        if (count >= ADDRESS_BOOK_LIMIT) throw paramsError(AddressBookMessages.full);
        const makeDefault = !companyBook && (defaultFlag || count === 0);
        if (makeDefault && count > 0) await repo.clearDefault(tx, memberId, book);
        return repo.insertEntry(tx, owner, book, { ...fields, defaultFlag: makeDefault });
      });
      if (!row) throw notFound();
      return toAddressDto(row, company ? { admin: company.role === 'admin' } : undefined);
    },

    /**
     * Deletes one of the member's entries, or as the company's admin one of the company's (spec §7 delete/); when
     * it was the default, the newest remaining entry becomes the default in the same transaction.
     */
    async delete(auth: AuthContext, book: repo.AddressBookKind, id: number): Promise<void> {
      const { memberId } = auth;
      const owner = await ownerOfEntry(memberId, await companyOf(memberId), book, id);
      await db.transaction(async (tx) => {
        await repo.lockBook(tx, owner, book);
        const deleted = await repo.deleteEntry(tx, owner, book, id);
        if (!deleted) throw notFound();
        if (deleted.defaultFlag) await repo.promoteNewest(tx, memberId, book);
      });
    },
  };
}
