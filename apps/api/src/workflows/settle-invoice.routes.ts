import {
  StatementPaths,
  statementPayByDepositRequestSchema,
  statementPayByDepositResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { SettleInvoiceFlow } from './settle-invoice';

/** A company admin pays an account invoice from their deposit (login required). */
export const settleInvoiceRoutes: FastifyPluginAsyncZod<{ flow: SettleInvoiceFlow }> = async (
  app,
  { flow },
) => {
  app.post(
    StatementPaths.payByDeposit,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['company'],
        summary: '余额还款',
        description:
          '公司管理员用自己在账单币种的余额支付账单的全部或部分：余额不足或超过账单未付金额时不扣款；' +
          '其他角色返回 4030，其他公司的账单返回「账单不存在或不属于您的公司」。',
        security: [{ bearerAuth: [] }],
        body: statementPayByDepositRequestSchema,
        response: responses(statementPayByDepositResponseSchema),
      },
    },
    async (request) =>
      ok(await flow.payByDeposit(requireMember(request).memberId, request.body, request.ip), '已用余额还款'),
  );
};
