import { ADDRESS_BOOK_LIMIT, type Address, type AddressSaveRequest } from '@shop/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { notify } from '@/lib/notify';
import { type ReturnTarget, returnState } from '@/lib/return-to';
import { ADDRESS_BOOKS, type AddressBook } from '../address-book';
import { useDeleteAddress } from '../api/delete-address';
import { useAddressList } from '../api/get-address-list';
import { useSaveAddress } from '../api/save-address';
import { AddressCard } from './address-card';
import { AddressFormModal } from './address-form-modal';
import '../address.css';

/** The save request that changes nothing but the default flag. */
function asDefault(address: Address): AddressSaveRequest {
  return {
    id: address.id,
    name: address.name,
    phone: address.phone,
    country: address.country === 'AU' ? 'AU' : 'CN',
    province: address.province,
    city: address.city,
    district: address.district,
    detail: address.detail,
    postCode: address.postCode,
    company: address.company,
    idCardNo: address.idCardNo,
    defaultFlag: true,
  };
}

/** The default address first (spec §3: the cart's choice is the default entry, else the first). */
function defaultFirst(list: readonly Address[]): Address[] {
  return [...list].sort((a, b) => Number(b.defaultFlag) - Number(a.defaultFlag));
}

interface AddressBookViewProps {
  book: AddressBook;
  /** The page that sent the shopper here (the checkout): a link back, and the way back after a save. */
  returnTo?: ReturnTarget | null;
  /** The member is their company's admin: a new address may be saved for the whole company (issue #38). */
  canShare?: boolean;
}

/**
 * A member's sender or receiver address book (spec §2 /member/sender, /member/receiver; §4 'Address state'):
 * list with the default first, add, edit, set default and delete; the list reloads after each change. A shopper
 * sent here from another page goes back to it once an address is added or edited, with that address.
 */
export function AddressBookView({ book, returnTo, canShare = false }: AddressBookViewProps) {
  const list = useAddressList(book);
  const save = useSaveAddress(book);
  const remove = useDeleteAddress(book);
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  // undefined: no dialog; null: a new address; an address: editing it.
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const person = ADDRESS_BOOKS[book].person;
  const count = list.data?.length ?? 0;
  const full = count >= ADDRESS_BOOK_LIMIT;

  const addButton = (
    <Button type="primary" disabled={full} onClick={() => setEditing(null)}>
      新增{person}地址
    </Button>
  );

  const body = (
    <QueryView
      query={list}
      loading={<Skeleton lines={4} />}
      isEmpty={(book) => book.length === 0}
      empty={
        <EmptyState
          title={`还没有${person}地址`}
          description="添加一个地址，结算时即可直接选用。"
          actions={addButton}
        />
      }
    >
      {(book) => (
        <ul className="address-list">
          {defaultFirst(book).map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={save.isPending || remove.isPending}
              onEdit={() => setEditing(address)}
              onSetDefault={() =>
                save.mutate(asDefault(address), { onSuccess: () => notify.success('已设为默认地址') })
              }
              onDelete={() =>
                confirm({
                  title: '删除地址',
                  content: `确定删除${address.name}的这个地址吗？删除后无法恢复。`,
                  okText: '确定删除',
                  danger: true,
                  onConfirm: () => remove.mutateAsync(address.id).then(() => notify.success('地址已删除')),
                })
              }
            />
          ))}
        </ul>
      )}
    </QueryView>
  );

  return (
    <div className="address-book">
      {returnTo && (
        <Link to={returnTo.to} state={returnState()} className="address-book-back">
          <span aria-hidden="true">‹ </span>
          {returnTo.label}
        </Link>
      )}
      <div className="address-book-head">
        <span className="muted">
          已保存 {count} 个地址，最多 {ADDRESS_BOOK_LIMIT} 个
        </span>
        {count > 0 && addButton}
      </div>
      {body}
      {dialog}
      {editing !== undefined && (
        <AddressFormModal
          book={book}
          address={editing ?? undefined}
          firstAddress={count === 0}
          canShare={canShare}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            if (returnTo) navigate(returnTo.to, { state: returnState({ book, id: saved.id }) });
          }}
        />
      )}
    </div>
  );
}
