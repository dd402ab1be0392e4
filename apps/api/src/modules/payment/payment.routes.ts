import {
  findPayStatusRequestSchema,
  PaymentPaths,
  payBySybRequestSchema,
  paymentConfigListRequestSchema,
  paymentConfigListResponseSchema,
  payStartSchema,
  payStatusSchema,
  supayParamRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import { SIGNATURE_HEADER } from './payment.provider';
import type { PaymentService } from './payment.service';
import { sandboxRoutes } from './sandbox.routes';

const bearer = [{ bearerAuth: [] }];

/**
 * The payment calls of spec §7 'Payment' (deposit payment is the deposit module's), the channels' notify, and
 * the sandbox channel's own pages. Handlers only translate HTTP to service calls.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { preValidation: app.authenticate };

  app.post(
    PaymentPaths.configList,
    {
      schema: {
        tags: ['payment'],
        summary: '支付方式列表',
        description:
          '已启用的支付方式，按 supportWebsite 筛选（默认 true），按管理员设定的顺序。kind 决定流程：deposit 余额支付' +
          '（payByDeposit/），syb 收银台（payBySyb/ 或 supayParam/），supay 隐藏表单提交到渠道，supay_proxy 先请求代理再跳转。' +
          'currency 为渠道收款币种；forRecharge 表示可用于在线充值。余额支付方式是否显示由前端按余额决定（规格第4节）。',
        body: paymentConfigListRequestSchema,
        response: responses(paymentConfigListResponseSchema),
      },
    },
    async (request) => ok(await payments.configList(request.body.supportWebsite)),
  );

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
    async (request) => ok(await payments.payBySyb(requireMember(request), request.body)),
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
    async (request) => ok(await payments.supayParam(requireMember(request), request.body)),
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
          '交易已取消返回错误码 1021“支付已取消”，支付失败返回 1022“支付失败”。只给订单编号时：订单已付款（任何方式）即为 paid，' +
          '否则以该订单最近一笔在线支付为准，没有在线支付时为 pending。他人的交易或订单返回 404。',
        security: bearer,
        body: findPayStatusRequestSchema,
        response: responses(payStatusSchema),
      },
    },
    async (request) => ok(await payments.payStatus(requireMember(request), request.body)),
  );

  // The channel's notify needs its raw bytes for the signature, so it gets its own JSON parser here.
  await app.register(async (scope) => {
    const channel = scope.withTypeProvider<ZodTypeProvider>();
    channel.removeContentTypeParser('application/json');
    channel.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    channel.post(
      `${PaymentPaths.notify}:provider/`,
      {
        schema: {
          tags: ['payment-channel'],
          summary: '支付渠道异步通知（渠道调用）',
          description:
            `由支付渠道调用，不由前端调用。请求体为 JSON {tradeNo, channelTradeNo, status: SUCCESS|CLOSED|FAILED, amount（分）, currency, paidAt, nonce}，` +
            `请求头 ${SIGNATURE_HEADER} 为以商户密钥对原始请求体做 HMAC-SHA256 的十六进制签名。` +
            '处理成功（含重复通知）返回纯文本 SUCCESS；签名错误、交易号不存在、金额或币种不符返回 400 FAIL，不做任何更改；' +
            '处理出错返回 500 FAIL，渠道应重发。每次通知都记录在 payment_notifies；同一地址每分钟超过 20 次的验签失败通知只应答、不记录。',
          params: z.object({ provider: z.string().describe('支付渠道：sandbox 或 gateway') }),
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { provider } = request.params;
        try {
          const result = await payments.handleNotify(provider, rawBody, request.headers, request.ip);
          const details = {
            provider,
            tradeNo: result.tradeNo,
            outcome: result.outcome,
            reason: result.reason,
          };
          if (result.accepted) request.log.info(details, 'payment notify');
          else if (result.recorded) request.log.warn(details, 'payment notify rejected');
          else
            request.log.debug(details, 'payment notify rejected, not recorded (too many from this address)');
          return reply
            .code(result.accepted ? 200 : 400)
            .type('text/plain; charset=utf-8')
            .send(result.accepted ? 'SUCCESS' : 'FAIL');
        } catch (error) {
          request.log.error({ err: error, provider }, 'payment notify failed');
          return reply.code(500).type('text/plain; charset=utf-8').send('FAIL');
        }
      },
    );
  });

  await app.register(sandboxRoutes, { channel: payments.sandbox });
};
