import {
  AdminCompanyPaths,
  adminCompanyCreateRequestSchema,
  adminCompanyLevelRequestSchema,
  adminCompanyListRequestSchema,
  adminCompanyListResponseSchema,
  adminCompanySchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { CompanyAdminService } from './company.admin';

const tags = ['admin'];

/** The console's 公司 (issue #38): found with member.read; made and re-levelled with member.level. */
export const companyConsoleRoutes: FastifyPluginAsyncZod<{ companies: CompanyAdminService }> = async (
  app,
  { companies },
) => {
  app.post(
    AdminCompanyPaths.list,
    {
      onRequest: app.staffGuard(Permission.memberRead),
      schema: {
        tags,
        summary: '公司列表',
        description: '按名称或税号查找公司，最新的在前；每家公司的成员数与管理员。',
        security: staffSecurity,
        body: adminCompanyListRequestSchema,
        response: responses(adminCompanyListResponseSchema),
      },
    },
    async (request) => ok(await companies.list(request.body)),
  );

  app.post(
    AdminCompanyPaths.create,
    {
      onRequest: app.staffGuard(Permission.memberLevel),
      schema: {
        tags,
        summary: '新建公司',
        description: '为一位会员新建公司并指定价格等级，该会员成为公司管理员；已属于一家公司的会员不能。',
        security: staffSecurity,
        body: adminCompanyCreateRequestSchema,
        response: responses(adminCompanySchema),
      },
    },
    async (request) => ok(await companies.create(request.body, staffActor(request)), '公司已创建'),
  );

  app.post(
    AdminCompanyPaths.level,
    {
      onRequest: app.staffGuard(Permission.memberLevel),
      schema: {
        tags,
        summary: '调整公司价格等级',
        description: '公司所有成员下一次请求起按该等级计价。',
        security: staffSecurity,
        body: adminCompanyLevelRequestSchema,
        response: responses(adminCompanySchema),
      },
    },
    async (request) =>
      ok(
        await companies.setLevel(request.body.id, request.body.level, staffActor(request)),
        '公司价格等级已调整',
      ),
  );
};
