import {
  AdminPaths,
  emptyRequestSchema,
  Permission,
  type StaffRole,
  staffAccountSchema,
  staffChangePasswordRequestSchema,
  staffCreateRequestSchema,
  staffIdRequestSchema,
  staffListResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffResetPasswordRequestSchema,
  staffSessionSchema,
  staffUpdateRequestSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { requireStaff, StaffGate, staffActor, staffSecurity } from '../../plugins/staff-auth';
import { StaffMessages, type StaffService } from './staff.service';

const tags = ['admin'];
const bothGates = [StaffGate.passwordChange, StaffGate.totpSetup] as const;

/** The console's sign-in, session and staff-account calls (packages/domain/src/contracts/staff.ts). */
export const staffConsoleRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.post(
    AdminPaths.login,
    {
      config: { staffPublic: true },
      schema: {
        tags,
        summary: '员工登录',
        description:
          '每次都须提交图片验证码（captchaId、captchaCode，来自 captcha/），缺少返回 SmsNeedImageVerify 403，错误返回 ImageVerifyFailed 404。' +
          '已启用两步验证的账号须提交 totpCode（身份验证器中的6位数字，每个只能用一次），缺少或错误返回 TwoFactorRequired 4031。' +
          '15分钟内同一账号超过10次或同一地址超过100次尝试返回 429。',
        body: staffLoginRequestSchema,
        response: responses(staffLoginResponseSchema),
      },
    },
    async (request) => ok(await staff.login(request.body, request.ip), StaffMessages.loggedIn),
  );

  app.post(
    AdminPaths.logout,
    {
      onRequest: app.staffSession(bothGates),
      schema: {
        tags,
        summary: '员工退出登录',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await staff.logout(requireStaff(request), staffActor(request));
      return ok(null, StaffMessages.loggedOut);
    },
  );

  app.post(
    AdminPaths.logoutAll,
    {
      onRequest: app.staffSession(bothGates),
      schema: {
        tags,
        summary: '在所有设备退出登录',
        description: '使该员工的全部令牌失效（包括当前令牌）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await staff.logoutAll(requireStaff(request), staffActor(request));
      return ok(null, StaffMessages.loggedOutAll);
    },
  );

  app.post(
    AdminPaths.current,
    {
      onRequest: app.staffSession(bothGates),
      schema: {
        tags,
        summary: '当前员工',
        description:
          '角色、权限列表，以及是否须先修改密码（mustChangePassword）或先设置两步验证（totpSetupRequired）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(staffSessionSchema),
      },
    },
    async (request) => ok(await staff.current(requireStaff(request))),
  );

  app.post(
    AdminPaths.changePassword,
    {
      onRequest: app.staffSession([StaffGate.passwordChange]),
      schema: {
        tags,
        summary: '修改自己的密码',
        description: '成功后该员工的其他令牌全部失效，当前令牌继续有效；店主重置密码后须先调用此接口。',
        security: staffSecurity,
        body: staffChangePasswordRequestSchema,
        response: responses(staffSessionSchema),
      },
    },
    async (request) =>
      ok(
        await staff.changePassword(requireStaff(request), request.body, staffActor(request)),
        StaffMessages.passwordChanged,
      ),
  );

  app.post(
    AdminPaths.totpSetup,
    {
      onRequest: app.staffSession([StaffGate.totpSetup]),
      schema: {
        tags,
        summary: '获取两步验证二维码',
        description:
          '生成新的密钥（尚未启用，须用 totp/enable/ 提交一个验证码确认）；已启用时拒绝，须店主重置。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(totpSetupResponseSchema),
      },
    },
    async (request) => ok(await staff.totpSetup(requireStaff(request), staffActor(request))),
  );

  app.post(
    AdminPaths.totpEnable,
    {
      onRequest: app.staffSession([StaffGate.totpSetup]),
      schema: {
        tags,
        summary: '启用两步验证',
        description: '提交身份验证器中的6位验证码；错误返回 TwoFactorRequired 4031。',
        security: staffSecurity,
        body: totpEnableRequestSchema,
        response: responses(staffSessionSchema),
      },
    },
    async (request) =>
      ok(
        await staff.totpEnable(requireStaff(request), request.body.code, staffActor(request)),
        StaffMessages.totpEnabled,
      ),
  );

  app.post(
    AdminPaths.staffList,
    {
      onRequest: app.staffGuard(Permission.staffManage),
      schema: {
        tags,
        summary: '员工账号列表',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(staffListResponseSchema),
      },
    },
    async () => ok({ items: await staff.list() }),
  );

  app.post(
    AdminPaths.staffCreate,
    {
      onRequest: app.staffGuard(Permission.staffManage),
      schema: {
        tags,
        summary: '新建员工账号',
        description: '新员工首次登录须修改密码；店主和财务须设置两步验证。',
        security: staffSecurity,
        body: staffCreateRequestSchema,
        response: responses(staffAccountSchema),
      },
    },
    async (request) =>
      ok(
        await staff.create(staffActor(request), {
          ...request.body,
          role: request.body.role as StaffRole,
        }),
        StaffMessages.created,
      ),
  );

  app.post(
    AdminPaths.staffUpdate,
    {
      onRequest: app.staffGuard(Permission.staffManage),
      schema: {
        tags,
        summary: '修改员工账号',
        description:
          '只修改给出的字段。最后一位启用中的店主不能被停用或改为其他角色；店主不能停用自己。改角色或停用会使该员工的令牌全部失效。',
        security: staffSecurity,
        body: staffUpdateRequestSchema,
        response: responses(staffAccountSchema),
      },
    },
    async (request) =>
      ok(
        await staff.update(staffActor(request), {
          ...request.body,
          role: request.body.role as StaffRole | undefined,
        }),
        StaffMessages.updated,
      ),
  );

  app.post(
    AdminPaths.staffResetPassword,
    {
      onRequest: app.staffGuard(Permission.staffManage),
      schema: {
        tags,
        summary: '重置员工密码',
        description: '该员工的令牌全部失效，下次登录须修改密码。',
        security: staffSecurity,
        body: staffResetPasswordRequestSchema,
        response: responses(staffAccountSchema),
      },
    },
    async (request) =>
      ok(await staff.resetPassword(staffActor(request), request.body), StaffMessages.passwordReset),
  );

  app.post(
    AdminPaths.staffResetTotp,
    {
      onRequest: app.staffGuard(Permission.staffManage),
      schema: {
        tags,
        summary: '重置员工两步验证',
        description: '清除该员工的两步验证（手机丢失时）；令牌全部失效，下次登录重新设置。',
        security: staffSecurity,
        body: staffIdRequestSchema,
        response: responses(staffAccountSchema),
      },
    },
    async (request) => ok(await staff.resetTotp(staffActor(request), request.body), StaffMessages.totpReset),
  );
};
