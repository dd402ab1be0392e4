import {
  ADDRESS_BOOK_LIMIT,
  AddressPaths,
  addressDeleteRequestSchema,
  addressListRequestSchema,
  addressListResponseSchema,
  addressSaveRequestSchema,
  addressSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import { type AddressBookKind, AddressBookMessages, type AddressBookService } from './address-book.service';

const bearer = [{ bearerAuth: [] }];

const BOOKS: { book: AddressBookKind; label: string; list: string; save: string; remove: string }[] = [
  {
    book: 'sender',
    label: '寄件地址',
    list: AddressPaths.senderList,
    save: AddressPaths.senderSave,
    remove: AddressPaths.senderDelete,
  },
  {
    book: 'receiver',
    label: '收货地址',
    list: AddressPaths.receiverList,
    save: AddressPaths.receiverSave,
    remove: AddressPaths.receiverDelete,
  },
];

/**
 * The sender and receiver address books of spec §7 'Addresses' (list/, saveOrUpdate/, delete/). Every call
 * needs login and touches only the caller's entries. Handlers only translate HTTP to service calls.
 */
export const addressBookRoutes: FastifyPluginAsyncZod<{ addressBook: AddressBookService }> = async (
  app,
  { addressBook },
) => {
  for (const { book, label, list, save, remove } of BOOKS) {
    app.post(
      list,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['address'],
          summary: `${label}列表`,
          description: 'data 为数组：默认地址在前，其余按新建时间从新到旧。',
          security: bearer,
          body: addressListRequestSchema.optional(),
          response: responses(addressListResponseSchema),
        },
      },
      async (request) => ok(await addressBook.list(requireMember(request), book)),
    );

    app.post(
      save,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['address'],
          summary: `新增或修改${label}`,
          description:
            '不带 id 为新增，带 id 修改自己的地址（他人的返回 404）。defaultFlag 为 true 时设为唯一默认地址；' +
            '地址簿的第一个地址自动成为默认；为 false 时不改变该地址原有的默认状态。' +
            `每个地址簿最多 ${ADDRESS_BOOK_LIMIT} 个地址。${book === 'sender' ? '寄件地址不填身份证号。' : ''}`,
          security: bearer,
          body: addressSaveRequestSchema,
          response: responses(addressSchema),
        },
      },
      async (request) =>
        ok(await addressBook.save(requireMember(request), book, request.body), AddressBookMessages.saved),
    );

    app.post(
      remove,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['address'],
          summary: `删除${label}`,
          description: '只能删除自己的地址；删除默认地址后，最新的地址成为默认。',
          security: bearer,
          body: addressDeleteRequestSchema,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await addressBook.delete(requireMember(request), book, request.body.id);
        return ok(null, AddressBookMessages.deleted);
      },
    );
  }
};
