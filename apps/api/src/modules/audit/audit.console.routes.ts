import { AdminPaths, auditListRequestSchema, auditListResponseSchema, Permission } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffSecurity } from '../../plugins/staff-auth';
import type { AuditService } from './audit.service';

/** The console's audit log (owner only). */
export const auditConsoleRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.post(
    AdminPaths.auditList,
    {
      onRequest: app.staffGuard(Permission.auditRead),
      schema: {
        tags: ['admin'],
        summary: '操作日志',
        description:
          '按时间倒序。action 含点时精确匹配（staff.create），不含点时匹配该类对象的全部操作（staff → staff.*）；' +
          'from、to 为北京时间的日期（含当天）。',
        security: staffSecurity,
        body: auditListRequestSchema,
        response: responses(auditListResponseSchema),
      },
    },
    async (request) => ok(await audit.list(request.body)),
  );
};
