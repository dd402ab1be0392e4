import {
  PAY_SUCCESS_MESSAGE,
  PaymentPaths,
  payOnAccountRequestSchema,
  payOnAccountResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { PayOnAccountFlow } from './pay-on-account';

const bearer = [{ bearerAuth: [] }];

/** Paying an order on account (issue #38 Contract: payOnAccount/ { orderId }, login required). */
export const payOnAccountRoutes: FastifyPluginAsyncZod<{ flow: PayOnAccountFlow }> = async (
  app,
  { flow },
) => {
  app.post(
    PaymentPaths.payOnAccount,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payment'],
        summary: '账期支付订单',
        description:
          '公司管理员或采购员用公司账期支付自己为本公司下的待付款订单：按订单币种占用额度，订单变为已付款（60）并发货，' +
          '账单按账期到期。额度不足、未开通账期或有逾期账单时不占用额度并说明原因；只读成员返回 4030。',
        security: bearer,
        body: payOnAccountRequestSchema,
        response: responses(payOnAccountResponseSchema),
      },
    },
    async (request) =>
      ok(
        await flow.payOnAccount(requireMember(request), request.body.orderId, request.ip),
        PAY_SUCCESS_MESSAGE,
      ),
  );
};
