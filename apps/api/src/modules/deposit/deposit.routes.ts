import {
  bankTransferRequestSchema,
  cancelBankTransferRequestSchema,
  DepositPaths,
  depositLogListRequestSchema,
  depositLogListResponseSchema,
  rechargeListRequestSchema,
  rechargeListResponseSchema,
  rechargeSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import { DepositMessages, type DepositService, MAX_PENDING_BANK_TRANSFERS } from './deposit.service';

const bearer = [{ bearerAuth: [] }];

/** The log's paging, form-encoded or JSON; any other field is refused (CONVENTIONS.md 'Errors and bad input'). */
const logListBodySchema = z.strictObject(depositLogListRequestSchema.shape);

/**
 * The member's deposit calls (spec §7 'Member' memberDepositLog/list/) and the recharges of /member/recharge;
 * paying an order from the deposit is a workflow with routes of its own. Every call needs login and touches only the caller's deposit and orders.
 * Handlers only translate HTTP to service calls.
 */
export const depositRoutes: FastifyPluginAsyncZod<{ deposits: DepositService }> = async (
  app,
  { deposits },
) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { onRequest: app.authenticate };

  app.post(
    DepositPaths.logList,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '余额明细',
        description:
          '表单（application/x-www-form-urlencoded）或 JSON：pageNo、pageSize（默认 1、15，最多 50）。最新的在前；' +
          'amount 为带符号金额（元，收入为正、支出为负），balanceAfter 为变动后余额；订单相关的记录带 orderNo。',
        security: bearer,
        body: logListBodySchema,
        response: responses(depositLogListResponseSchema),
      },
    },
    async (request) => ok(await deposits.logList(requireMember(request), request.body)),
  );

  app.post(
    DepositPaths.bankTransfer,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '银行转账充值',
        description:
          `登记一笔已完成的银行转账（币种、金额、付款人或流水号），待管理员核对到账后入账。` +
          `每位会员最多 ${MAX_PENDING_BANK_TRANSFERS} 笔待确认。`,
        security: bearer,
        body: bankTransferRequestSchema,
        response: responses(rechargeSchema),
      },
    },
    async (request) =>
      ok(
        await deposits.bankTransfer(requireMember(request), request.body),
        DepositMessages.bankTransferSubmitted,
      ),
  );

  app.post(
    DepositPaths.cancelBankTransfer,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '撤销银行转账充值',
        description:
          '撤销自己一笔待确认的银行转账登记（状态变为已取消）。与管理员审核互斥：已入账的不能撤销，已驳回的无需撤销；' +
          '已撤销的再次撤销原样返回；在线充值不能撤销；他人的或不存在的返回 404。',
        security: bearer,
        body: cancelBankTransferRequestSchema,
        response: responses(rechargeSchema),
      },
    },
    async (request) =>
      ok(
        await deposits.cancelBankTransfer(requireMember(request), request.body.rechargeNo),
        DepositMessages.bankTransferCancelled,
      ),
  );

  app.post(
    DepositPaths.rechargeList,
    {
      ...member,
      schema: {
        tags: ['member'],
        summary: '充值记录',
        description: '银行转账与在线充值，最新的在前，带类型与状态（待确认、已到账、已驳回、已取消）。',
        security: bearer,
        body: rechargeListRequestSchema,
        response: responses(rechargeListResponseSchema),
      },
    },
    async (request) => ok(await deposits.rechargeList(requireMember(request), request.body)),
  );
};
