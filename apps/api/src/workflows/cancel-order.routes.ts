import { OrderPaths, orderIdRequestSchema, orderStateResponseSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { OrderMessages } from '../modules/order';
import { requireMember } from '../plugins/auth';
import type { CancelOrderFlow } from './cancel-order';

const bearer = [{ bearerAuth: [] }];

/** The member's cancel before payment (spec §7 cancel/, login required). The handler only translates HTTP. */
export const cancelOrderRoutes: FastifyPluginAsyncZod<{ flow: CancelOrderFlow }> = async (app, { flow }) => {
  const member = { onRequest: app.authenticate };

  app.post(
    OrderPaths.cancel,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '取消订单',
        description:
          '仅限付款前（待确认、待付款）；订单与各包裹变为已取消，预留库存退回。重复取消不再退库存，返回 changed=false；' +
          '已付款的订单返回「订单已付款，无法取消」。',
        security: bearer,
        body: orderIdRequestSchema,
        response: responses(orderStateResponseSchema),
      },
    },
    async (request) =>
      ok(await flow.cancel(requireMember(request), request.body.id), OrderMessages.cancelled),
  );
};
