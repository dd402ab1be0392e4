import {
  AdminOrderPaths,
  adminMoneyBackResponseSchema,
  adminOrderCancelPaidRequestSchema,
  adminOrderRefundRequestSchema,
  Permission,
  toMinor,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/**
 * The console's cancel-with-refund and partial refund: the operator commands' functions (refund-order.ts). Registered in
 * app.ts beside the order module's console calls, where every staff order path is registered.
 */
export const refundOrderConsoleRoutes: FastifyPluginAsyncZod<{ flow: RefundOrderFlow }> = async (
  app,
  { flow },
) => {
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
};
