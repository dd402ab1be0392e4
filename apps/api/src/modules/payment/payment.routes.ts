import { PaymentPaths, paymentConfigListRequestSchema, paymentConfigListResponseSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import type { PaymentService } from './payment.service';
import { sandboxRoutes } from './sandbox.routes';

/**
 * The payment methods of spec §7 paymentConfigList/ and the sandbox channel's own pages. Paying (payBySyb/,
 * supayParam/, findPayStatus/, ratePrice/) and the channels' notify are workflows with routes of their own.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  app.post(
    PaymentPaths.configList,
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['payment'],
        summary: '支付方式列表',
        description:
          '已启用的支付方式，按 supportWebsite 筛选（默认 true），按管理员设定的顺序。kind 决定流程：deposit 余额支付' +
          '（payByDeposit/），syb 收银台（payBySyb/ 或 supayParam/），supay 隐藏表单提交到渠道，supay_proxy 先请求代理再跳转。' +
          'currency 为渠道收款币种；forRecharge 表示可用于在线充值。余额支付方式是否显示由前端按余额决定（规格第4节）；' +
          '订单可用的方式由前端按订单币种筛选：人民币订单不提供澳币方式（ADR 013），支付接口也会拒绝。' +
          '登录的公司管理员或采购员，公司有可用账期额度且无逾期账单时，另有 kind 为 account 的账期支付（OnAccount），' +
          'credit 为各币种可用额度与账期天数；它按订单本身的币种记账（payOnAccount/）。',
        body: paymentConfigListRequestSchema,
        response: responses(paymentConfigListResponseSchema),
      },
    },
    async (request) => ok(await payments.configList(request.body.supportWebsite, request.member?.memberId)),
  );

  // Switched off (production without SHOP_PAY_SANDBOX=on), the sandbox's pages do not exist at all.
  if (payments.sandbox) await app.register(sandboxRoutes, { channel: payments.sandbox });
};
