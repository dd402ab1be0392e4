import {
  COMPANY_INVITE_DAYS,
  CompanyMessages,
  CompanyPaths,
  companyAcceptRequestSchema,
  companyCreateRequestSchema,
  companyDetailSchema,
  companyEmptyRequestSchema,
  companyInviteRequestSchema,
  companyInviteSchema,
  companyMembersResponseSchema,
  companyRemoveRequestSchema,
  companySetLimitRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import type { CompanyService } from './company.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['company'];
const adminOnly = '只有公司管理员可以调用（其他角色返回 4030，HTTP 403）。';

/**
 * A member's company (issue #38 part 1, docs/decisions/055): login required; each call reads the caller's
 * membership afresh, so a removed member is refused at once.
 */
export const companyRoutes: FastifyPluginAsyncZod<{ companies: CompanyService }> = async (
  app,
  { companies },
) => {
  const member = { onRequest: app.authenticate };
  const id = (request: Parameters<typeof requireMember>[0]) => requireMember(request).memberId;

  app.post(
    CompanyPaths.create,
    {
      ...member,
      schema: {
        tags,
        summary: '创建公司',
        description:
          '会员创建公司并成为其管理员；已属于一家公司的会员不能再创建。税号为 ABN（11位）或纳税人识别号。',
        security: bearer,
        body: companyCreateRequestSchema,
        response: responses(companyDetailSchema),
      },
    },
    async (request) =>
      ok(await companies.create(id(request), request.body, request.ip), CompanyMessages.created),
  );

  app.post(
    CompanyPaths.detail,
    {
      ...member,
      schema: {
        tags,
        summary: '我的公司',
        description:
          '会员所属的公司与角色（没有时为 null），采购员自己的额度，以及发给其已验证手机号或邮箱的待接受邀请。',
        security: bearer,
        body: companyEmptyRequestSchema.optional(),
        response: responses(companyDetailSchema),
      },
    },
    async (request) => ok(await companies.detail(id(request))),
  );

  app.post(
    CompanyPaths.invite,
    {
      ...member,
      schema: {
        tags,
        summary: '邀请成员',
        description: `按手机号（+86/+61）或邮箱邀请成员并指定角色，${COMPANY_INVITE_DAYS} 天内有效；同一联系人的旧邀请被替换。受邀者须在自己的账户中验证该手机号或邮箱后接受。${adminOnly}`,
        security: bearer,
        body: companyInviteRequestSchema,
        response: responses(companyInviteSchema),
      },
    },
    async (request) =>
      ok(await companies.invite(id(request), request.body, request.ip), CompanyMessages.invited),
  );

  app.post(
    CompanyPaths.accept,
    {
      ...member,
      schema: {
        tags,
        summary: '接受邀请',
        description:
          '接受发给自己已验证手机号或邮箱的邀请，以邀请的角色加入公司；一个邀请只能接受一次，他人的邀请与不存在的一样返回 404。',
        security: bearer,
        body: companyAcceptRequestSchema,
        response: responses(companyDetailSchema),
      },
    },
    async (request) =>
      ok(await companies.accept(id(request), request.body.id, request.ip), CompanyMessages.accepted),
  );

  app.post(
    CompanyPaths.members,
    {
      ...member,
      schema: {
        tags,
        summary: '公司成员',
        description: '公司的成员（管理员在前）；管理员另见各采购员的额度与未接受的邀请。',
        security: bearer,
        body: companyEmptyRequestSchema.optional(),
        response: responses(companyMembersResponseSchema),
      },
    },
    async (request) => ok(await companies.members(id(request))),
  );

  app.post(
    CompanyPaths.setLimit,
    {
      ...member,
      schema: {
        tags,
        summary: '设置成员角色与采购额度',
        description: `设置成员的角色，以及采购员每种币种的单笔与每月额度（null 为不限）。公司至少保留一位管理员。${adminOnly}`,
        security: bearer,
        body: companySetLimitRequestSchema,
        response: responses(companyMembersResponseSchema),
      },
    },
    async (request) =>
      ok(await companies.setLimit(id(request), request.body, request.ip), CompanyMessages.limitsSaved),
  );

  app.post(
    CompanyPaths.remove,
    {
      ...member,
      schema: {
        tags,
        summary: '移除成员或撤销邀请',
        description: `移除另一位成员（memberId，立即失去公司的访问权限），或撤销未接受的邀请（inviteId）。${adminOnly}`,
        security: bearer,
        body: companyRemoveRequestSchema,
        response: responses(companyMembersResponseSchema),
      },
    },
    async (request) => {
      const { memberId, inviteId } = request.body;
      const result = await companies.remove(id(request), { memberId, inviteId }, request.ip);
      return ok(result, inviteId === undefined ? CompanyMessages.removed : CompanyMessages.inviteRevoked);
    },
  );

  app.post(
    CompanyPaths.leave,
    {
      ...member,
      schema: {
        tags,
        summary: '退出公司',
        description: '会员退出所属公司；最后一位管理员在还有其他成员时不能退出。自己下的订单仍可查看。',
        security: bearer,
        body: companyEmptyRequestSchema.optional(),
        response: responses(companyDetailSchema),
      },
    },
    async (request) => ok(await companies.leave(id(request), request.ip), CompanyMessages.left),
  );
};
