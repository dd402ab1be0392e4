import {
  AdminOrderPaths,
  AdminReportPaths,
  dashboardChartsRequestSchema,
  dashboardChartsSchema,
  dashboardResponseSchema,
  emptyRequestSchema,
  Permission,
} from '@shop/domain';
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
          '今日与本周（商城时区，周一起）的订单数和已付款金额（按订单币种分澳币、人民币，分为单位）；待办：' +
          '待推送的已付款订单、待发货包裹、待客服回复的工单、待审核的银行转账充值、库存不多于5件的按库存销售SKU。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(dashboardResponseSchema),
      },
    },
    async () => ok(await dashboard.overview()),
  );

  app.post(
    AdminReportPaths.charts,
    {
      onRequest: app.staffGuard(Permission.dashboardRead),
      schema: {
        tags: ['admin'],
        summary: '工作台图表',
        description:
          '最近 30 或 90 个自然日（商城时区 SHOP_TIME_ZONE）的每日已付款订单与金额（分澳币、人民币）、各状态订单数、' +
          '销量前十的 SKU、每日新会员，以及等待客服回复的工单按等待时长分组。',
        security: staffSecurity,
        body: dashboardChartsRequestSchema,
        response: responses(dashboardChartsSchema),
      },
    },
    async (request) => ok(await dashboard.charts(request.body.days)),
  );
};
