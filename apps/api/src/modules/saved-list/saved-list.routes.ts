import {
  SAVED_LIST_LIMIT,
  SAVED_LIST_LINE_LIMIT,
  SavedListPaths,
  savedListDetailSchema,
  savedListIdRequestSchema,
  savedListListRequestSchema,
  savedListListResponseSchema,
  savedListSaveRequestSchema,
  savedListUpdateRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-reply';
import { requireMember } from '../../plugins/auth';
import { SavedListMessages, type SavedListService } from './saved-list.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['savedList'];
const notTheirs = '他人的清单与不存在的清单一样返回 404。';

/**
 * Saved lists (常购清单 '我的清单', issue #37; login required, each call touches only the caller's lists). Putting a
 * list into the cart and making one from an order join other modules: workflows/saved-list.routes.ts.
 */
export const savedListRoutes: FastifyPluginAsyncZod<{ savedLists: SavedListService }> = async (
  app,
  { savedLists },
) => {
  const member = { onRequest: app.authenticate };

  app.post(
    SavedListPaths.list,
    {
      ...member,
      schema: {
        tags,
        summary: '我的清单',
        description: `会员的清单，最近修改的在前，带商品种数；每位会员最多 ${SAVED_LIST_LIMIT} 个清单。`,
        security: bearer,
        body: savedListListRequestSchema.optional(),
        response: responses(savedListListResponseSchema),
      },
    },
    async (request) => ok(await savedLists.list(requireMember(request))),
  );

  app.post(
    SavedListPaths.detail,
    {
      ...member,
      schema: {
        tags,
        summary: '清单详情',
        description:
          '清单的每一行与商品今天的情况：编码、起订量/每箱件数/限购、库存、上架状态、会员等级价（按该行数量达到的阶梯价），' +
          `以及暂时无法加入购物车的原因（problem）。${notTheirs}`,
        security: bearer,
        body: savedListIdRequestSchema,
        response: responses(savedListDetailSchema),
      },
    },
    async (request) => ok(await savedLists.detail(requireMember(request), request.body.id)),
  );

  app.post(
    SavedListPaths.save,
    {
      ...member,
      schema: {
        tags,
        summary: '存为清单',
        description:
          '用给出的商品（购物车的全部或选中商品，或挑选的商品）新建清单：同一商品合并为一行；数量须符合商品的起订量、' +
          `每箱件数和限购；名称 1–40 个字且不与自己的其他清单重名；每个清单最多 ${SAVED_LIST_LINE_LIMIT} 种商品。`,
        security: bearer,
        body: savedListSaveRequestSchema,
        response: responses(savedListDetailSchema),
      },
    },
    async (request) => {
      const { listName, items } = request.body;
      const { list } = await savedLists.save(requireMember(request), { name: listName, items });
      return ok(list, SavedListMessages.saved);
    },
  );

  app.post(
    SavedListPaths.update,
    {
      ...member,
      schema: {
        tags,
        summary: '修改清单',
        description:
          '改名（listName）、按给出的行替换清单（items：未列出的行被删除）、按商品编码添加商品（add：已有的行数量相加）。' +
          `数量有变化的行和新行须符合商品的数量规则；全部成功或全部不变。${notTheirs}`,
        security: bearer,
        body: savedListUpdateRequestSchema,
        response: responses(savedListDetailSchema),
      },
    },
    async (request) => {
      const { id, listName, items, add } = request.body;
      const list = await savedLists.update(requireMember(request), { id, name: listName, items, add });
      return ok(list, SavedListMessages.updated);
    },
  );

  app.post(
    SavedListPaths.remove,
    {
      ...member,
      schema: {
        tags,
        summary: '删除清单',
        description: `删除清单及其中的商品行。${notTheirs}`,
        security: bearer,
        body: savedListIdRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await savedLists.remove(requireMember(request), request.body.id);
      return ok(null, SavedListMessages.removed);
    },
  );

  app.post(
    SavedListPaths.export,
    {
      ...member,
      schema: {
        tags,
        summary: '导出清单（xlsx）',
        description: `每行一个商品：编码、名称、规格、数量、现在的会员等级单价（澳元、人民币）、备注。与商品导出合计限频（每位会员每分钟10次），超过返回 429。${notTheirs}`,
        security: bearer,
        body: savedListIdRequestSchema,
        response: xlsxResponses,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await savedLists.export(requireMember(request), request.body.id)),
  );
};
