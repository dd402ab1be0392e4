import {
  AdminStockPaths,
  adminStockAdjustRequestSchema,
  adminStockAdjustResponseSchema,
  adminStockLedgerRequestSchema,
  adminStockLedgerResponseSchema,
  adminStockListRequestSchema,
  adminStockListResponseSchema,
  adminStockRowSchema,
  adminStockThresholdRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { InventoryService } from './inventory.service';

const tags = ['admin'];

/** The console's stock (库存, stock.adjust; contracts/admin-stock.ts): the same functions as goods:stock. */
export const inventoryConsoleRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (
  app,
  { inventory },
) => {
  const guard = { onRequest: app.staffGuard(Permission.stockAdjust) };

  app.post(
    AdminStockPaths.list,
    {
      ...guard,
      schema: {
        tags,
        summary: '库存列表',
        description:
          'keyword 匹配商品名称或 SKU 编码的一部分；warehouse 为仓库编号；low 为 true 时只列按库存销售、库存不高于各自提醒线（默认 5 件）的 SKU，最少的在前。',
        security: staffSecurity,
        body: adminStockListRequestSchema,
        response: responses(adminStockListResponseSchema),
      },
    },
    async (request) => ok(await inventory.stockList(request.body)),
  );

  app.post(
    AdminStockPaths.adjust,
    {
      ...guard,
      schema: {
        tags,
        summary: '调整库存',
        description:
          'mode 为 set（设为）、add（增加）或 sub（减少），库存不能小于0；reason 必填，记入库存流水与操作日志。' +
          'requestId 由页面每次调整生成：重试或重复点击带同一 requestId 时只调整一次，返回第一次的结果。',
        security: staffSecurity,
        body: adminStockAdjustRequestSchema,
        response: responses(adminStockAdjustResponseSchema),
      },
    },
    async (request) => {
      const { skuCode, mode, amount, reason, requestId } = request.body;
      const change = mode === 'set' ? { set: amount } : { add: mode === 'add' ? amount : -amount };
      const result = await inventory.changeStock(skuCode, change, {
        by: staffActor(request),
        reason,
        requestId,
      });
      return ok(
        result,
        result.changed ? `库存已调整：${result.previous} → ${result.stock}` : '该调整已完成，未重复调整',
      );
    },
  );

  app.post(
    AdminStockPaths.ledger,
    {
      ...guard,
      schema: {
        tags,
        summary: '库存流水',
        description:
          '一个 SKU 的手工库存调整（谁、何时、调整前后、原因），最新的在前；订单占用的库存不在此列。',
        security: staffSecurity,
        body: adminStockLedgerRequestSchema,
        response: responses(adminStockLedgerResponseSchema),
      },
    },
    async (request) => ok(await inventory.stockLedger(request.body)),
  );

  app.post(
    AdminStockPaths.threshold,
    {
      ...guard,
      schema: {
        tags,
        summary: '设置低库存提醒线',
        description:
          '按库存销售的 SKU 降到提醒线（含）以下时，仓库人员收到一次提醒（每分钟检查；补货回到线上后再降时再提醒）。' +
          'lowStockAt 为件数 0–99999，null 恢复为默认（5 件）。记入操作日志。',
        security: staffSecurity,
        body: adminStockThresholdRequestSchema,
        response: responses(adminStockRowSchema),
      },
    },
    async (request) => ok(await inventory.setLowStockLine(staffActor(request), request.body), '提醒线已保存'),
  );
};
