import {
  PAY_SUCCESS_MESSAGE,
  PaymentPaths,
  payByDepositRequestSchema,
  payByDepositResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { PayByDepositFlow } from './pay-by-deposit';

const bearer = [{ bearerAuth: [] }];

/** Paying an order from the deposit (spec §7 memberdeposit/payByDeposit/, login required). */
export const payByDepositRoutes: FastifyPluginAsyncZod<{ flow: PayByDepositFlow }> = async (
  app,
  { flow },
) => {
  const member = { onRequest: app.authenticate };

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
    async (request) => ok(await flow.payByDeposit(requireMember(request), request.body), PAY_SUCCESS_MESSAGE),
  );
};
