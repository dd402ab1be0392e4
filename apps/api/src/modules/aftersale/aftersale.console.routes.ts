import {
  AdminAfterSalePaths,
  adminAfterSaleListRequestSchema,
  adminAfterSaleListResponseSchema,
  adminAfterSaleSettingsSaveRequestSchema,
  adminAfterSaleSettingsSchema,
  emptyRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { AfterSaleService } from './aftersale.service';

const tags = ['admin'];

/** The console's 售后 queue and settings (issue #39; service and finance, aftersale.handle). */
export const afterSaleConsoleRoutes: FastifyPluginAsyncZod<{ afterSales: AfterSaleService }> = async (
  app,
  { afterSales },
) => {
  const guard = { onRequest: app.staffGuard(Permission.afterSaleHandle) };

  app.post(
    AdminAfterSalePaths.list,
    {
      ...guard,
      schema: {
        tags,
        summary: '售后列表',
        description:
          '所有会员的售后单，默认处理中的，可按状态、类型、售后单号、订单号或会员用户名查找；counts 为各处理中状态的数量。',
        security: staffSecurity,
        body: adminAfterSaleListRequestSchema,
        response: responses(adminAfterSaleListResponseSchema),
      },
    },
    async (request) => ok(await afterSales.adminList(request.body)),
  );

  app.post(
    AdminAfterSalePaths.settings,
    {
      ...guard,
      schema: {
        tags,
        summary: '售后设置',
        description: '订单完成后可申请售后的天数、默认退货地址，以及可选的快递公司。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminAfterSaleSettingsSchema),
      },
    },
    async () => ok(await afterSales.settings()),
  );

  app.post(
    AdminAfterSalePaths.settingsSave,
    {
      ...guard,
      schema: {
        tags,
        summary: '保存售后设置',
        security: staffSecurity,
        body: adminAfterSaleSettingsSaveRequestSchema,
        response: responses(adminAfterSaleSettingsSchema),
      },
    },
    async (request) => ok(await afterSales.saveSettings(staffActor(request), request.body), '售后设置已保存'),
  );
};
