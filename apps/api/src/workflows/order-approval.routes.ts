import {
  APPROVAL_HOLD_HOURS,
  ApprovalMessages,
  ApprovalPaths,
  approvalApproveRequestSchema,
  approvalListRequestSchema,
  approvalListResponseSchema,
  approvalRejectRequestSchema,
  orderApprovalSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { OrderApprovalFlow } from './order-approval';

const bearer = [{ bearerAuth: [] }];
const tags = ['company'];
const adminOnly = '只有公司管理员可以调用（其他角色返回 4030，HTTP 403）。';

/**
 * Approvals of buyers' orders over their limits (issue #38, docs/decisions/055): login required, the caller's
 * membership read afresh on every call. The handlers only translate HTTP.
 */
export const orderApprovalRoutes: FastifyPluginAsyncZod<{ flow: OrderApprovalFlow }> = async (
  app,
  { flow },
) => {
  const member = { onRequest: app.authenticate };
  const id = (request: Parameters<typeof requireMember>[0]) => requireMember(request).memberId;

  app.post(
    ApprovalPaths.list,
    {
      ...member,
      schema: {
        tags,
        summary: '订单审批列表',
        description:
          '管理员与查看者看到公司的全部审批，采购员看到自己的；最新的在前。status=pending 只列待审批的，orderId 只列该订单的。',
        security: bearer,
        body: approvalListRequestSchema,
        response: responses(approvalListResponseSchema),
      },
    },
    async (request) => ok(await flow.list(id(request), request.body)),
  );

  app.post(
    ApprovalPaths.approve,
    {
      ...member,
      schema: {
        tags,
        summary: '批准订单',
        description: `超出采购员额度、待审批（状态 -1）的订单变为待支付（0）。同时批准两次只生效一次；已超过 ${APPROVAL_HOLD_HOURS} 小时的审批不能再批准。${adminOnly}`,
        security: bearer,
        body: approvalApproveRequestSchema,
        response: responses(orderApprovalSchema),
      },
    },
    async (request) =>
      ok(await flow.approve(id(request), request.body.orderId, request.ip), ApprovalMessages.approved),
  );

  app.post(
    ApprovalPaths.reject,
    {
      ...member,
      schema: {
        tags,
        summary: '拒绝订单',
        description: `拒绝待审批的订单并说明原因：订单取消，预留库存退回，下单的采购员收到消息。${adminOnly}`,
        security: bearer,
        body: approvalRejectRequestSchema,
        response: responses(orderApprovalSchema),
      },
    },
    async (request) =>
      ok(await flow.reject(id(request), request.body, request.ip), ApprovalMessages.rejected),
  );
};
