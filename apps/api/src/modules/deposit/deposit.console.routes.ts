import {
  AdminMemberPaths,
  adminRechargeListRequestSchema,
  adminRechargeListResponseSchema,
  Permission,
  rechargeApproveRequestSchema,
  rechargeRejectRequestSchema,
  rechargeReviewResponseSchema,
  rechargeSlipRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { DepositAdminService } from './deposit.admin';
import { sendSlip, slipResponses } from './slip-reply';

const tags = ['admin'];

/**
 * The console's review of bank-transfer recharges (packages/domain/src/contracts/admin-members.ts). Approve and
 * reject are the recharge:approve / recharge:reject commands' functions: one conditional UPDATE settles a
 * pending recharge, so a double click or two reviewers at once settle it once.
 */
export const depositConsoleRoutes: FastifyPluginAsyncZod<{ depositAdmin: DepositAdminService }> = async (
  app,
  { depositAdmin },
) => {
  const review = { onRequest: app.staffGuard(Permission.rechargeReview) };

  app.post(
    AdminMemberPaths.rechargeList,
    {
      ...review,
      schema: {
        tags,
        summary: '充值单列表',
        description:
          '最新的在前。status：pending 待确认、credited 已入账、rejected 已驳回、cancelled 已取消（不填为全部）；' +
          'keyword：会员用户名（不区分大小写）或充值单号。amount 为元。',
        security: staffSecurity,
        body: adminRechargeListRequestSchema,
        response: responses(adminRechargeListResponseSchema),
      },
    },
    async (request) => ok(await depositAdmin.pageRecharges(request.body)),
  );

  app.post(
    AdminMemberPaths.rechargeApprove,
    {
      ...review,
      schema: {
        tags,
        summary: '确认银行转账到账并入账',
        description:
          '待确认的银行转账记入会员余额，会员收到消息。creditedAmount 为实际到账金额（充值单币种，单位为元，大于0、最多两位小数，' +
          '不填为申请金额）；与申请金额不同时须填 note（最多100字），会员在消息中看到申请、到账、入账金额与备注。' +
          '已入账的再次确认不重复入账（changed 为 false）；已驳回、已取消或在线充值返回 ParamsError。',
        security: staffSecurity,
        body: rechargeApproveRequestSchema,
        response: responses(rechargeReviewResponseSchema),
      },
    },
    async (request) => ok(await depositAdmin.approve(staffActor(request), request.body)),
  );

  app.post(
    AdminMemberPaths.rechargeReject,
    {
      ...review,
      schema: {
        tags,
        summary: '驳回银行转账充值',
        description:
          '待确认的银行转账驳回，会员在充值记录和消息中看到原因。已驳回的再次驳回不改变（changed 为 false）；已入账的返回 ParamsError。',
        security: staffSecurity,
        body: rechargeRejectRequestSchema,
        response: responses(rechargeReviewResponseSchema),
      },
    },
    async (request) => ok(await depositAdmin.reject(staffActor(request), request.body)),
  );

  app.post(
    AdminMemberPaths.rechargeSlip,
    {
      ...review,
      schema: {
        tags,
        summary: '查看转账凭证',
        description: '会员为银行转账上传的转账凭证，返回图片本身（不是 JSON）；未上传的返回 404。',
        security: staffSecurity,
        body: rechargeSlipRequestSchema,
        response: slipResponses,
      },
    },
    async (request, reply) => sendSlip(reply, await depositAdmin.slip(request.body.rechargeNo)),
  );
};
