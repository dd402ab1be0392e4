import {
  CartPaths,
  cartAddItemRequestSchema,
  cartBatchAddRequestSchema,
  cartBatchRemoveRequestSchema,
  cartBatchUpdateRequestSchema,
  cartChangeResponseSchema,
  cartListRequestSchema,
  cartListResponseSchema,
  cartRemoveItemRequestSchema,
  cartUpdateItemRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import { CartMessages, type CartService } from './cart.service';

const bearer = [{ bearerAuth: [] }];

/**
 * The server cart calls of spec §7 'Cart and checkout': every one needs login and touches only the caller's
 * lines. Handlers only translate HTTP to service calls.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { onRequest: app.authenticate };

  app.post(
    CartPaths.list,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '购物车列表',
        description:
          '按会员等级的当前价格列出购物车（最新加入的在前）；合计只计选中的行。audPrice/cnyPrice 按规格第5节：有澳币价的计入澳币合计，' +
          '其余计入人民币合计，两种币种下相同。allCnyPrice 为全部按人民币结算的合计：每行取其人民币价，只有澳币价的按库存汇率把单价折算并四舍五入到分再乘数量，' +
          '即人民币结算时所付金额。currency（买家将要支付的币种，即页面币种）决定每行的 currency 和 cartAudTipText：' +
          'AUD（未提供时同此）列出不支持澳币支付的商品，CNY 没有澳币提示。',
        security: bearer,
        body: cartListRequestSchema,
        response: responses(cartListResponseSchema),
      },
    },
    async (request) => ok(await cart.list(requireMember(request), request.body.currency)),
  );

  app.post(
    CartPaths.addItem,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '加入购物车',
        description:
          '已有同一 SKU 的行时数量相加并重新选中。商品须在架；不可售、缺货不能加入；按库存销售的合计不超过库存；' +
          '可预订不限库存；单行最多 9999 件，购物车最多 200 行。',
        security: bearer,
        body: cartAddItemRequestSchema,
        response: responses(cartChangeResponseSchema),
      },
    },
    async (request) =>
      ok(
        await cart.addItem(requireMember(request), { skuId: request.body.skuId, qty: request.body.qty }),
        CartMessages.added,
      ),
  );

  app.post(
    CartPaths.updateItem,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '修改购物车商品数量或选中状态',
        description: '只能修改自己的行；他人的行返回 404。数量按库存规则校验。',
        security: bearer,
        body: cartUpdateItemRequestSchema,
        response: responses(cartChangeResponseSchema),
      },
    },
    async (request) => ok(await cart.updateItem(requireMember(request), request.body), CartMessages.updated),
  );

  app.post(
    CartPaths.removeItem,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '删除购物车商品',
        security: bearer,
        body: cartRemoveItemRequestSchema,
        response: responses(cartChangeResponseSchema),
      },
    },
    async (request) =>
      ok(await cart.removeItem(requireMember(request), request.body.id), CartMessages.removed),
  );

  app.post(
    CartPaths.batchAddItems,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '批量加入购物车（登录后同步本地购物车）',
        description:
          '请求体为数组。全部成功或全部不写：任一行不合规（商品不存在、已下架、超出库存、行数超限）时整批拒绝，' +
          '提示该行的原因，data 中给出其 skuId。',
        security: bearer,
        body: cartBatchAddRequestSchema,
        response: responses(cartChangeResponseSchema),
      },
    },
    async (request) => ok(await cart.batchAddItems(requireMember(request), request.body), CartMessages.added),
  );

  app.post(
    CartPaths.batchUpdateItems,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '批量修改购物车',
        description: '请求体为数组。全部成功或全部不改：任一编号不是自己的行时返回 404。',
        security: bearer,
        body: cartBatchUpdateRequestSchema,
        response: responses(cartChangeResponseSchema),
      },
    },
    async (request) =>
      ok(await cart.batchUpdateItems(requireMember(request), request.body), CartMessages.updated),
  );

  app.post(
    CartPaths.batchRemoveItems,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '批量删除购物车商品',
        description: '请求体为行编号数组。全部成功或全部不删：任一编号不是自己的行时返回 404。',
        security: bearer,
        body: cartBatchRemoveRequestSchema,
        response: responses(cartChangeResponseSchema),
      },
    },
    async (request) =>
      ok(await cart.batchRemoveItems(requireMember(request), request.body), CartMessages.removed),
  );
};
