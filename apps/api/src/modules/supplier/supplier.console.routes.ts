import {
  AdminSupplierPaths,
  adminSupplierDetailSchema,
  adminSupplierIdRequestSchema,
  adminSupplierListRequestSchema,
  adminSupplierListResponseSchema,
  adminSupplierNoteRequestSchema,
  adminSupplierNoteResponseSchema,
  Permission,
  SUPPLIER_NOTE_MAX,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { SupplierService } from './supplier.service';

const tags = ['admin'];

/** The console's 供应商申请 (packages/domain/src/contracts/admin-supplier.ts), all behind supplier.manage. */
export const supplierConsoleRoutes: FastifyPluginAsyncZod<{ supplier: SupplierService }> = async (
  app,
  { supplier },
) => {
  const guard = { onRequest: app.staffGuard(Permission.supplierManage) };

  app.post(
    AdminSupplierPaths.list,
    {
      ...guard,
      schema: {
        tags,
        summary: '供应商申请列表',
        description:
          '最新提交的在前。status 为 new（新申请）、contacted（已联系）、accepted（已合作）、declined（已婉拒）；' +
          'keyword 匹配公司、联系人、电话或邮箱的一部分（不区分大小写）。statusCounts 为同一关键词下各状态的数量。',
        security: staffSecurity,
        body: adminSupplierListRequestSchema,
        response: responses(adminSupplierListResponseSchema),
      },
    },
    async (request) => ok(await supplier.list(request.body)),
  );

  app.post(
    AdminSupplierPaths.detail,
    {
      ...guard,
      schema: {
        tags,
        summary: '供应商申请详情',
        description: '申请的全部内容与联系记录（最早的在前）；不存在时返回 404。',
        security: staffSecurity,
        body: adminSupplierIdRequestSchema,
        response: responses(adminSupplierDetailSchema),
      },
    },
    async (request) => ok(await supplier.show(request.body.id)),
  );

  app.post(
    AdminSupplierPaths.note,
    {
      ...guard,
      schema: {
        tags,
        summary: '添加联系记录或更改状态',
        description:
          `note 为联系记录（最多${SUPPLIER_NOTE_MAX}个字符），status 为新状态，至少填一项。` +
          '每次记入联系记录（不覆盖以前的记录）并写入操作日志；状态未变且没有记录时不改变（entry 为 null）。',
        security: staffSecurity,
        body: adminSupplierNoteRequestSchema,
        response: responses(adminSupplierNoteResponseSchema),
      },
    },
    async (request) => {
      const result = await supplier.addNote(staffActor(request), request.body);
      return ok(result, result.entry ? '已保存' : '状态未改变');
    },
  );
};
