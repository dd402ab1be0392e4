import {
  AdminOrderPaths,
  adminMoneyBackResponseSchema,
  adminOrderCancelPaidRequestSchema,
  adminOrderRefundRequestSchema,
  PaymentPaths,
  Permission,
  text,
  toMinor,
} from '@shop/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../lib/envelope';
import { staffActor, staffSecurity } from '../plugins/staff-auth';
import { type MoneyBackResult, RefundMessages, type RefundOrderFlow } from './refund-order';

const tags = ['admin'];

function toResponse(r: MoneyBackResult) {
  return {
    orderNo: r.orderNo,
    status: r.status,
    refunded: r.refunded,
    currency: r.currency,
    refundedTotal: r.refundedTotal,
    paidAmount: r.paidAmount,
    refundTo: r.refundTo,
    refundNo: r.refundNo,
    refundState: r.refundState,
  };
}

/** What staff read after a refund: where the money went, and whether the channel still has to confirm it. */
function refundMessage(r: MoneyBackResult, done: string): string {
  if (r.refusal !== null) return RefundMessages.cancelRefused(r.orderNo, r.refusal);
  if (r.unanswered) return RefundMessages.channelUnanswered;
  if (r.refundTo === 'channel' && r.refundState === 'processing')
    return `${done}；${RefundMessages.channelPending}`;
  return done;
}

/** The console's cancel-with-refund and partial refund: the operator commands' functions (refund-order.ts). */
export const refundOrderRoutes: FastifyPluginAsyncZod<{ flow: RefundOrderFlow }> = async (app, { flow }) => {
  app.post(
    AdminOrderPaths.cancelPaid,
    {
      onRequest: app.staffGuard(Permission.orderRefund),
      schema: {
        tags,
        summary: '取消已付款订单并原路退款',
        description:
          '已付款且没有包裹发货的订单：订单与包裹变为已取消，库存退回，通知会员。未退的已付金额原路退回：在线支付且渠道支持退款的' +
          '（如微信支付）向渠道发起退款，订单显示退款中，渠道确认后计入已退款；余额支付或渠道不支持退款的按付款币种退回会员余额。' +
          '渠道拒绝退款时订单仍已取消，message 给出渠道的原因。已取消的订单再次提交被拒绝，不会重复退款；线下付款的订单在此被拒绝，款项须线下退回。',
        security: staffSecurity,
        body: adminOrderCancelPaidRequestSchema,
        response: responses(adminMoneyBackResponseSchema),
      },
    },
    async (request) => {
      const result = await flow.cancelPaid(staffActor(request), request.body.orderNo, {
        reason: request.body.reason,
      });
      return ok(toResponse(result), refundMessage(result, '订单已取消'));
    },
  );

  app.post(
    AdminOrderPaths.refund,
    {
      onRequest: app.staffGuard(Permission.orderRefund),
      schema: {
        tags,
        summary: '订单部分退款（原路退回）',
        description:
          'amount 为付款币种的元（最多两位小数），或 lines 选择商品行与件数（金额为这些商品占实付的份额），二者选一。' +
          'refundedBefore 为页面显示的已退款加退款中金额（元）：与订单当前不同时（例如重复提交）拒绝且不退款，所以双击只退一次。' +
          '累计退款（含退款中）不能超过已付金额。在线支付且渠道支持退款的向渠道发起退款（退款中，渠道确认后计入已退款），' +
          '渠道拒绝时返回渠道的原因且订单不变；其余退回会员余额。',
        security: staffSecurity,
        body: adminOrderRefundRequestSchema,
        response: responses(adminMoneyBackResponseSchema),
      },
    },
    async (request) => {
      const { orderNo, amount, lines, reason, refundedBefore } = request.body;
      const result = await flow.refund(staffActor(request), orderNo, {
        amount: amount === undefined ? undefined : toMinor(amount),
        lines,
        reason,
        refundedBefore: toMinor(refundedBefore),
      });
      return ok(toResponse(result), refundMessage(result, '退款成功'));
    },
  );

  // The channel's refund notify needs its raw bytes for the signature, so it gets its own JSON parser here.
  await app.register(async (scope) => {
    const channel = scope.withTypeProvider<ZodTypeProvider>();
    channel.removeContentTypeParser('application/json');
    channel.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    channel.post(
      `${PaymentPaths.refundNotify}:provider/`,
      {
        schema: {
          tags: ['payment-channel'],
          summary: '支付渠道退款结果通知（渠道调用）',
          description:
            '由支付渠道调用，不由前端调用。sandbox：JSON {refundNo, tradeNo, channelRefundNo, status: success|closed|abnormal, amount（分）}，' +
            '请求头 x-pay-signature 为以商户密钥对原始请求体做 HMAC-SHA256 的十六进制签名，成功应答纯文本 SUCCESS。wechatpay：' +
            'REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED，按微信支付 API v3 验签并以 APIv3 密钥解密 resource，成功应答 204。' +
            '重复通知不重复入账；签名错误、退款单不存在或金额不符应答失败且不做更改。每次通知记录在 payment_notifies。',
          params: z.object({ provider: text().max(40).describe('支付渠道：sandbox 或 wechatpay') }),
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { provider } = request.params;
        try {
          const result = await flow.handleRefundNotify(provider, rawBody, request.headers, request.ip);
          const details = { provider, refundNo: result.refundNo, outcome: result.outcome };
          if (result.accepted) request.log.info(details, 'refund notify');
          else request.log.warn(details, 'refund notify rejected');
          const ack = flow.acknowledgement(
            provider,
            result.accepted ? 'accepted' : 'rejected',
            result.outcome,
          );
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        } catch (error) {
          request.log.error({ err: error, provider }, 'refund notify failed');
          const ack = flow.acknowledgement(provider, 'error', '处理出错，等待渠道重发');
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        }
      },
    );
  });
};
