import {
  AdminMemberPaths,
  adminDepositLogRequestSchema,
  adminDepositLogResponseSchema,
  adminMemberDetailResponseSchema,
  adminMemberIdRequestSchema,
  adminMemberListRequestSchema,
  adminMemberListResponseSchema,
  DepositLogType,
  depositAdjustRequestSchema,
  depositAdjustResponseSchema,
  memberLevelRequestSchema,
  memberLevelResponseSchema,
  memberResetPasswordRequestSchema,
  memberResetPasswordResponseSchema,
  Permission,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../lib/audit';
import { ok, responses } from '../lib/envelope';
import type { DepositAdminService } from '../modules/deposit';
import type { MemberAdminService } from '../modules/member';
import { staffActor, staffSecurity } from '../plugins/staff-auth';
import type { MemberConsoleFlow } from './member-page';

const tags = ['admin'];

export const MemberConsoleMessages = {
  codeSent: '重置验证码已发送给会员',
  linkMade: '已生成一次性重置链接，请转交会员',
} as const;

/** The member:level workflow (member-level.ts) as these routes use it; workflows do not import each other. */
interface LevelChanger {
  setLevel(
    by: AuditActor,
    input: { id: number; level: number; note?: string | undefined },
  ): Promise<{ before: number; after: number; changed: boolean }>;
}

/**
 * The console's members (会员; packages/domain/src/contracts/admin-members.ts): search, a member's page and
 * deposit log (member.read), the level (member.level, the member:level workflow) and cash or gifts to the
 * deposit (deposit.adjust, the deposit:cash / deposit:gift function, once per requestId), and a password reset
 * (member.password).
 */
export const memberConsoleRoutes: FastifyPluginAsyncZod<{
  memberAdmin: MemberAdminService;
  memberConsole: MemberConsoleFlow;
  memberLevel: LevelChanger;
  depositAdmin: DepositAdminService;
}> = async (app, { memberAdmin, memberConsole, memberLevel, depositAdmin }) => {
  const read = { onRequest: app.staffGuard(Permission.memberRead) };

  app.post(
    AdminMemberPaths.memberList,
    {
      ...read,
      schema: {
        tags,
        summary: '会员列表',
        description:
          '最新注册的在前。keyword 匹配用户名、姓名、电话、邮箱或公司的一部分（不区分大小写）；level 为会员等级。余额为元。',
        security: staffSecurity,
        body: adminMemberListRequestSchema,
        response: responses(adminMemberListResponseSchema),
      },
    },
    async (request) => ok(await memberAdmin.list(request.body)),
  );

  app.post(
    AdminMemberPaths.memberDetail,
    {
      ...read,
      schema: {
        tags,
        summary: '会员详情',
        description:
          '资料、等级、注册与最近登录时间、余额，以及最近10个订单和工单（orderCount、ticketCount 为总数）。',
        security: staffSecurity,
        body: adminMemberIdRequestSchema,
        response: responses(adminMemberDetailResponseSchema),
      },
    },
    async (request) => ok(await memberConsole.detail(request.body.id)),
  );

  app.post(
    AdminMemberPaths.memberDepositLog,
    {
      ...read,
      schema: {
        tags,
        summary: '会员余额明细',
        description: '最新的在前；amount 为带符号金额（元），operator 为手工入账的员工。',
        security: staffSecurity,
        body: adminDepositLogRequestSchema,
        response: responses(adminDepositLogResponseSchema),
      },
    },
    async (request) => ok(await depositAdmin.logPage(request.body)),
  );

  app.post(
    AdminMemberPaths.memberLevel,
    {
      onRequest: app.staffGuard(Permission.memberLevel),
      schema: {
        tags,
        summary: '调整会员等级',
        description:
          '等级改变时会员收到消息（note 附在消息后）并记入操作日志；与原等级相同时 changed 为 false。',
        security: staffSecurity,
        body: memberLevelRequestSchema,
        response: responses(memberLevelResponseSchema),
      },
    },
    async (request) => {
      const { id, level, note } = request.body;
      const result = await memberLevel.setLevel(staffActor(request), { id, level, note });
      return ok({ before: result.before, after: result.after, changed: result.changed });
    },
  );

  app.post(
    AdminMemberPaths.depositAdjust,
    {
      onRequest: app.staffGuard(Permission.depositAdjust),
      schema: {
        tags,
        summary: '现金充值或赠送余额',
        description:
          'kind：cash 现金充值、gift 系统赠送；amount 为元（最多两位小数）。同一 requestId 只入账一次：' +
          '重复提交返回第一次的结果，changed 为 false。会员收到消息，记入操作日志。',
        security: staffSecurity,
        body: depositAdjustRequestSchema,
        response: responses(depositAdjustResponseSchema),
      },
    },
    async (request) => {
      const { memberId, kind, currency, amount, note, requestId } = request.body;
      const result = await depositAdmin.credit(staffActor(request), {
        memberId,
        type: kind === 'cash' ? DepositLogType.CashRecharge : DepositLogType.SystemGift,
        currency,
        amount: toMinor(amount),
        note,
        requestId,
      });
      return ok({
        changed: result.changed,
        currency,
        amount,
        balanceAfter: toMajor(result.balanceAfter),
      });
    },
  );

  app.post(
    AdminMemberPaths.memberResetPassword,
    {
      onRequest: app.staffGuard(Permission.memberPassword),
      schema: {
        tags,
        summary: '重置会员密码',
        description:
          '员工不会看到或设置会员的密码。会员有已验证的手机号（优先）或邮箱时，按商城「忘记密码」发送重置验证码' +
          '（channel 为 sms 或 email，sentTo 为脱敏的号码或邮箱）；都没有时返回一次性链接（channel 为 link，' +
          '30 分钟内有效，只能使用一次，请转交会员），会员用它自行设置新密码。会员设置新密码前原密码和登录仍然有效。' +
          '记入操作日志（谁、哪位会员、哪个渠道；不含验证码或链接）。',
        security: staffSecurity,
        body: memberResetPasswordRequestSchema,
        response: responses(memberResetPasswordResponseSchema),
      },
    },
    async (request) => {
      const result = await memberAdmin.resetPassword(staffActor(request), request.body.id);
      return ok(
        result,
        result.channel === 'link' ? MemberConsoleMessages.linkMade : MemberConsoleMessages.codeSent,
      );
    },
  );
};
