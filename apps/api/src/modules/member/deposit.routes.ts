import {
  bankTransferRequestSchema,
  DepositPaths,
  depositLogListRequestSchema,
  depositLogListResponseSchema,
  PAY_SUCCESS_MESSAGE,
  PaymentPaths,
  payByDepositRequestSchema,
  payByDepositResponseSchema,
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
 * The member's deposit calls (spec §7 'Payment' payByDeposit/, 'Member' memberDepositLog/list/) and the
 * recharges of /member/recharge. Every call needs login and touches only the caller's deposit and orders.
 * Handlers only translate HTTP to service calls.
 */
export const depositRoutes: FastifyPluginAsyncZod<{ deposits: DepositService }> = async (
  app,
  { deposits },
) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { preValidation: app.authenticate };

  app.post(
    PaymentPaths.payByDeposit,
    {
      ...member,
      schema: {
        tags: ['payment'],
        summary: '余额支付订单',
        description:
          '从人民币（DepositPay）或澳币（DepositPayAUD）余额支付自己的待付款订单。deposit 为会员确认的应付金额（元），' +
          '须等于订单总额按当前汇率换算成所选币种后的金额，否则返回「应付金额已变化，请刷新后重试」及 data.price。' +
          '余额不足时不扣款；已付款的订单再次支付返回「订单已支付，请勿重复付款」。balance 为支付后该币种余额。',
        security: bearer,
        body: payByDepositRequestSchema,
        response: responses(payByDepositResponseSchema),
      },
    },
    async (request) =>
      ok(await deposits.payByDeposit(requireMember(request), request.body), PAY_SUCCESS_MESSAGE),
  );

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
