import {
  CheckoutPaths,
  checkoutSummaryRequestSchema,
  checkoutSummarySchema,
  emptyRequestSchema,
  giftCheckRequestSchema,
  giftCheckResponseSchema,
  giftDetailRequestSchema,
  giftProductSchema,
  gstSettingResponseSchema,
  promotionsListRequestSchema,
  promotionsListResponseSchema,
  runningPromotionsRequestSchema,
  runningPromotionsResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import type { CheckoutService } from './checkout.service';

const bearer = [{ bearerAuth: [] }];

/**
 * The checkout summary (spec §7 cart/summary/, login required) and the promotion calls (promotionsList/ and
 * the two calls spec §7 leaves unnamed: giftDetail/, giftCheck/; open to visitors, members see their level's
 * prices). Handlers only translate HTTP to service calls.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (
  app,
  { checkout },
) => {
  app.post(
    CheckoutPaths.summary,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['checkout'],
        summary: '结算汇总',
        description:
          '按会员等级的当前价格计算购物车中选中的商品：按仓库分包，每包列出可用快递及运费（默认最便宜的），' +
          '应用促销（满减、折扣、第二件优惠、搭配优惠、满赠），计算跨境税（非中国仓发往中国 9.1%）与合计。' +
          '每包带其仓库的自提点（pickup，无则 null）；每个包裹的仓库都有自提点时 canPickup 为 true，' +
          '否则到仓自提（locationCode 为 Pickup）不可结算。' +
          '不可结算时 valid 为 false，notForSaleMsg 说明原因，但仍返回汇总信息。金额为所选币种的元。' +
          '以澳币结算时，没有澳币价的商品不计入任何包裹（无商品金额、无运费），在 notPayableInAud 中列出名称，汇总不可结算；' +
          '以人民币结算时只有澳币价的商品按库存汇率折算。',
        security: bearer,
        body: checkoutSummaryRequestSchema,
        response: responses(checkoutSummarySchema),
      },
    },
    async (request) => ok(await checkout.summary(requireMember(request), request.body)),
  );

  app.post(
    CheckoutPaths.promotionsList,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['checkout'],
        summary: '促销赠品列表',
        description: '进行中的满赠活动的赠品商品及其 SKU；可按活动 id 或商品 goodsId 过滤。',
        body: promotionsListRequestSchema,
        response: responses(promotionsListResponseSchema),
      },
    },
    async (request) => ok(await checkout.promotionsList(request.body, request.member)),
  );

  app.post(
    CheckoutPaths.runningPromotions,
    {
      schema: {
        tags: ['checkout'],
        summary: '进行中的促销',
        description:
          '某币种当前进行中的促销（金额为该币种的元），供购物车按与结算相同的规则提示：同币种的满减每单只享对买家最优的一个' +
          '（金额相同时 priority 大者优先），stackable 为 true 的满减可同享。无需登录。',
        body: runningPromotionsRequestSchema,
        response: responses(runningPromotionsResponseSchema),
      },
    },
    async (request) => ok(await checkout.runningPromotions(request.body.currency)),
  );

  app.post(
    CheckoutPaths.gstSetting,
    {
      schema: {
        tags: ['checkout'],
        summary: 'GST设置',
        description:
          '商城是否已登记澳洲GST（registered），以及澳币价格是否已含GST（pricesIncludeGst），供购物车显示GST。无需登录。',
        body: emptyRequestSchema,
        response: responses(gstSettingResponseSchema),
      },
    },
    async () => ok(await checkout.gstSettings()),
  );

  app.post(
    CheckoutPaths.giftDetail,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['checkout'],
        summary: '赠品详情',
        description: '按商品 id 返回赠品商品、其 SKU 与重量；商品不存在时 404。',
        body: giftDetailRequestSchema,
        response: responses(giftProductSchema),
      },
    },
    async (request) => ok(await checkout.giftDetail(request.body.goodsId, request.member)),
  );

  app.post(
    CheckoutPaths.giftCheck,
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags: ['checkout'],
        summary: '校验赠品选择',
        description: '该 SKU 能否作为此满赠活动的赠品：活动进行中、SKU 属于活动赠品商品且可售。',
        body: giftCheckRequestSchema,
        response: responses(giftCheckResponseSchema),
      },
    },
    async (request) => ok(await checkout.giftCheck(request.body)),
  );
};
