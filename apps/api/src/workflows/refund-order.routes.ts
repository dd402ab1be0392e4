import {
  AdminOrderPaths,
  adminMoneyBackResponseSchema,
  adminOrderCancelPaidRequestSchema,
  adminOrderRefundRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { staffActor, staffSecurity } from '../plugins/staff-auth';
import type { MoneyBackResult, RefundOrderFlow } from './refund-order';

const tags = ['admin'];

function toResponse(r: MoneyBackResult) {
  return {
    orderNo: r.orderNo,
    status: r.status,
    refunded: r.refunded,
    currency: r.currency,
    refundedTotal: r.refundedTotal,
    paidAmount: r.paidAmount,
  };
}

/** The console's cancel-with-refund and partial refund: the operator commands' functions (refund-order.ts). */
export const refundOrderRoutes: FastifyPluginAsyncZod<{ flow: RefundOrderFlow }> = async (app, { flow }) => {
  app.post(
    AdminOrderPaths.cancelPaid,
    {
      onRequest: app.staffGuard(Permission.orderRefund),
      schema: {
        tags,
        summary: '取消已付款订单并退款到余额',
        description:
          '已付款且没有包裹发货的订单：订单与包裹变为已取消，库存退回，未退的已付金额按付款币种退回会员余额，通知会员。' +
          '已取消的订单再次提交被拒绝，不会重复退款；线下付款的订单请线下退款（命令行 --no-refund）。',
        security: staffSecurity,
        body: adminOrderCancelPaidRequestSchema,
        response: responses(adminMoneyBackResponseSchema),
      },
    },
    async (request) =>
      ok(
        toResponse(
          await flow.cancelPaid(staffActor(request), request.body.orderNo, { reason: request.body.reason }),
        ),
        '订单已取消',
      ),
  );

  app.post(
    AdminOrderPaths.refund,
    {
      onRequest: app.staffGuard(Permission.orderRefund),
      schema: {
        tags,
        summary: '订单部分退款到余额',
        description:
          'amount 为付款币种的分。refundedBefore 为页面显示的已退款金额：与订单当前已退款金额不同时（例如重复提交）' +
          '拒绝且不退款，所以双击只退一次。累计退款不能超过已付金额。',
        security: staffSecurity,
        body: adminOrderRefundRequestSchema,
        response: responses(adminMoneyBackResponseSchema),
      },
    },
    async (request) => {
      const { orderNo, amount, reason, refundedBefore } = request.body;
      const result = await flow.refund(staffActor(request), orderNo, { amount, reason, refundedBefore });
      return ok(toResponse(result), '退款成功');
    },
  );
};
