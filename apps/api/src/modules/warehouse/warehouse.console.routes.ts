import {
  AdminWarehousePaths,
  adminWarehouseIdRequestSchema,
  adminWarehouseListResponseSchema,
  adminWarehousePickupRequestSchema,
  adminWarehouseSchema,
  emptyRequestSchema,
  Permission,
  type Warehouse,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { WarehouseService } from './warehouse.service';

const tags = ['admin'];

/** The console's 仓库 (catalogue.edit; contracts/admin-goods.ts): pickup desks, as warehouse:pickup. */
export const warehouseConsoleRoutes: FastifyPluginAsyncZod<{ warehouses: WarehouseService }> = async (
  app,
  { warehouses },
) => {
  const edit = { onRequest: app.staffGuard(Permission.catalogueEdit) };

  app.post(
    AdminWarehousePaths.list,
    {
      ...edit,
      schema: {
        tags,
        summary: '仓库与自提点',
        description: '九个仓库，各自的自提点（开放或关闭；从未设置为 null）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminWarehouseListResponseSchema),
      },
    },
    async () => ok({ items: await warehouses.list() }),
  );

  const viewOf = async (id: number) => {
    const found = (await warehouses.list()).find((w) => w.id === id);
    if (!found) throw new Error(`unknown warehouse ${id}`);
    return found;
  };

  app.post(
    AdminWarehousePaths.pickup,
    {
      ...edit,
      schema: {
        tags,
        summary: '开放或修改自提点',
        description:
          '地址与营业时间必填；结算只在每个包裹的仓库都开放自提时提供到仓自提，订单保存当时的地址与时间。',
        security: staffSecurity,
        body: adminWarehousePickupRequestSchema,
        response: responses(adminWarehouseSchema),
      },
    },
    async (request) => {
      const { warehouse, ...pickup } = request.body;
      await warehouses.setPickup(warehouse as Warehouse, pickup, staffActor(request));
      return ok(await viewOf(warehouse), '自提点已开放');
    },
  );

  app.post(
    AdminWarehousePaths.pickupOff,
    {
      ...edit,
      schema: {
        tags,
        summary: '关闭自提点',
        description: '关闭后结算不再提供该仓库的到仓自提；地址保留，再次开放时可沿用。',
        security: staffSecurity,
        body: adminWarehouseIdRequestSchema,
        response: responses(adminWarehouseSchema),
      },
    },
    async (request) =>
      ok(
        await warehouses.disablePickup(request.body.warehouse as Warehouse, staffActor(request)),
        '自提点已关闭',
      ),
  );
};
