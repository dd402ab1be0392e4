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
  ratePriceRequestSchema,
  ratePriceResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import type { PaymentService } from '../payment/payment.service';
import { CartMessages, type CartService } from './cart.service';
import type { RateService } from './rate.service';

const bearer = [{ bearerAuth: [] }];

/**
 * The server cart calls of spec §7 'Cart and checkout' (every one needs login and touches only the caller's
 * lines) and the public exchange rate of §7 'Payment' ratePrice/. Handlers only translate HTTP to service calls.
 */
export const cartRoutes: FastifyPluginAsyncZod<{
  cart: CartService;
  rates: RateService;
  /** ratePrice/ with an orderId: the order's amount due, which the payment module knows. */
  payments: Pick<PaymentService, 'ratePrice'>;
}> = async (app, { cart, rates, payments }) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { preValidation: app.authenticate };

  app.post(
    CartPaths.list,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '购物车列表',
        description:
          '按会员等级的当前价格列出购物车（最新加入的在前）；合计只计选中的行：有澳币价的计入澳币合计，' +
          '其余计入人民币合计并列入 cartAudTipText；allCnyPrice 按库存汇率折算，四舍五入到分。',
        security: bearer,
        body: cartListRequestSchema,
        response: responses(cartListResponseSchema),
      },
    },
    async (request) => ok(await cart.list(requireMember(request))),
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

  app.post(
    CartPaths.ratePrice,
    {
      // Public; a token is read when given, since an orderId needs the member (spec §7 ratePrice/).
      preValidation: app.authenticateOptional,
      schema: {
        tags: ['payment'],
        summary: '澳币兑人民币汇率（及订单应付金额）',
        description:
          '每 1 澳币兑换的人民币，4 位小数，由商城管理员设置（npm run shop -- rate:set）。' +
          '带 orderId 时须登录，且只能是自己的订单（否则 404“订单不存在”）：另返回 order，即订单应付金额 orderPrice（订单币种）' +
          '与按该汇率折算成 currency（默认订单币种）的 price，四舍五入到分。',
        // A currency alone means nothing: it chooses the currency of an order's amount due.
        body: ratePriceRequestSchema
          .refine((v) => v.currency === undefined || v.orderId !== undefined, {
            message: '请提供订单编号',
            path: ['orderId'],
          })
          .optional(),
        response: responses(ratePriceResponseSchema),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      if (body.orderId === undefined) return ok(await rates.audCny());
      return ok(await payments.ratePrice(request.member, body));
    },
  );
};
