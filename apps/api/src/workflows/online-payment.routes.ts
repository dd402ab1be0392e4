import {
  CartPaths,
  findPayStatusRequestSchema,
  PaymentPaths,
  payBySybRequestSchema,
  payStartSchema,
  payStatusSchema,
  ratePriceRequestSchema,
  ratePriceResponseSchema,
  supayParamRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { OnlinePaymentFlow } from './online-payment';

const bearer = [{ bearerAuth: [] }];

/**
 * Paying online (spec §7 'Payment' payBySyb/, supayParam/, findPayStatus/, ratePrice/). Handlers only translate
 * HTTP to the workflow's calls.
 */
export const onlinePaymentRoutes: FastifyPluginAsyncZod<{ flow: OnlinePaymentFlow }> = async (
  app,
  { flow },
) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { onRequest: app.authenticate };

  app.post(
    PaymentPaths.payBySyb,
    {
      ...member,
      schema: {
        tags: ['payment'],
        summary: '收银台支付（A01 支付宝 / W01 微信）',
        description:
          '为自己待付款（状态 0）的订单发起支付：金额为订单应付折算成该支付方式的币种（库存汇率，四舍五入到分）。' +
          '返回 method GET 与收银台地址 action，前端跳转即可；支付结果以渠道的异步通知为准，之后用 findPayStatus/ 查询。' +
          '30 分钟内同一订单、同一方式、同一金额的待支付交易会原样返回（重复点击不会产生两笔交易）。' +
          '已支付的订单提示“订单已支付”，已取消的提示“订单已取消”，他人的订单返回 404。',
        security: bearer,
        body: payBySybRequestSchema,
        response: responses(payStartSchema),
      },
    },
    async (request) => ok(await flow.payBySyb(requireMember(request), request.body)),
  );

  app.post(
    PaymentPaths.supayParam,
    {
      ...member,
      schema: {
        tags: ['payment'],
        summary: '在线支付参数（订单或充值）',
        description:
          'methodId 为启用的在线支付方式（非余额）。orderId：为自己的待付款订单支付；type recharge 与 money（元）：在线充值账户余额，' +
          '币种为该方式的币种，须为可充值的方式。supay：method POST，前端把 fields 作为隐藏表单提交到 action；' +
          'supay_proxy：method PROXY，前端 GET action，result 为 SUCCESS 时跳转到返回的 url；syb：method GET，直接跳转到 action。' +
          '支付完成后渠道回到 return_url：订单为 /payment（收银台方式为 /payment/result），充值为 /member/deposit。',
        security: bearer,
        body: supayParamRequestSchema,
        response: responses(payStartSchema),
      },
    },
    async (request) => ok(await flow.supayParam(requireMember(request), request.body)),
  );

  app.post(
    PaymentPaths.findPayStatus,
    {
      ...member,
      schema: {
        tags: ['payment'],
        summary: '查询支付状态',
        description:
          '按交易号（tradeNo）或订单编号（orderId）查询自己的支付：已支付 status 为 paid，待支付为 pending；' +
          '交易已取消时 status 为 cancelled、支付失败时为 failed（均为成功响应，failure 带错误码 1021“支付已取消”或 1022“支付失败”）。只给订单编号时：订单已付款（任何方式）即为 paid，' +
          '否则以该订单最近一笔在线支付为准，没有在线支付时为 pending。他人的交易或订单返回 404。',
        security: bearer,
        body: findPayStatusRequestSchema,
        response: responses(payStatusSchema),
      },
    },
    async (request) => ok(await flow.payStatus(requireMember(request), request.body)),
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
      return ok(await flow.ratePrice(request.member, request.body ?? {}));
    },
  );
};
