import { AdminOrderPaths, dashboardResponseSchema, emptyRequestSchema, Permission } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffSecurity } from '../../plugins/staff-auth';
import type { DashboardService } from './dashboard.service';

/** The console's 工作台 (every role). */
export const dashboardConsoleRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.post(
    AdminOrderPaths.dashboard,
    {
      onRequest: app.staffGuard(Permission.dashboardRead),
      schema: {
        tags: ['admin'],
        summary: '工作台',
        description:
          '今日与本周（北京时间，周一起）的订单数和已付款金额（按订单币种分澳币、人民币，分为单位）；待办：' +
          '待推送的已付款订单、待发货包裹、待客服回复的工单、待审核的银行转账充值、库存不多于5件的按库存销售SKU。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(dashboardResponseSchema),
      },
    },
    async () => ok(await dashboard.overview()),
  );
};
