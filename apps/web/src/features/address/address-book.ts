import { AddressPaths } from '@shop/domain';

/** The member's two address books (spec §3 'Sender address / receiver address'). */
export type AddressBook = 'sender' | 'receiver';

interface BookInfo {
  list: typeof AddressPaths.senderList | typeof AddressPaths.receiverList;
  save: typeof AddressPaths.senderSave | typeof AddressPaths.receiverSave;
  delete: typeof AddressPaths.senderDelete | typeof AddressPaths.receiverDelete;
  /** Who the address is of: 发件人 (sender) or 收件人 (receiver). */
  person: string;
}

export const ADDRESS_BOOKS: Readonly<Record<AddressBook, BookInfo>> = {
  sender: {
    list: AddressPaths.senderList,
    save: AddressPaths.senderSave,
    delete: AddressPaths.senderDelete,
    person: '发件人',
  },
  receiver: {
    list: AddressPaths.receiverList,
    save: AddressPaths.receiverSave,
    delete: AddressPaths.receiverDelete,
    person: '收件人',
  },
};
